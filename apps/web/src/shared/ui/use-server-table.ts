import type { TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { useCallback, useState } from 'react';

/** One sort of a server-side table request ({column, dir}, as the data table requests send it). */
export interface ServerOrder {
  column: string;
  dir: 'asc' | 'desc';
}

export interface ServerTableOptions {
  pageSize: number;
  pageSizes: readonly number[];
  orders?: ServerOrder[];
}

/**
 * Paging and sorting of an antd Table whose rows the server pages and sorts: the state a request
 * needs (1-based page, page size, orders) and the Table's onChange, pagination and sortOrder
 * props that drive it. A new sort or page size starts again at page 1, so nobody is left past the end.
 */
export function useServerTable({ pageSize, pageSizes, orders: initialOrders = [] }: ServerTableOptions) {
  const [page, setPage] = useState(1);
  const [length, setLength] = useState(pageSize);
  const [orders, setOrders] = useState<ServerOrder[]>(initialOrders);

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
        setOrders(
          sorts
            .filter((one) => one.order && one.columnKey !== undefined)
            .map((one) => ({ column: String(one.columnKey), dir: one.order === 'ascend' ? 'asc' : 'desc' })),
        );
        setPage(1);
        return;
      }
      if (extra.action !== 'paginate') return;
      const nextLength = pagination.pageSize ?? length;
      setLength(nextLength);
      setPage(nextLength === length ? (pagination.current ?? 1) : 1);
    },
    [length],
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

  const changeLength = useCallback((next: number) => {
    setLength(next);
    setPage(1);
  }, []);
  const changeOrders = useCallback((next: ServerOrder[]) => {
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
