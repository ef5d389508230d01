import type { SsoSettings } from '@formloop/contracts';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Switch from 'antd/es/switch';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from 'antd/es/form';
import { toCommand, type SsoFormValues } from '../form-values.ts';
import { SSO_NAMESPACE } from '../messages.ts';
import { FieldGrid } from './field-grid.tsx';
import { ProviderAddresses } from './provider-addresses.tsx';
import { TestConnection } from './test-connection.tsx';

/**
 * SAML 2.0: the identity provider (its metadata, or its sign-in URL, certificate and entity id), our
 * entity id, which attributes carry the username, e-mail and full name, and our own addresses to
 * register there.
 */
export function SamlCard({
  form,
  serviceProvider,
}: {
  form: FormInstance<SsoFormValues>;
  serviceProvider: SsoSettings['serviceProvider'];
}) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const { token } = theme.useToken();
  const monospace = { fontFamily: token.fontFamilyCode };
  return (
    <Card title={t('saml.title')} style={{ marginBottom: token.marginLG }} data-testid="sso-saml-card">
      <Form.Item name={['saml', 'enabled']} label={t('saml.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <ProviderAddresses
        title={t('saml.ourAddresses')}
        testId="sso-saml-addresses"
        extra={
          <a href={serviceProvider.metadataUrl} download data-testid="sso-saml-metadata-download">
            <DownloadOutlined /> {t('saml.downloadMetadata')}
          </a>
        }
        addresses={[
          { key: 'entityId', label: t('saml.spEntityIdInUse'), value: serviceProvider.entityId },
          { key: 'acsUrl', label: t('saml.acsUrl'), value: serviceProvider.acsUrl },
          { key: 'metadataUrl', label: t('saml.metadataUrlOurs'), value: serviceProvider.metadataUrl },
        ]}
      />
      <Form.Item
        name={['saml', 'displayName']}
        label={t('saml.displayName')}
        extra={t('saml.displayNameHint')}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name={['saml', 'metadataUrl']} label={t('saml.metadataUrl')} extra={t('saml.metadataHint')}>
        <Input inputMode="url" autoComplete="off" />
      </Form.Item>
      <Form.Item name={['saml', 'metadataXml']} label={t('saml.metadataXml')}>
        <TextArea rows={4} spellCheck={false} style={monospace} />
      </Form.Item>
      <Form.Item name={['saml', 'entryPoint']} label={t('saml.entryPoint')} extra={t('saml.entryPointHint')}>
        <Input inputMode="url" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name={['saml', 'idpCertificate']}
        label={t('saml.idpCertificate')}
        extra={t('saml.certificateHint')}
      >
        <TextArea rows={6} spellCheck={false} style={monospace} />
      </Form.Item>
      <Form.Item
        name={['saml', 'idpEntityId']}
        label={t('saml.idpEntityId')}
        extra={t('saml.idpEntityIdHint')}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name={['saml', 'spEntityId']} label={t('saml.spEntityId')} extra={t('saml.spEntityIdHint')}>
        <Input autoComplete="off" placeholder={serviceProvider.entityId} />
      </Form.Item>
      <h3 style={{ fontSize: token.fontSizeLG, margin: `0 0 ${token.marginSM}px` }}>{t('mapping.title')}</h3>
      <FieldGrid>
        <Form.Item
          name={['saml', 'usernameAttribute']}
          label={t('mapping.username')}
          extra={t('saml.nameIdHint')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name={['saml', 'emailAttribute']} label={t('mapping.email')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name={['saml', 'fullNameAttribute']} label={t('mapping.fullName')}>
          <Input autoComplete="off" />
        </Form.Item>
      </FieldGrid>
      <TestConnection
        provider="saml"
        command={() => ({ provider: 'saml', saml: toCommand(form.getFieldsValue(true)).saml })}
      />
    </Card>
  );
}
