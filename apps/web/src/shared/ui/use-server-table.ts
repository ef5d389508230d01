import type { TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { useCallback, useState } from 'react';

/** One sort of a server-side table request ({column, dir}, as the data table requests send it). */
export interface ServerOrder<Column extends string = string> {
  column: Column;
  dir: 'asc' | 'desc';
}

export interface ServerTableOptions<Column extends string = string, Size extends number = number> {
  pageSize: NoInfer<Size>;
  pageSizes: readonly NoInfer<Size>[];
  orders?: ServerOrder<Column>[];
  /** The sort when none is chosen: clearing a sort falls back to it. Default: no sort. */
  defaultOrders?: ServerOrder<Column>[];
  /** The columns the server sorts by; a sort on any other column falls back to defaultOrders. */
  sortable?: readonly Column[];
}

const NO_ORDERS: never[] = [];

/**
 * Paging and sorting of an antd Table whose rows the server pages and sorts: the state a request
 * needs (1-based page, page size, orders) and the Table's onChange, pagination and sortOrder
 * props that drive it. A new sort or page size starts again at page 1, so nobody is left past the end.
 */
export function useServerTable<Column extends string = string, Size extends number = number>({
  pageSize,
  pageSizes,
  defaultOrders = NO_ORDERS,
  orders: initialOrders = defaultOrders,
  sortable,
}: ServerTableOptions<Column, Size>) {
  const [page, setPage] = useState(1);
  const [length, setLength] = useState<Size>(pageSize);
  const [orders, setOrders] = useState<ServerOrder<Column>[]>(initialOrders);

  // Generic in the row type, so it fits the onChange of any Table.
  const onChange = useCallback(
    <Row>(
      pagination: TablePaginationConfig,
      _filters: unknown,
      sorter: SorterResult<Row> | SorterResult<Row>[],
      extra: TableCurrentDataSource<Row>,
    ) => {
      if (extra.action === 'sort') {
        const sorts = Array.isArray(sorter) ? sorter : [sorter];
        const chosen = sorts
          .filter((one) => one.order && one.columnKey !== undefined)
          .filter((one) => !sortable || sortable.includes(String(one.columnKey) as Column))
          .map((one): ServerOrder<Column> => ({
            column: String(one.columnKey) as Column,
            dir: one.order === 'ascend' ? 'asc' : 'desc',
          }));
        setOrders(chosen.length > 0 ? chosen : defaultOrders);
        setPage(1);
        return;
      }
      if (extra.action !== 'paginate') return;
      // Only the offered sizes (the request's schema allows no other).
      const nextLength = pageSizes.find((size) => size === pagination.pageSize) ?? length;
      setLength(nextLength);
      setPage(nextLength === length ? (pagination.current ?? 1) : 1);
    },
    [length, pageSizes, sortable, defaultOrders],
  );

  /** The antd sortOrder of a column from the current orders. */
  const sortOrderOf = useCallback(
    (key: string): 'ascend' | 'descend' | null => {
      const order = orders.find((one) => one.column === key);
      return order ? (order.dir === 'asc' ? 'ascend' : 'descend') : null;
    },
    [orders],
  );

  const pagination = (total: number, extra: TablePaginationConfig = {}): TablePaginationConfig => ({
    current: page,
    pageSize: length,
    total,
    showSizeChanger: true,
    pageSizeOptions: pageSizes.map(String),
    ...extra,
  });

  const changeLength = useCallback((next: Size) => {
    setLength(next);
    setPage(1);
  }, []);
  const changeOrders = useCallback((next: ServerOrder<Column>[]) => {
    setOrders(next);
    setPage(1);
  }, []);
  const firstPage = useCallback(() => setPage(1), []);

  return {
    page,
    length,
    orders,
    setPage,
    /** Sets the page size and starts again at page 1. */
    setLength: changeLength,
    /** Sets the sort and starts again at page 1. */
    setOrders: changeOrders,
    /** Back to page 1, e.g. after the search or filters changed. */
    firstPage,
    onChange,
    sortOrderOf,
    pagination,
  };
}
