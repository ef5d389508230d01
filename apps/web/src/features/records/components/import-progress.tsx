import { IMPORT_REJECTED_KEPT, type ImportStatus } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import theme from 'antd/es/theme';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { refreshRecords, useImportStatus } from '../api.ts';
import { useRecordsMessage } from '../messages.ts';

type Rejected = ImportStatus['rejected'][number];

/**
 * A running import, asked after every second: rows read, imported and rejected with a progress bar;
 * at the end the rejected rows with their line and problems, and the list and summary refreshed.
 */
export function ImportProgress({
  moduleId,
  importId,
  estimatedRows,
}: {
  moduleId: string;
  importId: string;
  estimatedRows: number;
}) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const translate = useRecordsMessage();
  const queryClient = useQueryClient();
  const status = useImportStatus(importId);
  const finished = status.data && status.data.status !== 'running';
  const refreshed = useRef(false);

  useEffect(() => {
    if (!finished || refreshed.current) return;
    refreshed.current = true;
    void refreshRecords(queryClient, moduleId);
  }, [finished, queryClient, moduleId]);

  if (status.isError) {
    return (
      <LoadFailedAlert
        title={t('import.statusFailed')}
        retryLabel={t('retry')}
        onRetry={() => void status.refetch()}
      />
    );
  }
  const data = status.data;
  const processed = data?.processedRows ?? 0;
  const percent = finished
    ? 100
    : estimatedRows > 0
      ? Math.min(99, Math.floor((processed / estimatedRows) * 100))
      : 0;

  return (
    <div data-testid="import-progress">
      <Progress
        percent={percent}
        status={data?.status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
        aria-label={t('import.progress')}
      />
      <div
        style={{ display: 'flex', gap: token.marginLG, flexWrap: 'wrap', margin: `${token.marginXS}px 0` }}
      >
        <span data-testid="import-processed">{t('import.processed', { count: processed })}</span>
        <span data-testid="import-imported">{t('import.imported', { count: data?.importedRows ?? 0 })}</span>
        <span data-testid="import-rejected">{t('import.rejected', { count: data?.rejectedRows ?? 0 })}</span>
      </div>
      {!finished ? <p style={{ color: token.colorTextSecondary }}>{t('import.running')}</p> : null}
      {data?.status === 'completed' ? <Alert type="success" showIcon title={t('import.done')} /> : null}
      {data?.status === 'failed' ? (
        <Alert type="error" showIcon title={data.error ? translate(data.error) : t('import.failed')} />
      ) : null}
      {data && finished && data.rejected.length > 0 ? (
        <div style={{ marginTop: token.margin }}>
          <h3 style={{ fontSize: token.fontSizeLG }}>{t('import.rejectedTitle')}</h3>
          <Table<Rejected>
            data-testid="import-rejected-rows"
            size="small"
            rowKey="line"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={data.rejected}
            columns={[
              { key: 'line', title: t('import.line'), dataIndex: 'line', width: 80 },
              {
                key: 'errors',
                title: t('import.problems'),
                render: (_: unknown, row: Rejected) =>
                  row.errors
                    .map((error) => `${error.field ? `${error.field}: ` : ''}${translate(error)}`)
                    .join('; '),
              },
            ]}
          />
          {data.rejectedRows > data.rejected.length ? (
            <p style={{ color: token.colorTextSecondary }}>
              {t('import.moreRejected', { count: IMPORT_REJECTED_KEPT })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
