import type { ManagedUser, UserDataTable, UserSortColumn } from '@formloop/contracts';
import Empty from 'antd/es/empty';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { ServerTable, type ServerTableState } from '../../../shared/ui/server-table.tsx';
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
  /** Paging and sorting (useServerTable). */
  paging: ServerTableState;
  actions: (user: ManagedUser) => ReactNode;
}

/** The server-side user table: paging and sorting are requests, not client-side work. */
export function UserTable(props: UserTableProps) {
  const { t } = useTranslation('userManagement');
  const kindName = useKindName();
  const sortable = (column: UserSortColumn) => ({ key: column, sorter: true });

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

  return (
    <ServerTable<ManagedUser>
      data-testid="user-table"
      rowKey="id"
      size="middle"
      table={props.paging}
      columns={columns}
      rows={props.data?.records}
      total={props.data?.recordsFiltered ?? 0}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('empty')} /> }}
      showTotal={(total) => t('total', { total })}
    />
  );
}
