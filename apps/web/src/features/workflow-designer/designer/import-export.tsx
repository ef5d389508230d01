import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import type { ImportResult, WorkflowDefinition } from '@formloop/workflow';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { exportFileName, exportText, hasWork, readWorkflowFile } from '../model/file-io.ts';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the browser no longer needs the object.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Import (a .json file: our format or an Elsa 2 export) and Export (Elsa-2-shaped JSON named after
 * the app). An import that would replace real work asks first.
 */
export function ImportExportButtons({
  definition,
  appName,
  onImport,
}: {
  definition: WorkflowDefinition;
  appName: string;
  onImport(result: ImportResult): void;
}) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const toast = useToast();
  const input = useRef<HTMLInputElement | null>(null);
  const [pending, setPending] = useState<{ result: ImportResult; file: string } | null>(null);

  const apply = (result: ImportResult) => {
    setPending(null);
    onImport(result);
    toast.success(t('import.done'));
  };

  const onFile = async (file: File) => {
    const read = readWorkflowFile(await file.text());
    if (!read.ok) {
      toast.error(t(`import.${read.reason}`, { file: file.name }));
      return;
    }
    if (hasWork(definition)) setPending({ result: read.result, file: file.name });
    else apply(read.result);
  };

  return (
    <>
      <Button icon={<ImportOutlined aria-hidden />} onClick={() => input.current?.click()}>
        {t('toolbar.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="workflow-import-file"
        aria-label={t('toolbar.import')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after a refusal.
          event.target.value = '';
          if (file) void onFile(file);
        }}
      />
      <Button
        icon={<ExportOutlined aria-hidden />}
        onClick={() => download(exportFileName(appName), exportText(definition))}
      >
        {t('toolbar.export')}
      </Button>
      <Modal
        open={pending !== null}
        title={t('import.confirmTitle')}
        okText={t('import.confirmOk')}
        cancelText={t('import.cancel')}
        okButtonProps={{ danger: true }}
        onOk={() => pending && apply(pending.result)}
        onCancel={() => setPending(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('import.confirmText', { file: pending?.file ?? '' })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
