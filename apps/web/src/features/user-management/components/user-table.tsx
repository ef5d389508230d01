import {
  USER_SORT_COLUMNS,
  type ManagedUser,
  type UserDataTable,
  type UserSortColumn,
} from '@formloop/contracts';
import { PAGE_SIZES } from '@formloop/domain';
import Empty from 'antd/es/empty';
import Table, { type ColumnsType, type TableProps } from 'antd/es/table';
import type { SortOrder, SorterResult } from 'antd/es/table/interface';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { useKindName } from '../messages.ts';

export interface UserSort {
  column: UserSortColumn;
  dir: 'asc' | 'desc';
}
export const DEFAULT_USER_SORT: UserSort = { column: 'username', dir: 'asc' };

export const userDetailPath = (id: string) => `/settings/user-detail?id=${encodeURIComponent(id)}`;

export interface UserTableProps {
  data: UserDataTable | undefined;
  loading: boolean;
  page: number;
  length: number;
  sort: UserSort;
  onPage: (page: number, length: number) => void;
  onSort: (sort: UserSort) => void;
  actions: (user: ManagedUser) => ReactNode;
}

const SORTABLE: readonly string[] = USER_SORT_COLUMNS;

/** The server-side user table: paging and sorting are requests, not client-side work. */
export function UserTable(props: UserTableProps) {
  const { t } = useTranslation('userManagement');
  const kindName = useKindName();
  const order = (column: UserSortColumn): SortOrder =>
    props.sort.column === column ? (props.sort.dir === 'asc' ? 'ascend' : 'descend') : null;
  const sortable = (column: UserSortColumn) => ({
    key: column,
    sorter: true,
    sortOrder: order(column),
  });

  const columns: ColumnsType<ManagedUser> = [
    {
      ...sortable('username'),
      title: t('fields.username'),
      dataIndex: 'username',
      render: (value: string, user) => <Link to={userDetailPath(user.id)}>{value}</Link>,
    },
    { ...sortable('fullname'), title: t('fields.fullname'), dataIndex: 'fullname' },
    { ...sortable('email'), title: t('fields.email'), dataIndex: 'email', ellipsis: true },
    {
      ...sortable('user_kind'),
      title: t('fields.licence'),
      dataIndex: 'user_kind',
      render: (_: unknown, user) => kindName(user.user_kind),
    },
    {
      ...sortable('is_active'),
      title: t('fields.status'),
      dataIndex: 'is_active',
      render: (active: boolean) =>
        active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    {
      key: 'two_factor_enabled',
      title: t('fields.twoFactor'),
      dataIndex: 'two_factor_enabled',
      render: (on: boolean) => (on ? t('twoFactor.on') : t('twoFactor.off')),
    },
    {
      ...sortable('created_at'),
      title: t('fields.createdAt'),
      dataIndex: 'created_at',
      render: (value: string) => <span title={value}>{formatDate(value, 'date')}</span>,
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 80,
      render: (_: unknown, user) => props.actions(user),
    },
  ];

  const onChange: TableProps<ManagedUser>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ManagedUser> | undefined;
      const key = String(one?.columnKey ?? '');
      // Clearing a sort falls back to the default: by user name.
      props.onSort(
        one?.order && SORTABLE.includes(key)
          ? { column: key as UserSortColumn, dir: one.order === 'ascend' ? 'asc' : 'desc' }
          : DEFAULT_USER_SORT,
      );
      return;
    }
    const length = pagination.pageSize ?? props.length;
    // A new page size starts again at page 1, so the user is never left past the end.
    props.onPage(length === props.length ? (pagination.current ?? 1) : 1, length);
  };

  return (
    <Table<ManagedUser>
      data-testid="user-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.data?.records ?? []}
      loading={props.loading}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('empty')} /> }}
      pagination={{
        current: props.page,
        pageSize: props.length,
        total: props.data?.recordsFiltered ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('total', { total }),
      }}
    />
  );
}
