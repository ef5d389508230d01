import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE, rendererMessage, useRendererMessage } from '../messages.ts';
import { asText, type ControlProps } from './control-props.ts';

/** Spec §3 uploaded file. The preview keeps files in the page: nothing is sent, so url and fileKey stay empty. */
export interface StoredFile {
  uid: string;
  name: string;
  status: 'done';
  url: string;
  fileKey: string;
}

const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === 'object' && value !== null && 'uid' in value && 'name' in value;

export const storedFiles = (value: unknown): StoredFile[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter(isStoredFile);

/** Whether a file's name or type is one the field accepts ('.pdf,.png', 'image/*'; empty accepts all). */
export function acceptsFile(accept: string | undefined, file: { name: string; type: string }): boolean {
  const rules = (accept ?? '')
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) =>
    rule.startsWith('.')
      ? name.endsWith(rule)
      : rule.endsWith('/*')
        ? type.startsWith(rule.slice(0, -1))
        : type === rule,
  );
}

export function UploadControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const translate = useRendererMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const type = props.field.fieldType;
  const many = type === 'multi-file';
  const files = storedFiles(props.value);
  const fileList: UploadFile[] = files.map((file) => ({ uid: file.uid, name: file.name, status: 'done' }));
  const maxMb = props.field.maxSizeMb && props.field.maxSizeMb > 0 ? props.field.maxSizeMb : null;

  const commit = (next: StoredFile[]) => props.onChange(many ? next : (next[0] ?? null));

  return (
    <div role="group" aria-label={props.label} aria-describedby={props.describedBy} id={props.id}>
      <Upload
        accept={props.field.accept || undefined}
        multiple={many}
        maxCount={many ? undefined : 1}
        disabled={props.readOnly}
        fileList={fileList}
        showUploadList={{ showRemoveIcon: !props.readOnly }}
        beforeUpload={(file) => {
          if (!acceptsFile(props.field.accept, file)) {
            setProblem(rendererMessage.fileType(file.name, props.field.accept ?? ''));
            return Upload.LIST_IGNORE;
          }
          if (maxMb !== null && file.size > maxMb * 1024 * 1024) {
            setProblem(rendererMessage.fileTooLarge(file.name, maxMb));
            return Upload.LIST_IGNORE;
          }
          setProblem(null);
          // false keeps the file in the list without sending it anywhere (preview mode).
          return false;
        }}
        onChange={({ fileList: next }) =>
          commit(
            next.map((file) => ({
              uid: file.uid,
              name: file.name,
              status: 'done',
              url: asText(file.url),
              fileKey: '',
            })),
          )
        }
        onRemove={(file) => {
          commit(files.filter((stored) => stored.uid !== file.uid));
          return false;
        }}
      >
        {props.readOnly ? null : (
          <Button icon={<UploadOutlined aria-hidden />}>
            {t(type === 'image' ? 'upload.selectImage' : many ? 'upload.selectFiles' : 'upload.selectFile')}
          </Button>
        )}
      </Upload>
      {problem ? (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
          {translate(problem)}
        </div>
      ) : null}
      {props.readOnly && files.length === 0 ? (
        <span style={{ opacity: 0.65 }}>{t('upload.none')}</span>
      ) : null}
    </div>
  );
}
