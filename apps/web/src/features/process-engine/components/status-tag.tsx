import type { InstanceStatus } from '@formloop/contracts';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';

/** Tag colours by instance status: waiting blue, done green, broken red, stopped grey. */
export const STATUS_COLORS: Record<InstanceStatus, string> = {
  Running: 'processing',
  Suspended: 'blue',
  Finished: 'success',
  Faulted: 'error',
  Cancelled: 'default',
};

/** The same colours for charts (antd's preset palette). */
export const STATUS_CHART_COLORS: Record<InstanceStatus, string> = {
  Running: '#1677ff',
  Suspended: '#69b1ff',
  Finished: '#52c41a',
  Faulted: '#ff4d4f',
  Cancelled: '#bfbfbf',
};

export function StatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

const EMAIL_STATUS_COLORS: Record<string, string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
};

export function EmailStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  return (
    <Tag color={EMAIL_STATUS_COLORS[status] ?? 'default'}>
      {t(`emailStatuses.${status}`, { defaultValue: status })}
    </Tag>
  );
}
