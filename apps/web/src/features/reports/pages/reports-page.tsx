import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import {
  REPORT_LIST_SCOPES,
  REPORT_SORT_COLUMNS,
  type ReportListItem,
  type ReportListScope,
} from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, type PageSize } from '@formloop/domain';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useCopyReport, useDeleteReport, useFavouriteReport, useReportTable } from '../api.ts';
import { ReportListTable } from '../components/report-list-table.tsx';
import { failureReason, REPORTS_NAMESPACE, useReportMessages } from '../messages.ts';
import { reportDesignerHref } from '../paths.ts';

type SortColumn = (typeof REPORT_SORT_COLUMNS)[number];
const DEFAULT_ORDER = { column: 'modified_on' as SortColumn, dir: 'desc' as const };

/** /reports (spec §2): the reports the user may open, with search, scope, category and favourites. */
export function ReportsPage() {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const { text, translate } = useReportMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<ReportListScope>('all');
  const [category, setCategory] = useState<string | undefined>(undefined);
  // Spec §9: searches wait 500 ms after the last key before asking the server.
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useServerTable<SortColumn, PageSize>({
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    defaultOrders: [DEFAULT_ORDER],
    sortable: REPORT_SORT_COLUMNS,
  });
  const { page, setPage, firstPage } = paging;
  const table = useReportTable({
    page,
    length: paging.length,
    orders: paging.orders,
    search: settledSearch,
    scope,
    ...(category !== undefined ? { category } : {}),
  });
  const favourite = useFavouriteReport();
  const copy = useCopyReport();
  const remove = useDeleteReport();

  // A new search, scope or category starts at the first page.
  useEffect(() => firstPage(), [settledSearch, scope, category, firstPage]);

  const newReport = () => void navigate(reportDesignerHref());
  const onFavourite = (report: ReportListItem) =>
    favourite.mutate(
      { id: report.id, isFavourite: !report.isFavourite },
      { onError: (error) => toast.error(failureReason(error, translate, t('list.favouriteFailed'))) },
    );
  const onCopy = (report: ReportListItem) =>
    copy.mutate(report.id, {
      onSuccess: () => toast.success(text('copied')),
      onError: (error) => toast.error(failureReason(error, translate, t('list.copyFailed'))),
    });
  const onDelete = (report: ReportListItem) =>
    remove.mutate(report.id, {
      onSuccess: () => {
        toast.success(text('deleted'));
        // Deleting the last row of a page leaves the user on the page before it.
        if (table.data?.data.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => toast.error(failureReason(error, translate, t('list.deleteFailed'))),
    });

  let content;
  if (table.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (table.isError && !table.data) {
    content = (
      <LoadFailedAlert
        title={t('list.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void table.refetch()}
      />
    );
  } else {
    content = (
      <ReportListTable
        data={table.data}
        loading={table.isFetching || remove.isPending || copy.isPending}
        paging={paging}
        narrowed={settledSearch !== '' || scope !== 'all' || category !== undefined}
        emptyAction={
          <Button type="primary" onClick={newReport}>
            {t('list.new')}
          </Button>
        }
        onFavourite={onFavourite}
        onCopy={onCopy}
        onDelete={onDelete}
      />
    );
  }

  const categories = table.data?.categories ?? [];
  return (
    <div style={{ padding: token.paddingLG, minWidth: 0 }} data-testid="reports-page">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.margin,
        }}
      >
        <h2 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('list.title')}</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={newReport}>
          {t('list.new')}
        </Button>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('list.intro')}</p>
      <Tabs
        activeKey={scope}
        onChange={(key) => setScope(key as ReportListScope)}
        items={REPORT_LIST_SCOPES.map((key) => ({ key, label: t(`list.scopes.${key}`) }))}
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.marginMD }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchLabel')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Select
          allowClear
          aria-label={t('list.categoryLabel')}
          placeholder={t('list.allCategories')}
          value={category}
          onChange={(value?: string) => setCategory(value || undefined)}
          options={categories.filter(Boolean).map((one) => ({ value: one, label: one }))}
          style={{ flex: '1 1 180px', maxWidth: 240 }}
        />
      </div>
      {content}
    </div>
  );
}

export default ReportsPage;
