import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { failureReason, REPORTS_NAMESPACE, useReportMessages } from '../messages.ts';

/** A report that could not run: the time limit (503) in the reader's words, a refused definition, or a retry. */
export function RunFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { text, translate } = useReportMessages();
  const timedOut = isApiError(error) && error.status === 503;
  const message = timedOut ? text('timedOut') : failureReason(error, translate, t('viewer.runFailed'));
  return (
    <Alert
      type={timedOut ? 'warning' : 'error'}
      showIcon
      role="alert"
      title={message}
      data-testid="report-run-failed"
      action={onRetry ? <Button onClick={onRetry}>{t('retry')}</Button> : undefined}
    />
  );
}
