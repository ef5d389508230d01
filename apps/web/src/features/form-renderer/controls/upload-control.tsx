import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import type { RcFile, UploadFile } from 'antd/es/upload/interface';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { absoluteFilePermalink, useFileHref, useFilesMessage } from '../../files/index.ts';
import { FORM_RENDERER_NAMESPACE, rendererMessage, useRendererMessage } from '../messages.ts';
import { useRendererRuntime } from '../runtime-context.ts';
import { failureText, removeUnsavedFile, uploadFiles } from '../runtime/files-api.ts';
import { asText, type ControlProps } from './control-props.ts';

/**
 * Spec §3 uploaded file, as the server's Upload answers it. The form editor's preview keeps files in
 * the page: nothing is sent, so url and fileKey stay empty there.
 */
export interface StoredFile {
  uid: string;
  name: string;
  status: 'done';
  url: string;
  fileKey: string;
  type?: string;
  size?: number;
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

/** Copies a stored file's /permalink/file address, saying whether it worked. */
function CopyLinkButton({ file }: { file: StoredFile }) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const toast = useToast();
  const link = absoluteFilePermalink(file.fileKey);
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) return toast.info(t('upload.copyManually', { link }));
    clipboard.writeText(link).then(
      () => toast.success(t('upload.linkCopied')),
      () => toast.info(t('upload.copyManually', { link })),
    );
  };
  return (
    <Button
      type="link"
      size="small"
      icon={<LinkOutlined aria-hidden />}
      aria-label={t('upload.copyLinkOf', { name: file.name })}
      onClick={copy}
    >
      {t('upload.copyLink')}
    </Button>
  );
}

/**
 * image, file and multi-file. In a running app each chosen file goes to Upload at once (with its
 * progress) and the field stores the server's answer; in the form editor's preview files stay in
 * the page. Accepted types and the size limit are checked here first; the server checks again
 * (the bytes, not the name) and its refusal is shown under the field.
 */
export function UploadControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const translate = useRendererMessage();
  const translateFiles = useFilesMessage();
  const runtime = useRendererRuntime();
  const href = useFileHref();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  // Keys this form uploaded: only those may be removed from storage (a saved record's files stay).
  const uploadedHere = useRef(new Set<string>());
  // An uploaded file keeps the list entry of its upload (same key): it turns done in place.
  const listUid = useRef(new Map<string, string>());
  const shownUid = (file: StoredFile) => listUid.current.get(file.uid) ?? file.uid;
  const storedFor = (item: UploadFile) => files.find((file) => shownUid(file) === item.uid);
  // The value as of the last change, so uploads finishing together each add to the other's result.
  const latest = useRef<unknown>(props.value);
  useEffect(() => {
    latest.current = props.value;
  }, [props.value]);

  const type = props.field.fieldType;
  const image = type === 'image';
  const many = type === 'multi-file';
  const files = storedFiles(props.value);
  const maxMb = props.field.maxSizeMb && props.field.maxSizeMb > 0 ? props.field.maxSizeMb : null;

  const commit = (next: StoredFile[]) => {
    const value = many ? next : (next[0] ?? null);
    latest.current = value;
    props.onChange(value);
  };
  const forget = (removed: StoredFile[]) => {
    for (const file of removed) {
      if (!file.fileKey || !uploadedHere.current.has(file.fileKey)) continue;
      uploadedHere.current.delete(file.fileKey);
      void removeUnsavedFile(file.fileKey);
    }
  };

  const shown = files.map(shownUid);
  const fileList: UploadFile[] = [
    ...files.map((file): UploadFile => ({
      uid: shownUid(file),
      name: file.name,
      status: 'done',
      url: href(file) || undefined,
      thumbUrl: image ? href(file) || undefined : undefined,
      type: file.type,
      size: file.size,
    })),
    // Between the stored answer and the upload's own 'done', an entry would show twice.
    ...uploading.filter((item) => !shown.includes(item.uid)),
  ];

  const customRequest = ({
    file,
    onProgress,
    onSuccess,
    onError,
  }: {
    file: string | Blob | RcFile;
    onProgress?: (event: { percent: number }) => void;
    onSuccess?: (body: unknown) => void;
    onError?: (error: Error) => void;
  }) => {
    if (!runtime || !(file instanceof File)) return;
    uploadFiles(
      [file],
      { moduleId: runtime.moduleId, fieldName: props.field.name },
      {
        onProgress: (fraction) => onProgress?.({ percent: Math.round(fraction * 100) }),
      },
    ).then(
      (answer) => {
        for (const stored of answer) uploadedHere.current.add(stored.fileKey);
        if (answer[0]) listUid.current.set(answer[0].uid, (file as RcFile).uid);
        const before = storedFiles(latest.current);
        if (!many) forget(before);
        commit(many ? [...before, ...answer] : answer.slice(0, 1));
        setProblem(null);
        onSuccess?.(answer);
      },
      (error: unknown) => {
        setProblem(failureText(error, t('upload.failed', { name: file.name })));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  const itemRender = (node: ReactNode, item: UploadFile) => {
    const stored = storedFor(item);
    if (!stored?.fileKey) return node;
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <div style={{ flex: 1, minWidth: 0 }}>{node}</div>
        <CopyLinkButton file={stored} />
      </div>
    );
  };

  return (
    <div role="group" aria-label={props.label} aria-describedby={props.describedBy} id={props.id}>
      <Upload
        accept={props.field.accept || undefined}
        multiple={many}
        maxCount={many ? undefined : 1}
        disabled={props.readOnly}
        listType={image ? 'picture' : 'text'}
        fileList={fileList}
        showUploadList={{ showRemoveIcon: !props.readOnly }}
        itemRender={itemRender}
        customRequest={customRequest}
        beforeUpload={(file) => {
          if (!acceptsFile(props.field.accept, file)) {
            setProblem(translate(rendererMessage.fileType(file.name, props.field.accept ?? '')));
            return Upload.LIST_IGNORE;
          }
          if (maxMb !== null && file.size > maxMb * 1024 * 1024) {
            setProblem(translate(rendererMessage.fileTooLarge(file.name, maxMb)));
            return Upload.LIST_IGNORE;
          }
          setProblem(null);
          // Preview: false keeps the file in the list without sending it anywhere.
          return runtime ? true : false;
        }}
        onChange={({ fileList: next }) => {
          if (runtime) {
            // Finished uploads are in the value already; failed ones are explained under the field.
            setUploading(next.filter((file) => file.status === 'uploading'));
            return;
          }
          commit(
            next.map((file) => {
              const kept = storedFor(file);
              return (
                kept ?? {
                  uid: file.uid,
                  name: file.name,
                  status: 'done',
                  url: asText(file.url),
                  fileKey: '',
                  type: file.type,
                  size: file.size,
                }
              );
            }),
          );
        }}
        onRemove={(item) => {
          const removed = storedFor(item);
          if (!removed) return true;
          forget([removed]);
          commit(files.filter((stored) => stored !== removed));
          return false;
        }}
      >
        {props.readOnly ? null : (
          <Button icon={<UploadOutlined aria-hidden />}>
            {t(image ? 'upload.selectImage' : many ? 'upload.selectFiles' : 'upload.selectFile')}
          </Button>
        )}
      </Upload>
      {problem ? (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
          {translateFiles(problem)}
        </div>
      ) : null}
      {props.readOnly && files.length === 0 ? (
        <span style={{ opacity: 0.65 }}>{t('upload.none')}</span>
      ) : null}
    </div>
  );
}
