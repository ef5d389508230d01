import type { UserProfile } from '@formloop/contracts';
import { DATE_FORMATS, type DateFormat } from '@formloop/domain';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useUpdateUserProfile } from '../api.ts';
import { failureText, showFieldErrors, useProfileMessage } from '../messages.ts';
import { emailMessage, fullnameMessage } from '../validation.ts';
import { ProfileSection } from './profile-section.tsx';

interface InfoValues {
  username: string;
  fullname: string;
  email: string;
  date_format: DateFormat;
}

const FIELDS = ['fullname', 'email', 'date_format'] as const;

/** Username (read-only), full name, e-mail and date format (spec §3 user info, §9 date formats). */
export function UserInfoSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const [form] = Form.useForm<InfoValues>();
  const save = useUpdateUserProfile();

  useEffect(() => {
    form.setFieldsValue({
      username: profile.username,
      fullname: profile.fullname,
      email: profile.email,
      date_format: (DATE_FORMATS as readonly string[]).includes(profile.date_format)
        ? (profile.date_format as DateFormat)
        : DATE_FORMATS[0],
    });
  }, [form, profile.username, profile.fullname, profile.email, profile.date_format]);

  const submit = ({ fullname, email, date_format }: InfoValues) =>
    save.mutate(
      { fullname, email: email.trim(), date_format },
      {
        onSuccess: (response) => toast.success(translate(response.message) || t('messages.profileSaved')),
        onError: (error) => {
          if (!showFieldErrors(form, error, translate, FIELDS))
            toast.error(failureText(error, translate, t('saveFailed')));
        },
      },
    );

  return (
    <ProfileSection title={t('info.title')} testId="profile-info">
      <Form<InfoValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label={t('info.username')}>
          <Input readOnly variant="filled" />
        </Form.Item>
        <Form.Item
          name="fullname"
          label={t('info.fullname')}
          rules={[domainRule(fullnameMessage, translate)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('info.email')} rules={[domainRule(emailMessage, translate)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="date_format" label={t('info.dateFormat')}>
          <Select options={DATE_FORMATS.map((format) => ({ value: format, label: format }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </ProfileSection>
  );
}
