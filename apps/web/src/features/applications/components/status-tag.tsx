import type { AppSummary } from '@formloop/contracts';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** Spec §4 app status: Published once a version has been published, Draft before. */
export function StatusTag({ status }: { status: AppSummary['status'] }) {
  const { t } = useTranslation('applications');
  return (
    <Tag color={status === 'Published' ? 'green' : 'default'} data-testid="app-status">
      {status === 'Published' ? t('status.published') : t('status.draft')}
    </Tag>
  );
}
