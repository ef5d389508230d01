import Table, { type ColumnsType, type TableProps } from 'antd/es/table';
import type { TablePaginationConfig } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { useServerTable } from './use-server-table.ts';

/** What the table needs of useServerTable's state (any column and page size types). */
export type ServerTableState = Pick<
  ReturnType<typeof useServerTable>,
  'onChange' | 'sortOrderOf' | 'pagination'
>;

export interface ServerTableProps<Row extends object> extends Omit<
  TableProps<Row>,
  'columns' | 'dataSource' | 'onChange' | 'pagination'
> {
  /** The paging and sorting state from useServerTable. */
  table: ServerTableState;
  columns: ColumnsType<Row>;
  /** The current page's rows (undefined while the first page loads). */
  rows: readonly Row[] | undefined;
  /** How many rows match: the pager's total (recordsFiltered). */
  total: number;
  showTotal?: TablePaginationConfig['showTotal'];
  /** Further pager settings (e.g. hideOnSinglePage). */
  paginationExtra?: TablePaginationConfig;
}

/**
 * An antd Table whose rows the server pages and sorts (the admin lists: users, teams, audit trail,
 * process engine): the pager and the sort arrows follow useServerTable's state, a page or sort
 * change updates it. A column with `sorter` and a `key` shows its sort from that state, unless it
 * sets `sortOrder` itself.
 */
export function ServerTable<Row extends object>({
  table,
  columns,
  rows,
  total,
  showTotal,
  paginationExtra,
  ...rest
}: ServerTableProps<Row>): ReactNode {
  const withSort = columns.map((column) =>
    column.sorter && column.key !== undefined && !('sortOrder' in column)
      ? { ...column, sortOrder: table.sortOrderOf(String(column.key)) }
      : column,
  );
  return (
    <Table<Row>
      {...rest}
      columns={withSort}
      dataSource={rows ?? []}
      onChange={table.onChange}
      pagination={table.pagination(total, { ...(showTotal ? { showTotal } : {}), ...paginationExtra })}
    />
  );
}
