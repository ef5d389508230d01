import { canUseIntegrations } from '@formloop/domain';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useSsoSettings } from '../api.ts';
import { LastFailuresCard } from '../components/last-failures-card.tsx';
import { SsoSettingsForm } from '../components/sso-settings-form.tsx';
import { SSO_NAMESPACE } from '../messages.ts';

/** /settings/single-sign-on (issue 9): the tenant's SAML and OpenID Connect sign-in. */
export function SsoSettingsPage() {
  const { t } = useTranslation(SSO_NAMESPACE);
  const { token } = theme.useToken();
  const settings = useSsoSettings();

  let content;
  if (settings.isPending) {
    content = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else if (settings.isError) {
    content = (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  } else {
    // A save answers the saved settings: a fresh form starts from them (and the secret field is empty again).
    content = (
      <>
        <SsoSettingsForm key={settings.data.modifiedOn ?? 'never-saved'} saved={settings.data} />
        <div style={{ marginTop: token.marginLG }}>
          <LastFailuresCard />
        </div>
      </>
    );
  }

  return (
    <div
      style={{ maxWidth: 960, margin: '0 auto', padding: token.paddingLG }}
      data-testid="sso-settings-page"
    >
      <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      {content}
    </div>
  );
}

/**
 * The route's element: like the integrations (webhooks, Connect Hub) of spec §6, for administrators and
 * system administrators only; anyone else goes to /404 as the route guards send them.
 */
export function SsoSettingsRoute() {
  const { config } = useAuth();
  if (!config || !canUseIntegrations(config)) return <Navigate to="/404" replace />;
  return <SsoSettingsPage />;
}

export default SsoSettingsRoute;
