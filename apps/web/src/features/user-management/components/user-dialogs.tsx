import type { ManagedUser } from '@formloop/contracts';
import type { UserKind } from '@formloop/domain';
import Form from 'antd/es/form';
import type { InputRef } from 'antd/es/input';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useChangeLicence, useLicences, useUpdateUser, useUserAction, type UserAction } from '../api.ts';
import { failureText, showFieldErrors, useKindName, useUsersMessage } from '../messages.ts';
import { emailMessage, userNameMessage } from '../validation.ts';
import { LicenceSelect } from './licence-select.tsx';
import { useFocusOnOpen } from '../../../shared/ui/use-focus-on-open.ts';

interface EditValues {
  fullname: string;
  email: string;
}

/** Change a user's full name and e-mail. */
export function EditUserModal({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const { t } = useTranslation('userManagement');
  const translate = useUsersMessage();
  const toast = useToast();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateUser();
  const nameRef = useRef<InputRef>(null);
  useFocusOnOpen(user !== null, () => nameRef.current?.input);

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({ fullname: user.fullname, email: user.email });
  }, [user, form]);

  const submit = (values: EditValues) =>
    update.mutate(
      { id: user!.id, fullname: values.fullname, email: values.email.trim() },
      {
        onSuccess: (response) => {
          toast.success(translate(response.message));
          onClose();
        },
        onError: (error) => {
          if (showFieldErrors(form, error, translate, ['fullname', 'email'])) return;
          toast.error(failureText(error, translate, t('edit.failed')));
        },
      },
    );

  return (
    <Modal
      open={user !== null}
      title={t('edit.title', { name: user?.username ?? '' })}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      forceRender
    >
      <Form<EditValues> name="edit-user" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="fullname"
          label={t('fields.fullname')}
          rules={[domainRule(userNameMessage, translate)]}
        >
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={[domainRule(emailMessage, translate)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** Move a user to another licence kind; kinds without a free seat are disabled. */
export function LicenceModal({
  user,
  canGrantSysAdmin,
  onClose,
}: {
  user: ManagedUser | null;
  canGrantSysAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('userManagement');
  const translate = useUsersMessage();
  const kindName = useKindName();
  const toast = useToast();
  const [form] = Form.useForm<{ user_kind: UserKind }>();
  const licences = useLicences();
  const change = useChangeLicence();

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({ user_kind: user.user_kind });
  }, [user, form]);

  const submit = ({ user_kind }: { user_kind: UserKind }) => {
    if (!user || user_kind === user.user_kind) return onClose();
    change.mutate(
      { id: user.id, user_kind },
      {
        onSuccess: (response) => {
          toast.success(translate(response.message));
          onClose();
        },
        onError: (error) => toast.error(failureText(error, translate, t('licenceModal.failed'))),
      },
    );
  };

  return (
    <Modal
      open={user !== null}
      title={t('licenceModal.title', { name: user?.username ?? '' })}
      okText={t('licenceModal.submit')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      forceRender
    >
      {user ? <p>{t('licenceModal.current', { name: kindName(user.user_kind) })}</p> : null}
      <Form<{ user_kind: UserKind }>
        name="change-licence"
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item name="user_kind" label={t('fields.licence')}>
          <LicenceSelect
            licences={licences.data}
            canGrantSysAdmin={canGrantSysAdmin}
            needsSeat={user?.is_active ?? true}
            {...(user ? { current: user.user_kind } : {})}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface PendingAction {
  user: ManagedUser;
  action: UserAction;
}

/** "Are you sure?" for deactivate, activate, reset password and reset 2FA; runs the action on OK. */
export function ConfirmActionModal({
  pending,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('userManagement');
  const translate = useUsersMessage();
  const toast = useToast();
  const run = useUserAction();
  const action = pending?.action ?? 'deactivate';
  const name = pending?.user.fullname || pending?.user.username || '';

  const confirm = () => {
    if (!pending) return;
    run.mutate(
      { id: pending.user.id, action: pending.action },
      {
        onSuccess: (response) => {
          toast.success(translate(response.message));
          onClose();
        },
        onError: (error) => {
          toast.error(failureText(error, translate, t('actions.failed')));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={pending !== null}
      title={t(`confirm.${action}.title`, { name })}
      okText={t(`actions.${action}`)}
      okButtonProps={{ danger: action !== 'activate' }}
      cancelText={t('cancel')}
      onOk={confirm}
      onCancel={onClose}
      confirmLoading={run.isPending}
    >
      <p>{t(`confirm.${action}.description`)}</p>
    </Modal>
  );
}
