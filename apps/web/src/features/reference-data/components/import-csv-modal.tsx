import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import {
  REFERENCE_CSV_MAX_BYTES,
  REFERENCE_DATA_MESSAGES,
  type ImportReferenceCsvResult,
  type ReferenceImportMode,
} from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Upload from 'antd/es/upload';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useImportReferenceCsv, useReferenceLists } from '../api.ts';
import { REFERENCE_DATA_NAMESPACE, failureReason, useReferenceMessages } from '../messages.ts';
import { keyNameMessage } from '../validation.ts';

interface ImportValues {
  mode: ReferenceImportMode;
  key_name: string;
  listId: string | undefined;
  hasHeader: boolean;
}

const INITIAL: ImportValues = { mode: 'create', key_name: '', listId: undefined, hasHeader: true };

/** The file's text, read in the browser (nothing is uploaded until the import call). */
async function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** Import CSV: into a new list, or appended to / replacing an existing one; shows how many rows came in. */
export function ImportCsvModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { text, translate } = useReferenceMessages();
  const toast = useToast();
  const [form] = Form.useForm<ImportValues>();
  const mode = Form.useWatch('mode', form) ?? 'create';
  const lists = useReferenceLists();
  const run = useImportReferenceCsv();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportReferenceCsvResult | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFile(null);
    setFileError(null);
    setResult(null);
  }, [open, form]);

  const choose = (chosen: File) => {
    setResult(null);
    if (chosen.size > REFERENCE_CSV_MAX_BYTES) {
      setFile(null);
      setFileError(translate(REFERENCE_DATA_MESSAGES.csvTooLarge));
      return false;
    }
    readText(chosen).then(
      (content) => {
        setFile({ name: chosen.name, text: content });
        setFileError(null);
      },
      () => setFileError(text('importFailed')),
    );
    // Read here, sent with the import call: antd must not upload the file anywhere itself.
    return false;
  };

  const submit = (values: ImportValues) => {
    if (!file) return setFileError(translate(MESSAGES.required));
    if (byteLength(file.text) > REFERENCE_CSV_MAX_BYTES) {
      return setFileError(translate(REFERENCE_DATA_MESSAGES.csvTooLarge));
    }
    run.mutate(
      {
        mode: values.mode,
        ...(values.mode === 'create' ? { key_name: values.key_name } : { listId: values.listId }),
        hasHeader: values.hasHeader,
        csv: file.text,
      },
      {
        onSuccess: (response) => {
          setResult(response.data);
          toast.success(
            text('imported', { imported: response.data.imported, skipped: response.data.skipped }),
          );
        },
        onError: (error) => {
          const errors = fieldErrorsOf(error);
          const csv = errors.find((entry) => entry.field === 'csv');
          if (csv) setFileError(translate(csv.message));
          const fields = errors.filter((entry) => entry.field === 'key_name' || entry.field === 'listId');
          form.setFields(
            fields.map((entry) => ({
              name: entry.field as keyof ImportValues,
              errors: [translate(entry)],
            })),
          );
          if (isApiError(error) && error.status === 409) {
            form.setFields([{ name: 'key_name', errors: [translate(error)] }]);
          }
          toast.error(failureReason(error, translate, text('importFailed')));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      okText={result ? t('import.done') : t('import.submit')}
      cancelText={t('import.cancel')}
      onOk={() => (result ? onClose() : form.submit())}
      onCancel={onClose}
      confirmLoading={run.isPending}
      forceRender
    >
      <Form<ImportValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={INITIAL}
        requiredMark={false}
      >
        <Form.Item name="mode" label={t('import.mode')}>
          <Radio.Group
            options={(['create', 'append', 'replace'] as const).map((value) => ({
              value,
              label: t(`import.modes.${value}`),
            }))}
          />
        </Form.Item>
        {mode === 'create' ? (
          // Keyed: the two fields take turns in one place, and antd must not reuse one for the other.
          <Form.Item
            key="key_name"
            name="key_name"
            label={t('fields.keyName')}
            rules={[domainRule(keyNameMessage, translate)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item
            key="listId"
            name="listId"
            label={t('import.list')}
            rules={[{ required: true, message: translate(REFERENCE_DATA_MESSAGES.listRequired) }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={lists.isPending}
              options={(lists.data ?? []).map((list) => ({ value: list.id, label: list.key_name }))}
              placeholder={t('import.listPlaceholder')}
            />
          </Form.Item>
        )}
        <Form.Item name="hasHeader" valuePropName="checked">
          <Checkbox>{t('import.hasHeader')}</Checkbox>
        </Form.Item>
        <Form.Item
          label={t('import.file')}
          extra={t('import.fileHint')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Upload accept=".csv,text/csv" maxCount={1} showUploadList={false} beforeUpload={choose}>
            <Button icon={<UploadOutlined />}>{t('import.choose')}</Button>
          </Upload>
          {file ? (
            <div data-testid="import-file-name" style={{ marginTop: 8 }}>
              {file.name}
            </div>
          ) : null}
        </Form.Item>
      </Form>
      {result ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={text('imported', { imported: result.imported, skipped: result.skipped })}
        />
      ) : null}
    </Modal>
  );
}
