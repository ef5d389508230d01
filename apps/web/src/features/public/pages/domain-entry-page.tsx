import { validateDomain } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { AuthFrame, AuthTitle } from '../../auth/components.ts';
import { domainRule } from '../../auth/index.ts';
import { useFindTenant } from '../api.ts';
import { baseDomainOf, tenantLoginUrl } from '../login-host.ts';

/** The field's name; the e2e test and the spec call it 'yourdomain'. */
export const DOMAIN_FIELD = 'yourdomain';

interface DomainEntryPageProps {
  /** The host this page was served from; the tenant hosts share its base domain. */
  hostname?: string;
  /** Where to send the browser; replaced in tests. */
  redirect?: (url: string) => void;
}

/**
 * The login host's page (spec §2): the user types their tenant's domain, we check it exists and send
 * the browser to that tenant's sign-in page. An unknown domain shows the server's message.
 */
export function DomainEntryPage({
  hostname = window.location.hostname,
  redirect = (url) => window.location.assign(url),
}: DomainEntryPageProps) {
  const { t } = useTranslation(['public', 'validation']);
  const translate = useMessageTranslator();
  const find = useFindTenant();
  const [failure, setFailure] = useState<string | null>(null);
  const suffix = `.${baseDomainOf(hostname)}`;

  const submit = (values: Record<typeof DOMAIN_FIELD, string>) => {
    setFailure(null);
    find.mutate(values[DOMAIN_FIELD], {
      onSuccess: (url) => redirect(tenantLoginUrl(url)),
      onError: (error) =>
        setFailure(isApiError(error) && error.message ? translate(error) : t('domainEntry.failed')),
    });
  };

  return (
    <AuthFrame>
      <AuthTitle>{t('domainEntry.title')}</AuthTitle>
      <p style={{ marginTop: 0 }}>{t('domainEntry.instructions')}</p>
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name={DOMAIN_FIELD}
          label={t('domainEntry.label')}
          rules={[domainRule(validateDomain, translate)]}
        >
          <Input
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('domainEntry.placeholder')}
            suffix={<span data-testid="domain-suffix">{suffix}</span>}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={find.isPending || find.isSuccess}>
          {t('domainEntry.submit')}
        </Button>
      </Form>
    </AuthFrame>
  );
}

export default DomainEntryPage;
