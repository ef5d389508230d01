import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { failureReason, REPORTS_NAMESPACE, useReportMessages } from '../messages.ts';

/** A drill that could not open its records (the server's reason, translated, or the generic one). */
export function DrillFailure({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { translate } = useReportMessages();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      closable={{ onClose, 'aria-label': t('export.dismiss') }}
      title={failureReason(error, translate, t('drill.failed'))}
      data-testid="report-drill-failed"
    />
  );
}
