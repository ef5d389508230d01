import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import type { ManagedUser, ManagedUserDetail } from '@formloop/contracts';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { useUserDetail } from '../api.ts';
import { USER_MANAGEMENT_PATH, licencePath } from '../components/licence-cards.tsx';
import { allowedActions, useUserActions } from '../components/user-actions.tsx';
import { UserRolesEditor } from '../components/user-roles-editor.tsx';
import { useKindName } from '../messages.ts';

export const teamDetailPath = (teamId: string) =>
  `/settings/team-management/detail?id=${encodeURIComponent(teamId)}`;

const asListRow = (user: ManagedUserDetail): ManagedUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  fullname: user.fullname,
  user_kind: user.user_kind,
  is_active: user.is_active,
  two_factor_enabled: user.two_factor_enabled,
  created_at: user.created_at,
});

function NotFound() {
  const { t } = useTranslation('userManagement');
  return (
    <Result
      status="404"
      title={t('detail.notFound.title')}
      subTitle={t('detail.notFound.description')}
      extra={<Link to={USER_MANAGEMENT_PATH}>{t('detail.back')}</Link>}
      data-testid="user-not-found"
    />
  );
}

function UserDetail({ user }: { user: ManagedUserDetail }) {
  const { t } = useTranslation('userManagement');
  const { token } = theme.useToken();
  const kindName = useKindName();
  const auth = useAuth();
  const { menu, dialogs } = useUserActions();
  const row = asListRow(user);
  const me = { id: auth.user?.uid ?? null, isSysAdmin: Boolean(auth.config?.isSysAdmin) };
  // Roles follow the same rule as the other actions: only system administrators touch system administrators.
  const canChange = allowedActions(row, me).length > 0;

  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: token.margin, flexWrap: 'wrap' }}>
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{user.fullname || user.username}</h1>
        {user.is_active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>}
        <span style={{ marginLeft: 'auto' }}>{menu(row)}</span>
      </div>
      <Card title={t('detail.profile')} style={{ marginTop: token.marginLG }}>
        <Descriptions column={{ xs: 1, md: 2 }} data-testid="user-profile">
          <Descriptions.Item label={t('fields.username')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('fields.fullname')}>{user.fullname}</Descriptions.Item>
          <Descriptions.Item label={t('fields.email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('fields.licence')}>
            <Link to={licencePath(user.user_kind)}>{kindName(user.user_kind)}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            {user.is_active ? t('status.active') : t('status.inactive')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.twoFactor')}>
            {user.two_factor_enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.createdAt')}>
            {formatDate(user.created_at, 'datetime')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('detail.preference')} style={{ marginTop: token.margin }}>
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('detail.launchPage')}>
            {t(`launchPages.${user.preference.launch_page.type.replace('&', '')}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.timeZone')}>{user.time_zone}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('detail.teams')} style={{ marginTop: token.margin }}>
        {user.teams.length === 0 ? (
          <p style={{ margin: 0 }}>{t('detail.noTeams')}</p>
        ) : (
          <ul style={{ margin: 0, paddingLeft: token.paddingLG }} data-testid="user-teams">
            {user.teams.map((team) => (
              <li key={team.id}>
                <Link to={teamDetailPath(team.id)}>{team.team_name}</Link>
                {team.is_lead ? <Tag style={{ marginLeft: token.marginXS }}>{t('detail.lead')}</Tag> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('roles.title')} style={{ marginTop: token.margin }}>
        <UserRolesEditor
          key={user.roles.map((role) => role.id).join(',')}
          user={user}
          readOnly={!canChange}
        />
      </Card>
      {dialogs}
    </>
  );
}

/** /settings/user-detail?id={id} (spec §2): one user's profile, licence, status, 2FA, teams and roles. */
export function UserDetailPage() {
  const { t } = useTranslation('userManagement');
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const detail = useUserDetail(id);

  let content;
  if (id === null || (detail.isError && isApiError(detail.error) && detail.error.status === 404)) {
    content = <NotFound />;
  } else if (detail.isError) {
    content = (
      <LoadFailedAlert
        title={t('detail.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (detail.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    content = <UserDetail user={detail.data} />;
  }

  return (
    <div style={{ padding: token.paddingLG, maxWidth: 1100 }} data-testid="user-detail-page">
      <Link to={USER_MANAGEMENT_PATH} style={{ display: 'inline-block', marginBottom: token.margin }}>
        <ArrowLeftOutlined aria-hidden /> {t('detail.back')}
      </Link>
      {content}
    </div>
  );
}

export default UserDetailPage;
