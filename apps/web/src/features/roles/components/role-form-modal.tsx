import type { RoleSummary } from '@formloop/contracts';
import Form from 'antd/es/form';
import type { InputRef } from 'antd/es/input';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useSaveRole } from '../api.ts';
import { useRoleMessages } from '../messages.ts';
import { roleDescriptionMessage, roleNameMessage } from '../validation.ts';

interface RoleValues {
  role_name: string;
  description: string;
}

const FIELDS: readonly string[] = ['role_name', 'description'];

/** Create (role undefined) or rename a role; open while `open` is true. `onSaved` gets the saved role. */
export function RoleFormModal({
  open,
  role,
  onClose,
  onSaved,
}: {
  open: boolean;
  role: RoleSummary | undefined;
  onClose: () => void;
  onSaved: (role: RoleSummary) => void;
}) {
  const { t } = useTranslation('roles');
  const { message, translate, failure } = useRoleMessages();
  const toast = useToast();
  const [form] = Form.useForm<RoleValues>();
  const save = useSaveRole();
  const nameRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ role_name: role?.role_name ?? '', description: role?.description ?? '' });
  }, [open, role, form]);

  const submit = (values: RoleValues) =>
    save.mutate(
      { ...(role ? { id: role.id } : {}), role_name: values.role_name, description: values.description },
      {
        onSuccess: (response) => {
          toast.success(message('roleSaved'));
          onSaved(response.data);
          onClose();
        },
        onError: (error) => {
          // Field messages (a 400) and a duplicate name (409) belong under the fields.
          const listed = isApiError(error) && Array.isArray((error.data as { errors?: unknown })?.errors);
          const entries = listed
            ? (error.data as { errors: { field: string; message: string }[] }).errors
            : [];
          const landed = entries.filter((entry) => FIELDS.includes(entry.field));
          if (landed.length > 0) {
            form.setFields(
              landed.map((entry) => ({
                name: entry.field as keyof RoleValues,
                errors: [translate(entry)],
              })),
            );
            return;
          }
          if (isApiError(error) && error.status === 409) {
            form.setFields([{ name: 'role_name', errors: [translate(error)] }]);
            return;
          }
          toast.error(failure(error, t('form.saveFailed')));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={role ? t('form.renameTitle') : t('form.createTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      afterOpenChange={(visible) => {
        if (visible) nameRef.current?.focus();
      }}
    >
      <Form<RoleValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ role_name: '', description: '' }}
      >
        <Form.Item name="role_name" label={t('form.name')} rules={[domainRule(roleNameMessage, translate)]}>
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('form.description')}
          rules={[domainRule(roleDescriptionMessage, translate)]}
        >
          <TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {/* Enter in the name field submits, like the OK button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
