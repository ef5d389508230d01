import type { AuditDataTable, AuditRecord, AuditSortColumn } from '@formloop/contracts';
import Empty from 'antd/es/empty';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ServerTable, type ServerTableState } from '../../../shared/ui/server-table.tsx';
import { formatAuditTime } from '../format.ts';

export interface AuditSort {
  column: AuditSortColumn;
  dir: 'asc' | 'desc';
}

export interface AuditTableProps {
  data: AuditDataTable | undefined;
  loading: boolean;
  /** Paging and sorting (useServerTable). */
  paging: ServerTableState;
  onOpen: (record: AuditRecord) => void;
}

export const AUDIT_SORTABLE: readonly AuditSortColumn[] = ['created_at', 'entity', 'action', 'user'];
export const DEFAULT_AUDIT_SORT: AuditSort = { column: 'created_at', dir: 'desc' };

/** The server-side audit table: paging and sorting are requests, not client-side work. */
export function AuditTable(props: AuditTableProps) {
  const { t } = useTranslation('auditTrail');

  const columns: ColumnsType<AuditRecord> = [
    {
      key: 'created_at',
      title: t('columns.createdAt'),
      dataIndex: 'created_at',
      sorter: true,
      // The exact instant stays one hover away: audit readers compare events seconds apart.
      render: (value: string) => <span title={value}>{formatAuditTime(value)}</span>,
    },
    {
      key: 'user',
      title: t('columns.user'),
      sorter: true,
      render: (_: unknown, record) =>
        record.username === null ? (
          <em>{t('systemUser')}</em>
        ) : (
          <span title={record.username}>{record.fullname ?? record.username}</span>
        ),
    },
    {
      key: 'entity',
      title: t('columns.entity'),
      dataIndex: 'entity',
      sorter: true,
    },
    { key: 'entity_id', title: t('columns.entityId'), dataIndex: 'entity_id', ellipsis: true },
    {
      key: 'action',
      title: t('columns.action'),
      dataIndex: 'action',
      sorter: true,
    },
  ];

  return (
    <ServerTable<AuditRecord>
      data-testid="audit-table"
      rowKey="id"
      size="middle"
      table={props.paging}
      columns={columns}
      rows={props.data?.records}
      total={props.data?.recordsFiltered ?? 0}
      loading={props.loading}
      locale={{ emptyText: <Empty description={t('empty')} /> }}
      showTotal={(total) =>
        // Past 100,000 rows the server counts with the planner's estimate and says so.
        t(props.data?.estimated ? 'totalEstimated' : 'total', { count: total })
      }
      onRow={(record) => ({
        onClick: () => props.onOpen(record),
        onKeyDown: (event) => {
          if (event.key === 'Enter') props.onOpen(record);
        },
        tabIndex: 0,
        style: { cursor: 'pointer' },
        'aria-label': t('openEntry', { entity: record.entity, action: record.action }),
      })}
    />
  );
}
