import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import {
  QUICK_LAUNCH_MAX,
  type QuickLaunchApp,
  type QuickLaunchAppSortColumn,
  type QuickLaunchTile,
} from '@formloop/contracts';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  validateSearch,
  type PageSize,
} from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { ServerTable } from '../../../shared/ui/server-table.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useChangeQuickLaunch, useQuickLaunchApps } from '../api.ts';
import { useDashboardMessages } from '../messages.ts';

const DEFAULT_ORDER = { column: 'display_name', dir: 'asc' } as const;
const SORTABLE: readonly QuickLaunchAppSortColumn[] = ['display_name', 'category_name'];

/**
 * "Add apps": the apps the user may add (quicklaunchapps/datatables), searched and paged by the
 * server; Add puts one after the last tile at once.
 */
export function AddAppsModal({
  open,
  tiles,
  onClose,
}: {
  open: boolean;
  tiles: readonly QuickLaunchTile[];
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { text, reason, translate } = useDashboardMessages();
  const toast = useToast();
  const { set } = useChangeQuickLaunch();
  const [searchText, setSearchText] = useState('');
  const typed = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [search, setSearch] = useState('');
  const searchProblem = validateSearch(searchText);
  const paging = useServerTable<QuickLaunchAppSortColumn, PageSize>({
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    defaultOrders: [DEFAULT_ORDER],
    sortable: SORTABLE,
  });
  const { firstPage } = paging;

  // Spec §5: the search goes out 500 ms after typing stops, and only when it is allowed.
  useEffect(() => {
    if (validateSearch(typed) !== null) return;
    setSearch(typed);
    firstPage();
  }, [typed, firstPage]);

  const apps = useQuickLaunchApps(
    { page: paging.page, length: paging.length, orders: paging.orders, search },
    open,
  );
  const pinned = useMemo(() => new Set(tiles.map((tile) => tile.id)), [tiles]);
  const full = tiles.length >= QUICK_LAUNCH_MAX;

  const add = (app: QuickLaunchApp) =>
    set.mutate(
      [
        ...tiles,
        {
          id: app.id,
          display_name: app.display_name,
          app_icon: app.app_icon,
          category_icon: app.category_icon,
          order_index: tiles.length,
          is_published: true,
        },
      ],
      {
        onSuccess: () => toast.success(t('quickLaunch.added', { name: app.display_name })),
        onError: (error) => toast.error(reason(error, text('saveFailed'))),
      },
    );

  const columns: ColumnsType<QuickLaunchApp> = [
    {
      key: 'display_name',
      title: t('addApps.name'),
      sorter: true,
      render: (_, app) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
          <MenuIcon name={app.app_icon ?? app.category_icon} />
          <span>
            <span>{app.display_name}</span>
            {app.module_description ? (
              <span style={{ display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                {app.module_description}
              </span>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      key: 'category_name',
      title: t('addApps.group'),
      sorter: true,
      render: (_, app) => app.category_name ?? '',
    },
    {
      key: 'action',
      title: t('addApps.action'),
      align: 'right',
      render: (_, app) => {
        const added = pinned.has(app.id);
        return (
          <Button
            size="small"
            type={added ? 'text' : 'primary'}
            disabled={added || full || set.isPending}
            aria-label={
              added
                ? t('addApps.addedLabel', { name: app.display_name })
                : t('addApps.addLabel', { name: app.display_name })
            }
            onClick={() => add(app)}
          >
            {added ? t('addApps.added') : t('addApps.add')}
          </Button>
        );
      },
    },
  ];

  let body;
  if (apps.isError && !apps.data) {
    body = (
      <LoadFailedAlert
        title={t('addApps.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void apps.refetch()}
      />
    );
  } else {
    body = (
      <ServerTable<QuickLaunchApp>
        table={paging}
        columns={columns}
        rows={apps.data?.records}
        total={apps.data?.recordsFiltered ?? 0}
        rowKey="id"
        size="small"
        loading={apps.isFetching}
        showTotal={(total) => t('addApps.total', { count: total })}
        locale={{ emptyText: search ? t('addApps.noMatch') : t('addApps.empty') }}
      />
    );
  }

  return (
    <Modal
      open={open}
      title={t('addApps.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('addApps.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <p style={{ color: token.colorTextSecondary }}>{t('addApps.hint')}</p>
      {full ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: token.marginSM }}
          title={t('quickLaunch.full', { max: QUICK_LAUNCH_MAX })}
        />
      ) : null}
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('addApps.searchPlaceholder')}
        aria-label={t('addApps.searchLabel')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        status={searchProblem ? 'error' : undefined}
        style={{ maxWidth: 360 }}
      />
      <div
        role="alert"
        style={{ color: token.colorError, minHeight: token.marginMD, marginBottom: token.marginXS }}
      >
        {searchProblem ? translate(searchProblem) : null}
      </div>
      {body}
    </Modal>
  );
}
