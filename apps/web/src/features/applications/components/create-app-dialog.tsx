import type { AppExample, CreateAppBody } from '@formloop/contracts';
import { APP_CREATE_NAVIGATE_DELAY_MS, validateAppName, validateDescription } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import type { InputRef } from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error.ts';
import { domainRule } from '../../auth/index.ts';
import { useModuleCategories } from '../../module-categories/index.ts';
import { useCreateApp, useMlProviders, useReservedModuleNames } from '../api.ts';
import { useAppsMessage, useFailureText } from '../messages.ts';
import { editorPath } from '../paths.ts';
import { ExampleGallery } from './example-gallery.tsx';
import { IconField } from './icon-field.tsx';
import { chosenServices, MlServiceFields } from './ml-service-fields.tsx';

interface CreateAppValues {
  name: string;
  description: string;
  categoryId?: string;
  ocrProviderId?: string;
  services?: string | string[];
  appIcon: string;
  addToQuickLaunch: boolean;
}

const INITIAL: CreateAppValues = { name: '', description: '', appIcon: '', addToQuickLaunch: false };

/** Where a server field error lands: the body's name, or the form field that fills it. */
const FIELD_OF: Record<string, keyof CreateAppValues> = {
  name: 'name',
  description: 'description',
  categoryId: 'categoryId',
  ocrProviderId: 'ocrProviderId',
  ocrProviderName: 'ocrProviderId',
  machineLearningServiceId: 'services',
  appIcon: 'appIcon',
};

/**
 * The Create App dialog (spec §2, §4, §5). On success the app lists refresh, the dialog closes and
 * the new app's editor opens 150 ms later; on failure the server's message shows (under its field
 * when it names one) and the form can be used again. Enter submits, Escape closes. Above the form,
 * the tenant's example apps offer a start from a copy (issue 25's template gallery).
 */
export function CreateAppDialog({
  open,
  onClose,
  onStartFrom,
}: {
  open: boolean;
  onClose: () => void;
  /** Start from an example: the caller copies it (CopyFrom). Without it, no gallery. */
  onStartFrom?: (example: AppExample) => void;
}) {
  const { t } = useTranslation('applications');
  const translate = useAppsMessage();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateAppValues>();
  const nameRef = useRef<InputRef>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateApp();
  const groups = useModuleCategories();
  const reserved = useReservedModuleNames(open);
  const providers = useMlProviders(open);

  useEffect(() => {
    // Spec §8: a failure to fetch the reserved names is only logged; the server checks them too.
    if (reserved.isError) console.warn('Could not load the reserved module names', reserved.error);
  }, [reserved.isError, reserved.error]);

  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure(null);
    resetCreate();
  }, [open, form, resetCreate]);

  const submit = (values: CreateAppValues) => {
    setFailure(null);
    const provider = providers.data?.find((item) => item.id === values.ocrProviderId);
    const services = provider ? chosenServices(values.services) : [];
    const body: CreateAppBody = {
      name: values.name,
      description: values.description ?? '',
      categoryId: values.categoryId ?? null,
      ocrProviderId: provider?.id ?? null,
      ocrProviderName: provider?.ocr_provider_name ?? null,
      // Spec §7: the services travel as JSON text of their ids.
      machineLearningServiceId: services.length > 0 ? JSON.stringify(services) : null,
      appIcon: values.appIcon.trim() || null,
      addToQuickLaunch: values.addToQuickLaunch,
    };
    create.mutate(body, {
      onSuccess: ({ data }) => {
        onClose();
        // Spec §4, §9: the editor opens 150 ms after the dialog closes.
        setTimeout(() => void navigate(editorPath(data.id)), APP_CREATE_NAVIGATE_DELAY_MS);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error).filter((entry) => FIELD_OF[entry.field]);
        if (fields.length > 0) {
          form.setFields(
            fields.map((entry) => ({ name: FIELD_OF[entry.field]!, errors: [translate(entry)] })),
          );
          return;
        }
        // A duplicate name belongs under the name; anything else in the dialog's alert.
        if (isApiError(error) && error.status === 409 && error.message.trim()) {
          form.setFields([{ name: 'name', errors: [translate(error)] }]);
          return;
        }
        setFailure(failureText(error));
      },
    });
  };

  const busy = create.isPending;
  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('create.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: !busy }}
      forceRender
      width={620}
      afterOpenChange={(visible) => {
        if (visible) nameRef.current?.focus();
      }}
    >
      {onStartFrom ? <ExampleGallery enabled={open} onChoose={onStartFrom} /> : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure}
          data-testid="create-app-failure"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<CreateAppValues>
        form={form}
        name="createApp"
        layout="vertical"
        initialValues={INITIAL}
        onFinish={submit}
        disabled={busy}
      >
        <Form.Item
          name="name"
          label={t('create.name')}
          required
          rules={[domainRule((value) => validateAppName(value, reserved.data ?? []), translate)]}
        >
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('create.description')}
          rules={[domainRule(validateDescription, translate)]}
        >
          <TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount />
        </Form.Item>
        <Form.Item name="categoryId" label={t('create.group')}>
          <Select
            allowClear
            loading={groups.isPending}
            placeholder={t('create.groupPlaceholder')}
            options={[...(groups.data ?? [])]
              .sort((a, b) => a.order_index - b.order_index)
              .map((group) => ({ value: group.id, label: group.category_name }))}
          />
        </Form.Item>
        <MlServiceFields open={open} />
        <Form.Item name="appIcon" label={t('create.icon')}>
          <IconField />
        </Form.Item>
        <Form.Item name="addToQuickLaunch" valuePropName="checked">
          <Checkbox>{t('create.addToQuickLaunch')}</Checkbox>
        </Form.Item>
        {/* Enter in a field submits, like the Create button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
