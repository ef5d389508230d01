import type { TaskDataTable, TaskRow, TaskTab } from '@formloop/contracts';
import { PAGE_SIZES } from '@formloop/domain';
import Table, { type ColumnsType, type TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import Tag from 'antd/es/tag';
import { useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import type { TaskListBody } from '../api.ts';
import { TASKS_NAMESPACE } from '../messages.ts';
import { outcomeText } from './workflow-history.tsx';

type Order = TaskListBody['orders'][number];

export interface TaskTableProps {
  tab: TaskTab;
  data: TaskDataTable | undefined;
  loading: boolean;
  page: number;
  length: number;
  orders: Order[];
  onPage(page: number, length: number): void;
  onSort(orders: Order[]): void;
  /** Row selection for the bulk reassign (settings roles, open tasks only). */
  selection?: { ids: string[]; onChange(ids: string[], rows: TaskRow[]): void };
  onOpen(row: TaskRow): void;
  empty: ReactNode;
}

const NO_ROWS: TaskRow[] = [];
const TYPE_COLORS: Record<string, string> = { Approval: 'blue', UserTask: 'purple', Resubmit: 'orange' };

/** Clicks on the row's own controls (its checkbox) do not open it. */
function isOwnControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return true;
  return target.closest('button, a, input, label, .ant-table-selection-column') !== null;
}

/** One page of tasks (spec §3 task list columns), sorted and paged by the server. */
export function TaskTable(props: TaskTableProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const { preference } = useOrganizationPreference();
  const { tab, orders } = props;

  const columns = useMemo<ColumnsType<TaskRow>>(() => {
    const sortOrder = (key: string) => {
      const order = orders.find((one) => one.column === key);
      return order ? (order.dir === 'asc' ? 'ascend' : 'descend') : null;
    };
    const text = (value: string | null) => <span title={value ?? ''}>{value || '—'}</span>;
    const when = (value: string | null) => {
      const shown = formatDate(value, 'datetime', preference);
      return value ? <time dateTime={value}>{shown}</time> : '—';
    };
    const column = (
      key: keyof TaskRow,
      render: (row: TaskRow) => ReactNode,
      sortable = true,
    ): ColumnsType<TaskRow>[number] => ({
      key,
      title: t(`columns.${key}`),
      sorter: sortable,
      sortOrder: sortable ? sortOrder(key) : undefined,
      ellipsis: true,
      render: (_: unknown, row: TaskRow) => render(row),
    });
    const shown: ColumnsType<TaskRow> = [
      column('display_name', (row) => text(row.display_name)),
      column('activity_title', (row) => text(row.activity_title)),
      column('task_type', (row) => (
        <Tag color={TYPE_COLORS[row.task_type]}>
          {t(`taskTypes.${row.task_type}`, { defaultValue: row.task_type })}
        </Tag>
      )),
      column('assigned_from_user', (row) => text(row.assigned_from_user)),
      column('record_started_by', (row) => text(row.record_started_by)),
      column('started_on', (row) => when(row.started_on)),
    ];
    if (tab === 'completed') {
      shown.push(
        column('completed_on', (row) => when(row.completed_on)),
        column('outcome', (row) => (row.outcome ? outcomeText(t, row.outcome) : '—'), false),
      );
    }
    return shown;
  }, [tab, orders, preference, t]);

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<TaskRow> | SorterResult<TaskRow>[],
    extra: TableCurrentDataSource<TaskRow>,
  ) => {
    if (extra.action === 'sort') {
      const sorts = Array.isArray(sorter) ? sorter : [sorter];
      props.onSort(
        sorts
          .filter((one) => one.order && one.columnKey !== undefined)
          .map((one) => ({ column: String(one.columnKey), dir: one.order === 'ascend' ? 'asc' : 'desc' })),
      );
    } else if (extra.action === 'paginate') {
      const length = pagination.pageSize ?? props.length;
      // A new page size starts again at page 1, so nobody is left past the end.
      props.onPage(length === props.length ? (pagination.current ?? 1) : 1, length);
    }
  };

  const selection = props.selection;
  return (
    <Table<TaskRow>
      data-testid="task-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.data?.data ?? NO_ROWS}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      onChange={onChange}
      locale={{ emptyText: props.empty }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.ids,
              onChange: (keys, rows) => selection.onChange(keys.map(String), rows),
              preserveSelectedRowKeys: false,
            }
          : undefined
      }
      pagination={{
        current: props.page,
        pageSize: props.length,
        total: props.data?.recordsFiltered ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('table.total', { count }),
      }}
      onRow={(row) => ({
        tabIndex: 0,
        style: { cursor: 'pointer' },
        onClick: (event: MouseEvent<HTMLElement>) => {
          if (!isOwnControl(event)) props.onOpen(row);
        },
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) props.onOpen(row);
        },
      })}
    />
  );
}
