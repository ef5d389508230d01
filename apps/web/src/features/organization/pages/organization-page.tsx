import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { OrganizationPreferenceForm } from '../components/organization-preference-form.tsx';
import { useOrganizationPreference } from '../../../shared/organization/use-organization-preference.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';

/** /settings/organization, /organization and /app/organization (spec §2): the organization preference. */
export function OrganizationPage() {
  const { t } = useTranslation('organization');
  const { token } = theme.useToken();
  const current = useOrganizationPreference();

  let content;
  if (current.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (current.isError || !current.organization) {
    content = (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void current.refetch()}
      />
    );
  } else {
    content = <OrganizationPreferenceForm saved={current.preference} />;
  }

  return (
    <div
      style={{ maxWidth: 960, margin: '0 auto', padding: token.paddingLG }}
      data-testid="organization-page"
    >
      <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
      <p style={{ color: token.colorTextSecondary }}>{t('description')}</p>
      <Card>{content}</Card>
    </div>
  );
}

export default OrganizationPage;
