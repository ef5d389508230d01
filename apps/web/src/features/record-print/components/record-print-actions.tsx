import FilePdfOutlined from '@ant-design/icons/es/icons/FilePdfOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { actionFailureText, isApiError } from '../../../shared/api/api-error.ts';
import { useAreaMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { downloadRecordPdf } from '../api.ts';
import { pdfLanguage } from '../lib/print-language.ts';
import { RECORD_PRINT_NAMESPACE } from '../messages.ts';
import '../record-print.css';

/** The body class under which the print stylesheet lays the page out as the entry alone. */
export const PRINT_PAGE_CLASS = 'formloop-record-print';

/** While mounted, printing the page (the button or the browser's own Ctrl+P) prints the entry alone. */
function usePrintLayout(): void {
  useEffect(() => {
    document.body.classList.add(PRINT_PAGE_CLASS);
    return () => document.body.classList.remove(PRINT_PAGE_CLASS);
  }, []);
}

export interface RecordPrintActionsProps {
  /** A save, submit or delete is running. */
  disabled?: boolean;
}

/**
 * Print (the browser's print dialog on the entry's print layout) and Download PDF (the server's
 * PDF of the entry in the reader's language) for the saved entry of the page's address
 * (/item-editor/:moduleId/:recordId/:taskId?, /task-editor/… alike); nothing without a record.
 */
export function RecordPrintActions(props: RecordPrintActionsProps) {
  const { recordId, taskId } = useParams();
  if (!recordId) return null;
  return (
    // Its words load on their own: the editor around it never waits for them.
    <Suspense fallback={null}>
      <PrintButtons recordId={recordId} taskId={taskId} disabled={props.disabled ?? false} />
    </Suspense>
  );
}

function PrintButtons(props: { recordId: string; taskId: string | undefined; disabled: boolean }) {
  const { t, i18n } = useTranslation(RECORD_PRINT_NAMESPACE);
  const translate = useAreaMessageTranslator(RECORD_PRINT_NAMESPACE);
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  usePrintLayout();

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadRecordPdf(props.recordId, pdfLanguage(i18n.language), props.taskId);
    } catch (error) {
      // A 401 signs out with its own message; anything else (a lost connection too) is said here.
      if (!(isApiError(error) && error.status === 401)) {
        toast.error(actionFailureText(error, translate, t('downloadFailed')) ?? t('downloadFailed'));
      }
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Space wrap size="small" data-testid="record-print-actions">
      <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} disabled={props.disabled}>
        {t('print')}
      </Button>
      <Button
        icon={<FilePdfOutlined aria-hidden />}
        onClick={() => void download()}
        loading={downloading}
        disabled={props.disabled}
        aria-busy={downloading}
        aria-label={downloading ? t('downloading') : undefined}
      >
        {t('downloadPdf')}
      </Button>
    </Space>
  );
}
