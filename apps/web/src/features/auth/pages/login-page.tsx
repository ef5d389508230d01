import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LOGIN_STATUS_PARAM, loginStatusKey } from '@formloop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { translateMessageKey, useMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { useSignIn, type Credentials } from '../api.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { AuthTitle } from '../components/auth-layout.tsx';
import { SsoButtons } from '../components/sso-buttons.tsx';
import {
  FORGOT_PASSWORD_PATH,
  MFA_PATH,
  RETURN_URL_PARAM,
  safeReturnUrl,
  withReturnUrl,
} from '../return-url.ts';
import { loginRule } from '../validation.ts';

/** Documentation behind 'Need Help?'; the help centre gets its real address with the shell. */
export const HELP_URL = '/docs';

/** /authentication/login (spec §2, §4, §5). */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const translate = useMessageTranslator();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get(RETURN_URL_PARAM);
  const status = params.get(LOGIN_STATUS_PARAM);
  // Only our own statuses are shown, translated; any other text gets the generic failure (spec §2).
  const statusKey = loginStatusKey(status);
  const statusText = !status
    ? null
    : statusKey
      ? translateMessageKey(t, statusKey)
      : t('login.statusUnknown');
  const [form] = Form.useForm<Credentials>();
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useSignIn();

  const submit = (values: Credentials) => {
    setFailure(null);
    authStore.setRedirectUrl(safeReturnUrl(returnUrl));
    // Usernames are trimmed before sending; the password goes exactly as typed.
    signIn.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (result) => {
          if (result.requiresTwoFactor) {
            authStore.setRequiresTwoFactor(true);
            void navigate(withReturnUrl(MFA_PATH, returnUrl));
            return;
          }
          authStore.signIn(result.session);
          void navigate(safeReturnUrl(returnUrl), { replace: true });
        },
        onError: (error) => {
          // Spec §7: a 403 on the session token request leads to /403.
          if (isApiError(error) && error.status === 403) {
            void navigate(`/403?message=${encodeURIComponent(error.message)}`);
            return;
          }
          // Spec §8: the server's message, or the translated invalid-login text.
          const serverMessage = isApiError(error) && error.status > 0 ? error.message.trim() : '';
          setFailure(serverMessage ? translate(serverMessage) : translateMessageKey(t, 'invalidLogin'));
        },
      },
    );
  };

  return (
    <>
      <AuthTitle>{t('login.title')}</AuthTitle>
      {statusText ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={statusText}
          style={{ marginBottom: 16 }}
          data-testid="login-status"
        />
      ) : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      ) : null}
      <Form<Credentials>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        disabled={signIn.isPending}
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[loginRule(form, 'username', translate)]}
        >
          <Input autoComplete="username" autoFocus placeholder={t('login.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[loginRule(form, 'password', translate)]}
        >
          <Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }}>
          <Link to={withReturnUrl(FORGOT_PASSWORD_PATH, returnUrl)}>{t('login.forgotPassword')}</Link>
          <a href={HELP_URL} target="_blank" rel="noopener noreferrer">
            {t('login.needHelp')}
          </a>
        </div>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <SsoButtons />
    </>
  );
}

export default LoginPage;
