import {
  INSTANCE_STATUSES,
  PROCESS_PAGE_SIZES,
  type InstanceList,
  type InstanceStatus,
  type ProcessDefinition,
  type ProcessInstanceRow,
} from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { ServerTable } from '../../../shared/ui/server-table.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useInstances } from '../api.ts';
import { formatInstant, recordHref } from '../format.ts';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';
import { InstanceDrawer } from './instance-drawer.tsx';
import { StatusTag } from './status-tag.tsx';

export interface InstanceFilter {
  status?: InstanceStatus;
  moduleId?: string;
}

type PageSize = (typeof PROCESS_PAGE_SIZES)[number];
const ALL = 'all';

function StatusTabs(props: {
  data: InstanceList | undefined;
  status: InstanceStatus | undefined;
  onChange: (status: InstanceStatus | undefined) => void;
}) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const counts = props.data?.statusCounts;
  // The count is a number beside the label, the same in every language.
  const label = (text: string, count: number | undefined) =>
    count === undefined ? text : `${text} (${count})`;
  const total = counts ? INSTANCE_STATUSES.reduce((sum, status) => sum + counts[status], 0) : undefined;
  return (
    <Tabs
      data-testid="status-tabs"
      activeKey={props.status ?? ALL}
      onChange={(key) => props.onChange(key === ALL ? undefined : (key as InstanceStatus))}
      items={[
        { key: ALL, label: label(t('instances.all'), total) },
        ...INSTANCE_STATUSES.map((status) => ({
          key: status,
          label: label(t(`statuses.${status}`), counts?.[status]),
        })),
      ]}
    />
  );
}

/** Instances by status (tabs with counts), app and record search; a row opens its detail and retry. */
export function InstancesPanel(props: {
  filter: InstanceFilter;
  onFilter: (filter: InstanceFilter) => void;
  definitions: ProcessDefinition[] | undefined;
}) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const { token } = theme.useToken();
  const paging = useServerTable<string, PageSize>({
    pageSize: PROCESS_PAGE_SIZES[0],
    pageSizes: PROCESS_PAGE_SIZES,
  });
  const { page, length } = paging;
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const request = { page, length, search, ...props.filter };
  const query = useInstances(request);
  const filterBy = (next: InstanceFilter) => {
    props.onFilter(next);
    paging.firstPage();
  };

  const columns: ColumnsType<ProcessInstanceRow> = [
    { key: 'app', title: t('instances.columns.app'), dataIndex: 'display_name' },
    {
      key: 'record',
      title: t('instances.columns.record'),
      render: (_: unknown, row) => (
        <Link to={recordHref(row)} title={row.record_id} onClick={(event) => event.stopPropagation()}>
          {row.record_id.slice(0, 8)}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('instances.columns.status'),
      render: (_: unknown, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'activity',
      title: t('instances.columns.activity'),
      render: (_: unknown, row) =>
        row.current_activities.map((activity) => activity.activityName).join(', ') || '—',
    },
    {
      key: 'started',
      title: t('instances.columns.started'),
      render: (_: unknown, row) => formatInstant(row.started_on),
    },
    {
      key: 'ended',
      title: t('instances.columns.ended'),
      render: (_: unknown, row) => formatInstant(row.faulted_on ?? row.finished_on),
    },
  ];

  return (
    <div data-testid="instances-panel">
      <StatusTabs
        data={query.data}
        status={props.filter.status}
        onChange={(status) => filterBy({ ...props.filter, status })}
      />
      <Space wrap style={{ marginBottom: token.marginMD }}>
        <Select
          aria-label={t('instances.app')}
          placeholder={t('instances.allApps')}
          allowClear
          style={{ minWidth: 220 }}
          value={props.filter.moduleId}
          onChange={(moduleId?: string) => filterBy({ ...props.filter, moduleId })}
          options={(props.definitions ?? []).map((definition) => ({
            value: definition.module_id,
            label: definition.display_name,
          }))}
        />
        <Input.Search
          aria-label={t('instances.search')}
          placeholder={t('instances.searchPlaceholder')}
          allowClear
          style={{ width: 280 }}
          onSearch={(value) => {
            setSearch(value.trim());
            paging.firstPage();
          }}
        />
        <Button onClick={() => void query.refetch()}>{t('refresh')}</Button>
      </Space>
      {query.isError ? (
        <div style={{ marginBottom: token.marginMD }}>
          <LoadFailedAlert
            title={t('instances.loadFailed')}
            retryLabel={t('retryLoad')}
            onRetry={() => void query.refetch()}
          />
        </div>
      ) : null}
      <ServerTable<ProcessInstanceRow>
        data-testid="instances-table"
        rowKey="id"
        size="middle"
        table={paging}
        columns={columns}
        rows={query.data?.records}
        total={query.data?.recordsFiltered ?? 0}
        loading={query.isFetching}
        locale={{ emptyText: <Empty description={t('instances.empty')} /> }}
        showTotal={(total) => t(query.data?.estimated ? 'totalEstimated' : 'total', { count: total })}
        onRow={(row) => ({
          onClick: () => setOpenId(row.id),
          onKeyDown: (event) => {
            if (event.key === 'Enter') setOpenId(row.id);
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'aria-label': t('instances.open', { app: row.display_name, status: t(`statuses.${row.status}`) }),
        })}
      />
      <InstanceDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
