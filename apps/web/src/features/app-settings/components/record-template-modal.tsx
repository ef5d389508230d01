import type { RecordTemplate } from '@formloop/contracts';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import type { InputRef } from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useCreateRecordTemplate, useRenameRecordTemplate } from '../api.ts';
import { templateData, templateNameMessage, type ValueField } from '../lib/template-values.ts';
import { failureText, useAppSettingsMessage } from '../messages.ts';

interface TemplateForm {
  templateName: string;
  values: Record<string, unknown>;
}

type FieldErrors = Parameters<FormInstance<TemplateForm>['setFields']>[0];

const INPUT_TYPES = { number: 'number', date: 'date', time: 'time', datetime: 'datetime-local' } as const;

/** Create a record template (name and values) or rename one (`template` set): open while `open`. */
export function RecordTemplateModal({
  open,
  moduleId,
  template,
  fields,
  onClose,
}: {
  open: boolean;
  moduleId: string;
  template: RecordTemplate | undefined;
  fields: readonly ValueField[];
  onClose: () => void;
}) {
  const { t } = useTranslation('appSettings');
  const translate = useAppSettingsMessage();
  const toast = useToast();
  const [form] = Form.useForm<TemplateForm>();
  const create = useCreateRecordTemplate(moduleId);
  const rename = useRenameRecordTemplate(moduleId);
  const nameRef = useRef<InputRef>(null);
  const busy = create.isPending || rename.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ templateName: template?.template_name ?? '', values: {} });
  }, [open, template, form]);

  const onError = (error: unknown) => {
    const landed = fieldErrorsOf(error).flatMap((entry): FieldErrors => {
      if (entry.field === 'templateName') return [{ name: 'templateName', errors: [translate(entry)] }];
      const match = /^data\.(.+)$/.exec(entry.field);
      return match ? [{ name: ['values', match[1]!], errors: [translate(entry)] }] : [];
    });
    if (isApiError(error) && error.status === 409) {
      landed.push({ name: 'templateName', errors: [translate(error)] });
    }
    if (landed.length > 0) form.setFields(landed);
    toast.error(failureText(error, translate, t('templates.saveFailed')));
  };

  const done = (message: string) => {
    toast.success(translate(message));
    onClose();
  };

  const submit = ({ templateName, values }: TemplateForm) => {
    if (template) {
      rename.mutate({ id: template.id, templateName }, { onSuccess: (r) => done(r.message), onError });
      return;
    }
    create.mutate(
      { moduleId, templateName, data: templateData(fields, values ?? {}) },
      { onSuccess: (r) => done(r.message), onError },
    );
  };

  const input = (field: ValueField) => {
    if (field.kind === 'boolean') return <Checkbox>{t('templates.setTrue')}</Checkbox>;
    if (field.kind === 'textarea') return <TextArea rows={2} />;
    const type = field.kind === 'text' ? 'text' : INPUT_TYPES[field.kind];
    return <Input type={type} autoComplete="off" step={field.kind === 'number' ? 'any' : undefined} />;
  };

  return (
    <Modal
      open={open}
      title={template ? t('templates.renameTitle') : t('templates.createTitle')}
      okText={t('templates.save')}
      cancelText={t('templates.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      forceRender
      afterOpenChange={(visible) => {
        if (visible) nameRef.current?.focus();
      }}
    >
      <Form<TemplateForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ templateName: '', values: {} }}
      >
        <Form.Item
          name="templateName"
          label={t('templates.name')}
          rules={[domainRule(templateNameMessage, translate)]}
        >
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        {template ? null : fields.length === 0 ? (
          <p data-testid="no-value-fields">{t('templates.noValueFields')}</p>
        ) : (
          <>
            <p>{t('templates.valuesHint')}</p>
            {fields.map((field) => (
              <Form.Item
                key={field.name}
                name={['values', field.name]}
                label={field.label}
                valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
              >
                {input(field)}
              </Form.Item>
            ))}
          </>
        )}
        {/* Enter in a field submits, like the OK button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
