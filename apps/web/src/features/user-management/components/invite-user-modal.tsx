import { MESSAGES, type UserKind } from '@formloop/domain';
import Form from 'antd/es/form';
import type { InputRef } from 'antd/es/input';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Modal from 'antd/es/modal';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useCreateUser, useLicences } from '../api.ts';
import { failureText, showFieldErrors, useUsersMessage, usersMessageKey } from '../messages.ts';
import { emailMessage, optionalPasswordMessage, userNameMessage } from '../validation.ts';
import { LicenceSelect } from './licence-select.tsx';
import { useFocusOnOpen } from '../../../shared/ui/use-focus-on-open.ts';

interface InviteValues {
  username: string;
  fullname: string;
  email: string;
  user_kind: UserKind | undefined;
  password: string;
}

const FIELDS: readonly string[] = ['username', 'fullname', 'email', 'user_kind', 'password'];
const EMPTY: InviteValues = { username: '', fullname: '', email: '', user_kind: undefined, password: '' };

/**
 * Invite (no password: the user gets a set-password e-mail) or create (with a password) a user. The
 * title and the OK button say which of the two happens as the password field is filled or emptied.
 * `kind` preselects a licence, e.g. the one the list is filtered by.
 */
export function InviteUserModal({
  open,
  kind,
  canGrantSysAdmin,
  onClose,
}: {
  open: boolean;
  kind: UserKind | null;
  canGrantSysAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('userManagement');
  const translate = useUsersMessage();
  const toast = useToast();
  const [form] = Form.useForm<InviteValues>();
  const licences = useLicences();
  const create = useCreateUser();
  const nameRef = useRef<InputRef>(null);
  useFocusOnOpen(open, () => nameRef.current?.input);
  // With a password the administrator creates the account; without, the user is e-mailed an invitation.
  const password = Form.useWatch('password', form);
  const creating = typeof password === 'string' && password !== '';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...EMPTY, user_kind: kind ?? undefined });
  }, [open, kind, form]);

  const required = (value: unknown) => (value ? undefined : translate(MESSAGES.required));

  const submit = (values: InviteValues) =>
    create.mutate(
      {
        username: values.username,
        fullname: values.fullname,
        email: values.email.trim(),
        user_kind: values.user_kind!,
        ...(values.password === '' ? {} : { password: values.password }),
      },
      {
        onSuccess: (response) => {
          toast.success(translate(response.message));
          onClose();
        },
        onError: (error) => {
          if (showFieldErrors(form, error, translate, FIELDS)) return;
          // A taken name belongs under the name; a full licence under the licence.
          if (isApiError(error) && error.status === 409) {
            const field = usersMessageKey(error) === 'noSeatsLeft' ? 'user_kind' : 'username';
            form.setFields([{ name: field, errors: [translate(error)] }]);
            return;
          }
          toast.error(failureText(error, translate, t('invite.failed')));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={creating ? t('invite.createTitle') : t('invite.title')}
      okText={creating ? t('invite.createSubmit') : t('invite.submit')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      forceRender
    >
      <Form<InviteValues>
        name="invite-user"
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={EMPTY}
        data-testid="invite-user-form"
      >
        <Form.Item
          name="username"
          label={t('fields.username')}
          rules={[domainRule(userNameMessage, translate)]}
        >
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="fullname"
          label={t('fields.fullname')}
          rules={[domainRule(userNameMessage, translate)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={[domainRule(emailMessage, translate)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="user_kind"
          label={t('fields.licence')}
          rules={[{ validator: async (_rule, value: unknown) => void maybeThrow(required(value)) }]}
        >
          <LicenceSelect licences={licences.data} canGrantSysAdmin={canGrantSysAdmin} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('invite.password')}
          extra={t('invite.passwordHint')}
          rules={[domainRule(optionalPasswordMessage, translate)]}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        {/* Enter in any field submits, like the OK button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

function maybeThrow(message: string | undefined): void {
  if (message) throw new Error(message);
}
