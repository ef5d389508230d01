import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import Typography from 'antd/es/typography';
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

/**
 * /reset-password?token=…: choose a new password, then sign in with it (spec §2). The link of an
 * invitation e-mail adds `&invite=1` (the token itself does not say): the new user is asked to
 * choose their password, not to reset one they never had.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const translate = useMessageTranslator();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invited = params.get('invite') === '1';
  // The same form, worded for a first password or for a reset.
  const text = (reset: string, invite: string) => t(invited ? invite : reset);
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = ({ password }: ResetValues) => {
    setFailure(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: (message) => {
          // The server's answer speaks of a changed password; a new user has just set their first one.
          toast.success(
            invited || !message ? text('reset.success', 'reset.inviteSuccess') : translate(message),
          );
          void navigate(LOGIN_PATH, { replace: true });
        },
        onError: (error) =>
          setFailure(
            isApiError(error) && error.message
              ? translate(error)
              : text('reset.failed', 'reset.inviteFailed'),
          ),
      },
    );
  };

  return (
    <>
      <AuthTitle>{text('reset.title', 'reset.inviteTitle')}</AuthTitle>
      {invited ? <Typography.Paragraph>{t('reset.inviteIntro')}</Typography.Paragraph> : null}
      {token === '' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={text('reset.missingToken', 'reset.inviteMissingToken')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<ResetValues> layout="vertical" onFinish={submit} requiredMark={false} disabled={token === ''}>
        <Form.Item
          name="password"
          label={text('reset.newPassword', 'reset.invitePassword')}
          rules={[domainRule(passwordMessage, translate)]}
        >
          <Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={text('reset.confirmPassword', 'reset.inviteConfirmPassword')}
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
          {text('reset.submit', 'reset.inviteSubmit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('reset.backToLogin')}</Link>
      </div>
    </>
  );
}

export default ResetPasswordPage;
