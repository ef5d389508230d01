import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import type { TeamDataTable, TeamOrder, TeamRecord, TeamSortColumn } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { ServerTable, type ServerTableState } from '../../../shared/ui/server-table.tsx';
import { teamDetailHref, userDetailHref } from '../paths.ts';

export const DEFAULT_TEAM_ORDER: TeamOrder = { column: 'team_name', dir: 'asc' };
export const SORTABLE_TEAM_COLUMNS: readonly TeamSortColumn[] = ['team_name', 'member_count', 'created_at'];

export interface TeamTableProps {
  data: TeamDataTable | undefined;
  loading: boolean;
  /** Paging and sorting (useServerTable). */
  paging: ServerTableState;
  /** True when a search is active: the empty state says nothing matched rather than "no teams". */
  searching: boolean;
  onDelete: (team: TeamRecord) => void;
}

/** The server-side teams table: paging and sorting are requests, not client-side work. */
export function TeamTable(props: TeamTableProps) {
  const { t } = useTranslation('teams');
  const { preference } = useOrganizationPreference();

  const columns: ColumnsType<TeamRecord> = [
    {
      key: 'team_name',
      title: t('columns.name'),
      sorter: true,
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
    },
    {
      key: 'created_at',
      title: t('columns.createdAt'),
      dataIndex: 'created_at',
      sorter: true,
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

  return (
    <ServerTable<TeamRecord>
      data-testid="team-table"
      rowKey="id"
      size="middle"
      table={props.paging}
      columns={columns}
      rows={props.data?.records}
      total={props.data?.recordsFiltered ?? 0}
      loading={props.loading}
      locale={{ emptyText: <Empty description={t(props.searching ? 'noMatches' : 'empty')} /> }}
      showTotal={(total) => t('total', { count: total })}
    />
  );
}
