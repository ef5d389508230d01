import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import type { TeamRecord, TeamSortColumn } from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, type PageSize } from '@formloop/domain';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useDeleteTeam, useTeamTable } from '../api.ts';
import { failureReason, useTeamMessages } from '../messages.ts';
import { TeamFormModal } from './team-form-modal.tsx';
import { DEFAULT_TEAM_ORDER, SORTABLE_TEAM_COLUMNS, TeamTable } from './team-table.tsx';

/** /settings/team-management: the teams table with search, paging, sorting, create and delete. */
export function TeamListView() {
  const { t } = useTranslation('teams');
  const { token } = theme.useToken();
  const { text, translate } = useTeamMessages();
  const toast = useToast();
  const [search, setSearch] = useState('');
  // Spec §9: searches wait 500 ms after the last key before asking the server.
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useServerTable<TeamSortColumn, PageSize>({
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    // Clearing a sort falls back to the default: by name.
    defaultOrders: [DEFAULT_TEAM_ORDER],
    sortable: SORTABLE_TEAM_COLUMNS,
  });
  const [creating, setCreating] = useState(false);
  const { page, setPage, firstPage } = paging;
  const table = useTeamTable({ page, length: paging.length, orders: paging.orders, search: settledSearch });
  const remove = useDeleteTeam();

  // A new search starts at the first page.
  useEffect(() => firstPage(), [settledSearch, firstPage]);

  const onDelete = (team: TeamRecord) =>
    remove.mutate(team.id, {
      onSuccess: () => {
        toast.success(text('teamDeleted'));
        // Deleting the last row of a page leaves the user on the page before it.
        if (table.data?.records.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => toast.error(failureReason(error, translate, text('teamDeleteFailed'))),
    });

  let content;
  if (table.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (table.isError && !table.data) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void table.refetch()} />
    );
  } else {
    content = (
      <TeamTable
        data={table.data}
        loading={table.isFetching || remove.isPending}
        paging={paging}
        searching={settledSearch !== ''}
        onDelete={onDelete}
      />
    );
  }

  return (
    <div style={{ padding: token.paddingLG }} data-testid="team-list-page">
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('add')}
        </Button>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchLabel')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 360, marginBottom: token.marginMD }}
      />
      {content}
      <TeamFormModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
