import type { SsoSettings } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Space from 'antd/es/space';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/api/api-error.ts';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSaveSsoSettings } from '../api.ts';
import {
  landedFieldErrors,
  sameValues,
  toCommand,
  toFormValues,
  type SsoFormValues,
} from '../form-values.ts';
import { failureText, SSO_NAMESPACE, useSsoMessage } from '../messages.ts';
import { AccountsCard } from './accounts-card.tsx';
import { OidcCard } from './oidc-card.tsx';
import { SamlCard } from './saml-card.tsx';

/**
 * The tenant's single sign-on settings: SAML, OpenID Connect and the accounts they sign in. Saves
 * everything in one PUT; the server validates only the providers that are switched on and says why
 * it refuses (under the field when it names one, above the Save button otherwise).
 */
export function SsoSettingsForm({ saved }: { saved: SsoSettings }) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const translate = useSsoMessage();
  const toast = useToast();
  const [form] = Form.useForm<SsoFormValues>();
  const initial = useMemo(() => toFormValues(saved), [saved]);
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSsoSettings();

  const submit = () => {
    setFailure(null);
    save.mutate(toCommand(form.getFieldsValue(true)), {
      // The page shows the saved settings next (a fresh form), so only the message is left to show.
      onSuccess: (response) => toast.success(translate(response.message) || t('saved')),
      onError: (error) => {
        const landed = landedFieldErrors(fieldErrorsOf(error));
        form.setFields(landed.map((entry) => ({ name: entry.name, errors: [translate(entry)] })));
        setFailure(landed.length > 0 ? t('checkFields') : failureText(error, translate, t('saveFailed')));
      },
    });
  };

  const discard = () => {
    form.resetFields();
    setDirty(false);
    setFailure(null);
  };

  return (
    <Form<SsoFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true), initial))}
      onFinish={submit}
      data-testid="sso-settings-form"
    >
      <LeaveGuard namespace={SSO_NAMESPACE} dirty={dirty} />
      <SamlCard form={form} serviceProvider={saved.serviceProvider} />
      <OidcCard
        form={form}
        serviceProvider={saved.serviceProvider}
        clientSecretSet={saved.oidc.clientSecretSet}
      />
      <AccountsCard form={form} />
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="sso-save-error"
        />
      ) : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
          {t('save')}
        </Button>
        <Button onClick={discard} disabled={!dirty || save.isPending}>
          {t('discard')}
        </Button>
      </Space>
    </Form>
  );
}
