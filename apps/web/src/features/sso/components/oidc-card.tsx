import type { SsoSettings } from '@formloop/contracts';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Switch from 'antd/es/switch';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { toCommand, type SsoFormValues } from '../form-values.ts';
import { SSO_NAMESPACE } from '../messages.ts';
import { FieldGrid } from './field-grid.tsx';
import { ProviderAddresses } from './provider-addresses.tsx';
import { TestConnection } from './test-connection.tsx';

/**
 * OpenID Connect (the login page's third-party account): the provider's issuer, our client there,
 * the scopes asked for, which claims carry the username, e-mail and full name, and the redirect URI
 * to register. The client secret is write-only: left empty, the stored one is kept.
 */
export function OidcCard({
  form,
  serviceProvider,
  clientSecretSet,
}: {
  form: FormInstance<SsoFormValues>;
  serviceProvider: SsoSettings['serviceProvider'];
  clientSecretSet: boolean;
}) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const { token } = theme.useToken();
  return (
    <Card title={t('oidc.title')} style={{ marginBottom: token.marginLG }} data-testid="sso-oidc-card">
      <Form.Item name={['oidc', 'enabled']} label={t('oidc.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <ProviderAddresses
        title={t('oidc.ourAddresses')}
        testId="sso-oidc-addresses"
        addresses={[
          { key: 'redirectUri', label: t('oidc.redirectUri'), value: serviceProvider.oidcRedirectUri },
        ]}
      />
      <Form.Item
        name={['oidc', 'displayName']}
        label={t('oidc.displayName')}
        extra={t('oidc.displayNameHint')}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name={['oidc', 'issuer']} label={t('oidc.issuer')} extra={t('oidc.issuerHint')}>
        <Input inputMode="url" autoComplete="off" />
      </Form.Item>
      <FieldGrid>
        <Form.Item name={['oidc', 'clientId']} label={t('oidc.clientId')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['oidc', 'clientSecret']}
          label={t('oidc.clientSecret')}
          extra={clientSecretSet ? t('oidc.clientSecretKeep') : undefined}
        >
          <Password
            autoComplete="new-password"
            placeholder={clientSecretSet ? t('oidc.clientSecretStored') : t('oidc.clientSecretPlaceholder')}
          />
        </Form.Item>
      </FieldGrid>
      <Form.Item name={['oidc', 'scopes']} label={t('oidc.scopes')} extra={t('oidc.scopesHint')}>
        <Input autoComplete="off" />
      </Form.Item>
      <h3 style={{ fontSize: token.fontSizeLG, margin: `0 0 ${token.marginSM}px` }}>
        {t('mapping.claimsTitle')}
      </h3>
      <FieldGrid>
        <Form.Item name={['oidc', 'usernameClaim']} label={t('mapping.username')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name={['oidc', 'emailClaim']} label={t('mapping.email')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name={['oidc', 'fullNameClaim']} label={t('mapping.fullName')}>
          <Input autoComplete="off" />
        </Form.Item>
      </FieldGrid>
      <TestConnection
        provider="oidc"
        command={() => ({ provider: 'oidc', oidc: toCommand(form.getFieldsValue(true)).oidc })}
      />
    </Card>
  );
}
