import PauseCircleOutlined from '@ant-design/icons/es/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import type { ScheduleDataTable, ScheduleRow } from '@formloop/contracts';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType, type TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { describePreset, presetOf } from '../lib/cron-presets.ts';
import { SCHEDULER_NAMESPACE } from '../messages.ts';
import { scheduleEditorPath } from '../paths.ts';
import { ScheduleStatusTag } from './schedule-status-tag.tsx';

type Order = { column: string; dir: 'asc' | 'desc' };

export interface ScheduleTableProps {
  moduleId: string;
  data: ScheduleDataTable | undefined;
  loading: boolean;
  pagination: TablePaginationConfig;
  sortOrderOf(key: string): 'ascend' | 'descend' | null;
  onChange(
    pagination: TablePaginationConfig,
    filters: unknown,
    sorter: SorterResult<ScheduleRow> | SorterResult<ScheduleRow>[],
    extra: TableCurrentDataSource<ScheduleRow>,
  ): void;
  /** The schedule whose pause/resume or delete is running. */
  busyId?: string;
  onSetStatus(row: ScheduleRow, status: ScheduleRow['status']): void;
  onDelete(row: ScheduleRow): void;
  empty: ReactNode;
}

export type { Order as ScheduleOrder };

const NO_ROWS: ScheduleRow[] = [];

/** The app's schedules: name (opens it), cron in words, next and last run, status, pause/resume, delete. */
export function ScheduleTable(props: ScheduleTableProps) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { preference } = useOrganizationPreference();
  const { moduleId, sortOrderOf, busyId, onSetStatus, onDelete } = props;

  const columns = useMemo<ColumnsType<ScheduleRow>>(() => {
    const when = (value: string | null) =>
      value ? <time dateTime={value}>{formatDate(value, 'datetime', preference)}</time> : '—';
    return [
      {
        key: 'name',
        dataIndex: 'name',
        title: t('columns.name'),
        sorter: true,
        sortOrder: sortOrderOf('name'),
        render: (_value, row) => <Link to={scheduleEditorPath(moduleId, row.schedule_id)}>{row.name}</Link>,
      },
      {
        key: 'cron',
        title: t('columns.cron'),
        render: (_value, row) => {
          const described = describePreset(presetOf(row.cron));
          return (
            <span>
              <code>{row.cron}</code>
              {described ? <div>{t(described.key, described.values)}</div> : null}
              <div style={{ opacity: 0.65 }}>{row.time_zone}</div>
            </span>
          );
        },
      },
      {
        key: 'next_run_at',
        title: t('columns.nextRun'),
        sorter: true,
        sortOrder: sortOrderOf('next_run_at'),
        render: (_value, row) => when(row.next_run_at),
      },
      {
        key: 'last_run_at',
        title: t('columns.lastRun'),
        sorter: true,
        sortOrder: sortOrderOf('last_run_at'),
        render: (_value, row) => when(row.last_run_at),
      },
      {
        key: 'status',
        title: t('columns.status'),
        sorter: true,
        sortOrder: sortOrderOf('status'),
        render: (_value, row) => <ScheduleStatusTag status={row.status} />,
      },
      {
        key: 'actions',
        title: t('columns.actions'),
        width: 120,
        render: (_value, row) => {
          const busy = busyId === row.schedule_id;
          const pausing = row.status === 'active';
          return (
            <span style={{ display: 'inline-flex', gap: 4 }}>
              <Button
                size="small"
                loading={busy}
                icon={pausing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                aria-label={t(pausing ? 'actions.pauseOne' : 'actions.resumeOne', { name: row.name })}
                title={t(pausing ? 'actions.pause' : 'actions.resume')}
                onClick={() => onSetStatus(row, pausing ? 'paused' : 'active')}
              />
              <Popconfirm
                title={t('confirmDelete.title', { name: row.name })}
                description={t('confirmDelete.description')}
                okText={t('confirmDelete.ok')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(row)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.deleteOne', { name: row.name })}
                  title={t('actions.delete')}
                />
              </Popconfirm>
            </span>
          );
        },
      },
    ];
  }, [t, preference, moduleId, sortOrderOf, busyId, onSetStatus, onDelete]);

  return (
    <Table<ScheduleRow>
      rowKey="schedule_id"
      size="middle"
      columns={columns}
      dataSource={props.data?.data ?? NO_ROWS}
      loading={props.loading}
      pagination={props.pagination}
      onChange={props.onChange}
      locale={{ emptyText: props.empty }}
      scroll={{ x: 'max-content' }}
    />
  );
}
