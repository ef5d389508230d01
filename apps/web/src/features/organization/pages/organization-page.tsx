import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { OrganizationPreferenceForm } from '../components/organization-preference-form.tsx';
import { useOrganizationPreference } from '../use-organization-preference.ts';

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
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('loadFailed')}
        action={<Button onClick={() => void current.refetch()}>{t('retry')}</Button>}
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
