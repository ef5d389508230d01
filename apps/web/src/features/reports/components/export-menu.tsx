// The Export menu of the viewer, the designer and Quick Report: CSV, XLSX, PDF and PDF in landscape,
// in the reader's language, downloaded under the name the server gives the file. A large export
// runs in the background (the server answers 202): its progress shows under the menu, asked every
// EXPORT_POLL_MS, with the download once it is done (a notification says so too).
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import type { ReportExportFormat, ReportExportJob } from '@formloop/contracts';
import type { Language } from '@formloop/domain';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Progress from 'antd/es/progress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchExportJob, fetchExportJobFile } from '../api.ts';
import { exportLanguage } from '../lib/export-language.ts';
import { saveFile, type DownloadedFile } from '../../../shared/api/file-request.ts';
import { failureReason, REPORTS_NAMESPACE, useReportMessages } from '../messages.ts';

/** How often a background export's progress is asked for. */
export const EXPORT_POLL_MS = 2000;

/** What the server answers an export with: the file, or the background export making it. */
export type ExportAnswer = { file: DownloadedFile } | { accepted: ReportExportJob };

/** A background export's progress, then its download (or why it failed). */
function BackgroundExport({ job, onClose }: { job: ReportExportJob; onClose: () => void }) {
  const { t, i18n } = useTranslation(REPORTS_NAMESPACE);
  const { translate } = useReportMessages();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['reports', 'export-job', job.id],
    queryFn: () => fetchExportJob(job.id),
    initialData: job,
    refetchInterval: (current) =>
      current.state.data && ['completed', 'failed'].includes(current.state.data.status)
        ? false
        : EXPORT_POLL_MS,
  });
  const now = query.data;
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const percent = now.rowsTotal > 0 ? Math.min(100, Math.round((now.rowsDone / now.rowsTotal) * 100)) : 0;
  const download = async () => {
    setFailure(null);
    try {
      saveFile(await fetchExportJobFile(now.id));
    } catch (error) {
      setFailure(failureReason(error, translate, t('export.failed')));
    }
  };
  const closable = { onClose, 'aria-label': t('export.dismiss') };
  if (now.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        closable={closable}
        // The server keeps its reason in English; the reader gets the translated one.
        title={t('messages.exportFailed')}
        role="alert"
        data-testid="report-export-job"
        style={{ flexBasis: '100%' }}
      />
    );
  return (
    <Alert
      type={now.status === 'completed' ? 'success' : 'info'}
      showIcon
      closable={closable}
      data-testid="report-export-job"
      style={{ flexBasis: '100%' }}
      title={
        now.status === 'completed'
          ? t('export.ready', { name: now.name })
          : t('export.background', { count: number(now.rowsTotal) })
      }
      description={
        <div role="status" aria-live="polite">
          {now.status === 'completed' ? (
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => void download()}>
              {t('export.download')}
            </Button>
          ) : (
            <>
              <span>
                {t('export.progress', {
                  name: now.name,
                  done: number(now.rowsDone),
                  total: number(now.rowsTotal),
                })}
              </span>
              <Progress percent={percent} size="small" aria-label={now.name} />
            </>
          )}
          {failure ? <p style={{ margin: 0 }}>{failure}</p> : null}
        </div>
      }
    />
  );
}

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
  fetchFile: (choice: ExportChoice) => Promise<ExportAnswer>;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation(REPORTS_NAMESPACE);
  const { translate } = useReportMessages();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [job, setJob] = useState<ReportExportJob | null>(null);

  const run = async (key: string) => {
    const choice = CHOICES.find((one) => one.key === key);
    if (!choice || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await fetchFile({
        format: choice.format,
        landscape: choice.landscape,
        language: exportLanguage(i18n.language),
      });
      if ('file' in answer) saveFile(answer.file);
      else setJob(answer.accepted);
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
      {job ? <BackgroundExport key={job.id} job={job} onClose={() => setJob(null)} /> : null}
    </>
  );
}
