import {
  AUDIT_PAGE_SIZES,
  type AuditDataTable,
  type AuditRecord,
  type AuditSortColumn,
} from '@formloop/contracts';
import Empty from 'antd/es/empty';
import Table, { type ColumnsType, type TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatAuditTime } from '../format.ts';

export interface AuditSort {
  column: AuditSortColumn;
  dir: 'asc' | 'desc';
}

export interface AuditTableProps {
  data: AuditDataTable | undefined;
  loading: boolean;
  page: number;
  length: number;
  sort: AuditSort;
  onPage: (page: number, length: number) => void;
  onSort: (sort: AuditSort) => void;
  onOpen: (record: AuditRecord) => void;
}

const SORTABLE: readonly string[] = ['created_at', 'entity', 'action', 'user'];

/** The server-side audit table: paging and sorting are requests, not client-side work. */
export function AuditTable(props: AuditTableProps) {
  const { t } = useTranslation('auditTrail');
  const order = (column: AuditSortColumn) =>
    props.sort.column === column ? (props.sort.dir === 'asc' ? 'ascend' : 'descend') : null;

  const columns: ColumnsType<AuditRecord> = [
    {
      key: 'created_at',
      title: t('columns.createdAt'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: order('created_at'),
      // The exact instant stays one hover away: audit readers compare events seconds apart.
      render: (value: string) => <span title={value}>{formatAuditTime(value)}</span>,
    },
    {
      key: 'user',
      title: t('columns.user'),
      sorter: true,
      sortOrder: order('user'),
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
      sortOrder: order('entity'),
    },
    { key: 'entity_id', title: t('columns.entityId'), dataIndex: 'entity_id', ellipsis: true },
    {
      key: 'action',
      title: t('columns.action'),
      dataIndex: 'action',
      sorter: true,
      sortOrder: order('action'),
    },
  ];

  const onChange: TableProps<AuditRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<AuditRecord> | undefined;
      const key = String(one?.columnKey ?? '');
      // Clearing a sort falls back to the default: newest first.
      if (one?.order && SORTABLE.includes(key)) {
        props.onSort({ column: key as AuditSortColumn, dir: one.order === 'ascend' ? 'asc' : 'desc' });
      } else {
        props.onSort({ column: 'created_at', dir: 'desc' });
      }
      return;
    }
    const length = pagination.pageSize ?? props.length;
    // A new page size starts again at page 1, so the user is never left past the end.
    props.onPage(length === props.length ? (pagination.current ?? 1) : 1, length);
  };

  return (
    <Table<AuditRecord>
      data-testid="audit-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.data?.records ?? []}
      loading={props.loading}
      onChange={onChange}
      locale={{ emptyText: <Empty description={t('empty')} /> }}
      pagination={{
        current: props.page,
        pageSize: props.length,
        total: props.data?.recordsFiltered ?? 0,
        showSizeChanger: true,
        pageSizeOptions: AUDIT_PAGE_SIZES.map(String),
        showTotal: (total) =>
          // Past 100,000 rows the server counts with the planner's estimate and says so.
          t(props.data?.estimated ? 'totalEstimated' : 'total', { count: total }),
      }}
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
