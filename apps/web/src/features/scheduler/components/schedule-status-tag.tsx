import type { ScheduleStatus } from '@formloop/contracts';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { SCHEDULER_NAMESPACE } from '../messages.ts';

/** Active (green) or paused (orange), in the reader's language. */
export function ScheduleStatusTag({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  return (
    <Tag color={status === 'active' ? 'success' : 'warning'} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
