import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import type { TeamDetail, TeamMember } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSetTeamMembers } from '../api.ts';
import { failureReason, useTeamMessages } from '../messages.ts';
import { userDetailHref } from '../paths.ts';
import { UserSelect } from './user-select.tsx';

/** The members of a team: add people from the tenant's active users, remove them one by one. */
export function TeamMembers({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const { token } = theme.useToken();
  const { text, translate } = useTeamMessages();
  const toast = useToast();
  const update = useSetTeamMembers();
  const [picked, setPicked] = useState<string[]>([]);
  const memberIds = useMemo(() => new Set(team.members.map((member) => member.id)), [team.members]);

  const send = (userIds: string[], done?: () => void) =>
    update.mutate(
      { id: team.id, userIds },
      {
        onSuccess: () => {
          toast.success(text('membersSaved'));
          done?.();
        },
        onError: (error) => toast.error(failureReason(error, translate, text('membersSaveFailed'))),
      },
    );

  const add = () => send([...memberIds, ...picked], () => setPicked([]));
  const remove = (member: TeamMember) => send([...memberIds].filter((id) => id !== member.id));

  const columns: ColumnsType<TeamMember> = [
    {
      key: 'fullname',
      title: t('members.columns.name'),
      render: (_: unknown, member) => (
        <Space size={token.marginXS}>
          <Link to={userDetailHref(member.id)}>{member.fullname}</Link>
          {member.is_lead ? <Tag color="green">{t('members.lead')}</Tag> : null}
          {member.is_active ? null : <Tag>{t('members.inactive')}</Tag>}
        </Space>
      ),
    },
    { key: 'username', title: t('members.columns.username'), dataIndex: 'username' },
    { key: 'email', title: t('members.columns.email'), dataIndex: 'email', ellipsis: true },
    {
      key: 'actions',
      title: t('members.columns.actions'),
      width: 100,
      render: (_: unknown, member) => (
        <Popconfirm
          title={t('members.confirmRemove.title', { name: member.fullname })}
          description={member.is_lead ? t('members.confirmRemove.lead') : undefined}
          okText={t('members.confirmRemove.ok')}
          cancelText={t('members.confirmRemove.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(member)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={update.isPending}
            aria-label={t('members.remove', { name: member.fullname })}
          />
        </Popconfirm>
      ),
    },
  ];

  return (
    <section aria-labelledby="team-members-heading" data-testid="team-members">
      <h2 id="team-members-heading" style={{ fontSize: token.fontSizeHeading4 }}>
        {t('members.title', { count: team.members.length })}
      </h2>
      <div style={{ display: 'flex', gap: token.marginSM, marginBottom: token.marginMD, maxWidth: 640 }}>
        <div style={{ flex: 1 }}>
          <UserSelect
            mode="multiple"
            aria-label={t('members.pickerLabel')}
            placeholder={t('members.pickerPlaceholder')}
            exclude={memberIds}
            value={picked}
            onChange={setPicked}
            disabled={update.isPending}
          />
        </div>
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          disabled={picked.length === 0}
          loading={update.isPending}
          onClick={add}
        >
          {t('members.add')}
        </Button>
      </div>
      <Table<TeamMember>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={team.members}
        loading={update.isPending}
        locale={{ emptyText: <Empty description={t('members.empty')} /> }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
    </section>
  );
}
