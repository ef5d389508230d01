import type { AppSummary } from '@formloop/contracts';
import { validateAppName } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import type { InputRef } from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error.ts';
import { domainRule } from '../../auth/index.ts';
import { useCopyApp, useReservedModuleNames } from '../api.ts';
import { useAppsMessage, useFailureText } from '../messages.ts';
import { editorPath } from '../paths.ts';

interface CopyValues {
  name: string;
}

/**
 * Copy from (spec §7 CopyFrom): asks the copy's name under the same rules as a new app's, then
 * opens the copy in the editor. Open while `app` is set.
 */
export function CopyAppModal({
  app,
  onClose,
}: {
  app: Pick<AppSummary, 'id' | 'display_name'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const translate = useAppsMessage();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const [form] = Form.useForm<CopyValues>();
  const nameRef = useRef<InputRef>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const copy = useCopyApp();
  const reserved = useReservedModuleNames(app !== null);
  const open = app !== null;

  useEffect(() => {
    if (reserved.isError) console.warn('Could not load the reserved module names', reserved.error);
  }, [reserved.isError, reserved.error]);

  useEffect(() => {
    if (!app) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue({ name: t('copy.defaultName', { name: app.display_name }) });
  }, [app, form, t]);

  const submit = ({ name }: CopyValues) => {
    if (!app) return;
    setFailure(null);
    copy.mutate(
      { moduleId: app.id, name },
      {
        onSuccess: ({ data }) => {
          onClose();
          void navigate(editorPath(data.id));
        },
        onError: (error) => {
          const named = fieldErrorsOf(error).find((entry) => entry.field === 'name');
          if (named || (isApiError(error) && error.status === 409 && error.message.trim())) {
            const message = named?.message ?? (error as Error).message;
            form.setFields([{ name: 'name', errors: [translate(message)] }]);
            return;
          }
          setFailure(failureText(error));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={app ? t('copy.title', { name: app.display_name }) : ''}
      okText={t('copy.submit')}
      cancelText={t('create.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={copy.isPending}
      forceRender
      afterOpenChange={(visible) => {
        if (visible) nameRef.current?.focus();
      }}
    >
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<CopyValues>
        form={form}
        name="copyApp"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: '' }}
        onFinish={submit}
        disabled={copy.isPending}
      >
        <Form.Item
          name="name"
          label={t('copy.name')}
          rules={[domainRule((value) => validateAppName(value, reserved.data ?? []), translate)]}
        >
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
