// The Export menu of the viewer, the designer and Quick Report: CSV, XLSX, PDF and PDF in landscape,
// in the reader's language, downloaded under the name the server gives the file.
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import type { ReportExportFormat } from '@formloop/contracts';
import type { Language } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportLanguage } from '../lib/export-language.ts';
import { saveFile, type DownloadedFile } from '../../../shared/api/file-request.ts';
import { failureReason, REPORTS_NAMESPACE, useReportMessages } from '../messages.ts';

export interface ExportChoice {
  format: ReportExportFormat;
  landscape: boolean;
  language: Language;
}

const CHOICES = [
  { key: 'csv', format: 'csv', landscape: false },
  { key: 'xlsx', format: 'xlsx', landscape: false },
  { key: 'pdf', format: 'pdf', landscape: false },
  { key: 'pdfLandscape', format: 'pdf', landscape: true },
] as const;

export function ExportMenu({
  fetchFile,
  disabled,
}: {
  /** Asks the server for the file (the caller knows the path and what is on screen). */
  fetchFile: (choice: ExportChoice) => Promise<DownloadedFile>;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation(REPORTS_NAMESPACE);
  const { translate } = useReportMessages();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (key: string) => {
    const choice = CHOICES.find((one) => one.key === key);
    if (!choice || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      saveFile(
        await fetchFile({
          format: choice.format,
          landscape: choice.landscape,
          language: exportLanguage(i18n.language),
        }),
      );
    } catch (error) {
      setFailure(failureReason(error, translate, t('export.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={disabled || busy}
        menu={{
          items: CHOICES.map((choice) => ({ key: choice.key, label: t(`export.${choice.key}`) })),
          onClick: ({ key }) => void run(key),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} aria-busy={busy} data-testid="report-export">
          {busy ? t('export.busy') : t('export.button')}
        </Button>
      </Dropdown>
      {failure ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setFailure(null), 'aria-label': t('export.dismiss') }}
          title={failure}
          role="alert"
          data-testid="report-export-failed"
          style={{ flexBasis: '100%' }}
        />
      ) : null}
    </>
  );
}
