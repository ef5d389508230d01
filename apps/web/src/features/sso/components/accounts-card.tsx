import { JIT_USER_KINDS } from '@formloop/contracts';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import type { SsoFormValues } from '../form-values.ts';
import { SSO_NAMESPACE } from '../messages.ts';

/**
 * What happens to the people who sign in through either provider: accounts created at their first
 * sign-in (with which licence), and whether our authenticator step is skipped because the identity
 * provider already asked for a second factor.
 */
export function AccountsCard({ form }: { form: FormInstance<SsoFormValues> }) {
  // The licence names are the user-management page's.
  const { t } = useTranslation([SSO_NAMESPACE, 'userManagement']);
  const { token } = theme.useToken();
  const jitEnabled = Form.useWatch('jitEnabled', form) === true;
  return (
    <Card
      title={t('accounts.title')}
      style={{ marginBottom: token.marginLG }}
      data-testid="sso-accounts-card"
    >
      <Form.Item
        name="jitEnabled"
        label={t('accounts.jitEnabled')}
        extra={t('accounts.jitHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="jitUserKind" label={t('accounts.jitUserKind')} extra={t('accounts.jitUserKindHint')}>
        <Select
          disabled={!jitEnabled}
          style={{ maxWidth: 320 }}
          options={JIT_USER_KINDS.map((kind) => ({ value: kind, label: t(`userManagement:kinds.${kind}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="trustIdpMfa"
        label={t('accounts.trustIdpMfa')}
        extra={t('accounts.trustIdpMfaHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </Card>
  );
}
