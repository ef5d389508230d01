import { MESSAGES, validateForgotPassword } from '@formloop/domain';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useRequestPasswordReset } from '../api.ts';
import { AuthTitle } from '../components/auth-layout.tsx';
import { LOGIN_PATH, RETURN_URL_PARAM, withReturnUrl } from '../return-url.ts';
import { domainRule } from '../validation.ts';

/** /authentication/forgot-password: asks for a username, mails a reset link, returns to login (spec §2, §8). */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const translate = useMessageTranslator();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginPath = withReturnUrl(LOGIN_PATH, params.get(RETURN_URL_PARAM));
  const reset = useRequestPasswordReset();

  const submit = ({ username }: { username: string }) => {
    const name = username.trim();
    reset.mutate(name, {
      onSuccess: (text) => {
        toast.success(text ? translate(text) : t('forgot.sent'));
        void navigate(loginPath);
      },
      onError: (error) => {
        // Spec §8: the server's message; when the call fails without one, a 'not found' message with the name.
        const text =
          isApiError(error) && error.status > 0 && error.message
            ? error.message
            : MESSAGES.userNotFound(name);
        toast.error(translate(text));
      },
    });
  };

  return (
    <>
      <AuthTitle>{t('forgot.title')}</AuthTitle>
      <p style={{ marginTop: 0 }}>{t('forgot.instructions')}</p>
      <Form<{ username: string }> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="username"
          label={t('forgot.username')}
          rules={[domainRule(validateForgotPassword, translate)]}
        >
          <Input autoComplete="username" autoFocus placeholder={t('login.usernamePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={loginPath}>{t('forgot.backToLogin')}</Link>
      </div>
    </>
  );
}

export default ForgotPasswordPage;
