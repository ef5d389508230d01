import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import {
  USER_SORT_COLUMNS,
  type UserDataTableRequest,
  type UserSortColumn,
  type UserStatusFilter,
} from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, isUserKind, type PageSize, type UserKind } from '@formloop/domain';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useLicences, useUserTable } from '../api.ts';
import { InviteUserModal } from '../components/invite-user-modal.tsx';
import { LicenceCards, USER_MANAGEMENT_PATH } from '../components/licence-cards.tsx';
import { useUserActions } from '../components/user-actions.tsx';
import { UserFilters } from '../components/user-filters.tsx';
import { DEFAULT_USER_SORT, UserTable } from '../components/user-table.tsx';
import { useKindName } from '../messages.ts';

/** The users, filtered by `kind` when the URL names a licence; paging, sort, search and status. */
function UserList({ kind }: { kind: UserKind | null }) {
  const { t } = useTranslation('userManagement');
  const paging = useServerTable<UserSortColumn, PageSize>({
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    // Clearing a sort falls back to the default: by user name.
    defaultOrders: [DEFAULT_USER_SORT],
    sortable: USER_SORT_COLUMNS,
  });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const { menu, dialogs } = useUserActions();

  const request: UserDataTableRequest = {
    page: paging.page,
    length: paging.length,
    orders: paging.orders,
    search,
    status,
    ...(kind ? { license: kind } : {}),
  };
  const table = useUserTable(request);

  return (
    <>
      <div style={{ margin: '16px 0' }}>
        <UserFilters
          status={status}
          onStatus={(next) => {
            setStatus(next);
            paging.firstPage();
          }}
          onSearch={(next) => {
            if (next === search) return;
            setSearch(next);
            paging.firstPage();
          }}
        />
      </div>
      {table.isError ? (
        <div style={{ marginBottom: 16 }}>
          <LoadFailedAlert
            title={t('loadFailed')}
            retryLabel={t('retry')}
            onRetry={() => void table.refetch()}
          />
        </div>
      ) : null}
      <UserTable data={table.data} loading={table.isFetching} paging={paging} actions={menu} />
      {dialogs}
    </>
  );
}

/**
 * /settings/user-management and /settings/user-management/{license} (spec §2): seats per licence,
 * the users (filtered by the licence in the URL), invitations and per-user actions.
 */
export function UserManagementPage() {
  const { t } = useTranslation('userManagement');
  const { token } = theme.useToken();
  const { license } = useParams();
  const auth = useAuth();
  const kindName = useKindName();
  const licences = useLicences();
  const [inviting, setInviting] = useState(false);
  const kind = license !== undefined && isUserKind(license) ? license : null;

  if (license !== undefined && kind === null) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="unknown-licence">
        <Result
          status="warning"
          title={t('unknownLicence.title')}
          subTitle={t('unknownLicence.description', { license })}
          extra={<Link to={USER_MANAGEMENT_PATH}>{t('unknownLicence.back')}</Link>}
        />
      </div>
    );
  }

  return (
    <div style={{ padding: token.paddingLG }} data-testid="user-management-page">
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t('invite.button')}
        </Button>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <h2 style={{ fontSize: token.fontSizeHeading5 }}>{t('licences.title')}</h2>
      <LicenceCards
        licences={licences.data}
        loading={licences.isPending}
        failed={licences.isError}
        onRetry={() => void licences.refetch()}
        selected={kind}
      />
      {kind ? (
        <p style={{ marginTop: token.margin, marginBottom: 0 }} data-testid="licence-filter">
          <Tag color="blue">{t('filters.licence', { name: kindName(kind) })}</Tag>
          <Link to={USER_MANAGEMENT_PATH}>{t('licences.showAll')}</Link>
        </p>
      ) : null}
      <UserList key={kind ?? 'all'} kind={kind} />
      {inviting ? (
        <InviteUserModal
          open
          kind={kind}
          canGrantSysAdmin={Boolean(auth.config?.isSysAdmin)}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </div>
  );
}

export default UserManagementPage;
