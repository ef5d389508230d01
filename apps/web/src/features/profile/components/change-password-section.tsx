import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule, passwordMessage } from '../../auth/index.ts';
import { useChangePassword } from '../api.ts';
import { failureText, showFieldErrors, useProfileMessage } from '../messages.ts';
import { currentPasswordMessage } from '../validation.ts';
import { ProfileSection } from './profile-section.tsx';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Current, new and confirmed password (spec §5: 3 to 50 characters); this session survives it. */
export function ChangePasswordSection() {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  const submit = ({ currentPassword, newPassword }: PasswordValues) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (response) => {
          form.resetFields();
          toast.success(translate(response.message) || t('messages.passwordUpdated'));
        },
        onError: (error) => {
          if (!showFieldErrors(form, error, translate, FIELDS))
            toast.error(failureText(error, translate, t('saveFailed')));
        },
      },
    );

  return (
    <ProfileSection title={t('password.title')} testId="profile-password">
      <p style={{ marginTop: 0 }}>{t('password.hint')}</p>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="currentPassword"
          label={t('password.current')}
          rules={[domainRule(currentPasswordMessage, translate)]}
        >
          <Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          rules={[domainRule(passwordMessage, translate)]}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if ((value ?? '') !== (getFieldValue('newPassword') ?? ''))
                  throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </ProfileSection>
  );
}
