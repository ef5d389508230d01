import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import type { TeamDetail } from '@formloop/contracts';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useDeleteTeam, useSaveTeam, useTeam } from '../api.ts';
import { failureReason, useTeamMessages } from '../messages.ts';
import { TEAM_LIST_PATH } from '../paths.ts';
import { TeamFields, showFieldErrors, type TeamFormValues } from './team-form-modal.tsx';
import { TeamMembers } from './team-members.tsx';

const valuesOf = (team: TeamDetail): TeamFormValues => ({
  team_name: team.team_name,
  description: team.description,
  lead_user_id: team.lead?.id ?? null,
});

/** The editable part of a team: name, description and lead, saved together. */
function TeamEditor({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const { token } = theme.useToken();
  const { text, translate } = useTeamMessages();
  const { preference } = useOrganizationPreference();
  const toast = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<TeamFormValues>();
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const justSaved = useRef(false);
  const initial = valuesOf(team);

  // The server's team changed (a save, or members changing the lead): show it, unless the user is
  // in the middle of editing, in which case only the lead follows (it may have been cleared).
  useEffect(() => {
    if (justSaved.current || !form.isFieldsTouched()) form.resetFields();
    else form.setFieldValue('lead_user_id', team.lead?.id ?? null);
    justSaved.current = false;
  }, [form, team.modified_at, team.lead?.id]);

  const submit = (values: TeamFormValues) =>
    save.mutate(
      {
        id: team.id,
        team_name: values.team_name,
        description: values.description ?? '',
        lead_user_id: values.lead_user_id ?? null,
      },
      {
        onSuccess: () => {
          justSaved.current = true;
          toast.success(text('teamSaved'));
        },
        onError: (error) => {
          showFieldErrors(form, error, translate);
          toast.error(text('teamSaveFailed'));
        },
      },
    );

  const onDelete = () =>
    remove.mutate(team.id, {
      onSuccess: () => {
        toast.success(text('teamDeleted'));
        void navigate(TEAM_LIST_PATH);
      },
      onError: (error) => toast.error(failureReason(error, translate, text('teamDeleteFailed'))),
    });

  const known = team.lead ? [team.lead] : [];
  const members = team.members.map((member) => ({
    id: member.id,
    fullname: member.fullname,
    username: member.username,
  }));

  return (
    <>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{team.team_name}</h1>
        <Popconfirm
          title={t('confirmDelete.title', { name: team.team_name })}
          description={t('confirmDelete.description')}
          okText={t('confirmDelete.ok')}
          cancelText={t('confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('detail.delete')}
          </Button>
        </Popconfirm>
      </div>
      <p style={{ color: token.colorTextSecondary }}>
        {t('detail.created', { date: formatDate(team.created_at, 'datetime', preference) })}
      </p>
      <Form<TeamFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={initial}
        style={{ maxWidth: 640 }}
        aria-label={t('detail.formLabel')}
      >
        <TeamFields known={[...members, ...known]} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('detail.save')}
        </Button>
      </Form>
    </>
  );
}

/** /settings/team-management/detail?id=: one team, its settings and its members. */
export function TeamDetailView() {
  const { t } = useTranslation('teams');
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const team = useTeam(id);

  let content;
  const missing = id === null || (team.isError && isApiError(team.error) && team.error.status === 404);
  if (missing) {
    content = (
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description')}
        extra={<Link to={TEAM_LIST_PATH}>{t('notFound.back')}</Link>}
        data-testid="team-not-found"
      />
    );
  } else if (team.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (team.isError) {
    content = (
      <LoadFailedAlert
        title={t('detail.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void team.refetch()}
      />
    );
  } else {
    content = (
      <>
        <TeamEditor team={team.data} />
        <div style={{ marginTop: token.marginXL }}>
          <TeamMembers team={team.data} />
        </div>
      </>
    );
  }

  return (
    <div style={{ padding: token.paddingLG }} data-testid="team-detail-page">
      <Link to={TEAM_LIST_PATH} style={{ display: 'inline-block', marginBottom: token.marginSM }}>
        <ArrowLeftOutlined aria-hidden /> {t('detail.back')}
      </Link>
      {content}
    </div>
  );
}
