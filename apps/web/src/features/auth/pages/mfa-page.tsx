import { MESSAGES, MFA_BLOCKED_KEYS, MFA_PROCEED_DELAY_MS, sanitizeTotpInput } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { translateMessageKey, useMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { fetchSessionToken, useVerifyTwoFactor } from '../api.ts';
import { useInfo2Fa } from '../queries.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { AuthTitle } from '../components/auth-layout.tsx';
import { LOGIN_PATH, RETURN_URL_PARAM, safeReturnUrl, withReturnUrl } from '../return-url.ts';
import { domainRule } from '../validation.ts';

interface MfaValues {
  twoFactorCode: string;
  rememberMachine: boolean;
}

const blockedKeys: readonly string[] = MFA_BLOCKED_KEYS;

/** Spec §2: the code field takes digits only; '.', ',', '-' and 'e' never reach it. */
export function blockNonDigitKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (blockedKeys.includes(event.key)) event.preventDefault();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /authentication/mfa: the second sign-in step with an authenticator code (spec §2, §4). */
export function MfaPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const translate = useMessageTranslator();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get(RETURN_URL_PARAM) ?? authStore.getState().redirectUrl;
  const info = useInfo2Fa();
  const verify = useVerifyTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: MfaValues) => {
    setFailure(null);
    verify.mutate(
      { twoFactorCode: values.twoFactorCode, rememberMachine: values.rememberMachine },
      {
        onSuccess: async () => {
          try {
            // Spec §4: after a successful code the app proceeds after about one second.
            await wait(MFA_PROCEED_DELAY_MS);
            authStore.signIn(await fetchSessionToken());
            void navigate(safeReturnUrl(returnUrl), { replace: true });
          } catch (error) {
            authStore.setLoading(false);
            if (isApiError(error) && error.status === 403) {
              void navigate(`/403?message=${encodeURIComponent(error.message)}`);
              return;
            }
            setFailure(
              isApiError(error) && error.message ? translate(error) : translateMessageKey(t, 'invalidLogin'),
            );
          }
        },
        onError: (error) => {
          setFailure(
            isApiError(error) && error.status > 0 && error.message
              ? translate(error)
              : translateMessageKey(t, 'invalidTwoFactorCode'),
          );
        },
      },
    );
  };

  const busy = verify.isPending || verify.isSuccess;
  return (
    <>
      <AuthTitle>{t('mfa.title')}</AuthTitle>
      {info.data ? (
        <p style={{ marginTop: 0 }} data-testid="mfa-username">
          {t('mfa.signingInAs', { name: info.data })}
        </p>
      ) : null}
      {info.isError ? (
        <Alert type="warning" showIcon title={t('mfa.sessionMissing')} style={{ marginBottom: 16 }} />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <p>{t('mfa.instructions')}</p>
      <Form<MfaValues>
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ rememberMachine: false }}
      >
        <Form.Item
          name="twoFactorCode"
          label={t('mfa.code')}
          getValueFromEvent={(event: { target: { value: string } }) => sanitizeTotpInput(event.target.value)}
          rules={[domainRule((value) => (value.trim() === '' ? MESSAGES.required : undefined), translate)]}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder={t('mfa.codePlaceholder')}
            onKeyDown={blockNonDigitKeys}
            data-testid="mfa-code"
          />
        </Form.Item>
        <Form.Item name="rememberMachine" valuePropName="checked">
          <Checkbox>{translateMessageKey(t, 'rememberMachine')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('mfa.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={withReturnUrl(LOGIN_PATH, returnUrl)}>{t('mfa.backToLogin')}</Link>
      </div>
    </>
  );
}

export default MfaPage;
