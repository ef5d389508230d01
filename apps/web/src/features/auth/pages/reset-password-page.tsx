import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useResetPassword } from '../api.ts';
import { AuthTitle } from '../components/auth-layout.tsx';
import { LOGIN_PATH } from '../return-url.ts';
import { domainRule, passwordMessage } from '../validation.ts';

interface ResetValues {
  password: string;
  confirm: string;
}

/** /reset-password?token=…: choose a new password, then sign in with it (spec §2). */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const translate = useMessageTranslator();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = ({ password }: ResetValues) => {
    setFailure(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: (text) => {
          toast.success(text ? translate(text) : t('reset.success'));
          void navigate(LOGIN_PATH, { replace: true });
        },
        onError: (error) =>
          setFailure(isApiError(error) && error.message ? translate(error) : t('reset.failed')),
      },
    );
  };

  return (
    <>
      <AuthTitle>{t('reset.title')}</AuthTitle>
      {token === '' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('reset.missingToken')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<ResetValues> layout="vertical" onFinish={submit} requiredMark={false} disabled={token === ''}>
        <Form.Item
          name="password"
          label={t('reset.newPassword')}
          rules={[domainRule(passwordMessage, translate)]}
        >
          <Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('reset.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value !== getFieldValue('password')) throw new Error(t('reset.mismatch'));
              },
            }),
          ]}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('reset.backToLogin')}</Link>
      </div>
    </>
  );
}

export default ResetPasswordPage;
