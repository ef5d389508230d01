import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { PAGE_SIZES } from '@formloop/domain';
import type { TeamDataTable, TeamOrder, TeamRecord, TeamSortColumn } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType, type TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { teamDetailHref, userDetailHref } from '../paths.ts';

export const DEFAULT_TEAM_ORDER: TeamOrder = { column: 'team_name', dir: 'asc' };
const SORTABLE: readonly string[] = ['team_name', 'member_count', 'created_at'];

export interface TeamTableProps {
  data: TeamDataTable | undefined;
  loading: boolean;
  page: number;
  length: number;
  sort: TeamOrder;
  /** True when a search is active: the empty state says nothing matched rather than "no teams". */
  searching: boolean;
  onPage: (page: number, length: number) => void;
  onSort: (sort: TeamOrder) => void;
  onDelete: (team: TeamRecord) => void;
}

/** The server-side teams table: paging and sorting are requests, not client-side work. */
export function TeamTable(props: TeamTableProps) {
  const { t } = useTranslation('teams');
  const { preference } = useOrganizationPreference();
  const order = (column: TeamSortColumn) =>
    props.sort.column === column ? (props.sort.dir === 'asc' ? 'ascend' : 'descend') : null;

  const columns: ColumnsType<TeamRecord> = [
    {
      key: 'team_name',
      title: t('columns.name'),
      sorter: true,
      sortOrder: order('team_name'),
      render: (_: unknown, team) => <Link to={teamDetailHref(team.id)}>{team.team_name}</Link>,
    },
    {
      key: 'description',
      title: t('columns.description'),
      dataIndex: 'description',
      ellipsis: true,
    },
    {
      key: 'lead',
      title: t('columns.lead'),
      render: (_: unknown, team) =>
        team.lead ? <Link to={userDetailHref(team.lead.id)}>{team.lead.fullname}</Link> : t('noLead'),
    },
    {
      key: 'member_count',
      title: t('columns.members'),
      dataIndex: 'member_count',
      align: 'right',
      sorter: true,
      sortOrder: order('member_count'),
    },
    {
      key: 'created_at',
      title: t('columns.createdAt'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: order('created_at'),
      render: (value: string) => formatDate(value, 'datetime', preference),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 100,
      render: (_: unknown, team) => (
        <Popconfirm
          title={t('confirmDelete.title', { name: team.team_name })}
          description={t('confirmDelete.description')}
          okText={t('confirmDelete.ok')}
          cancelText={t('confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => props.onDelete(team)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('actions.delete', { name: team.team_name })}
          />
        </Popconfirm>
      ),
    },
  ];

  const onChange: TableProps<TeamRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TeamRecord> | undefined;
      const key = String(one?.columnKey ?? '');
      // Clearing a sort falls back to the default: by name.
      props.onSort(
        one?.order && SORTABLE.includes(key)
          ? { column: key as TeamSortColumn, dir: one.order === 'ascend' ? 'asc' : 'desc' }
          : DEFAULT_TEAM_ORDER,
      );
      return;
    }
    const length = pagination.pageSize ?? props.length;
    // A new page size starts again at page 1, so the user is never left past the end.
    props.onPage(length === props.length ? (pagination.current ?? 1) : 1, length);
  };

  return (
    <Table<TeamRecord>
      data-testid="team-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.data?.records ?? []}
      loading={props.loading}
      onChange={onChange}
      locale={{ emptyText: <Empty description={t(props.searching ? 'noMatches' : 'empty')} /> }}
      pagination={{
        current: props.page,
        pageSize: props.length,
        total: props.data?.recordsFiltered ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('total', { count: total }),
      }}
    />
  );
}
