import type { RecordRow } from '@formloop/contracts';
import type { RecordStatus } from '@formloop/domain';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<RecordStatus, string> = {
  Draft: 'default',
  'In Progress': 'processing',
  Completed: 'success',
  Faulted: 'error',
  Starting: 'gold',
  Returned: 'warning',
};

/** Translation keys of the statuses (spec §4 list). */
export const STATUS_KEYS: Record<RecordStatus, string> = {
  Draft: 'status.draft',
  'In Progress': 'status.inProgress',
  Completed: 'status.completed',
  Faulted: 'status.faulted',
  Starting: 'status.starting',
  Returned: 'status.returned',
};

/**
 * A row's status as spec §4 displays it (displayStatus: 'In Progress - Running'), the derived part
 * translated and coloured; the workflow's own status after the dash stays as the engine named it.
 */
export function RecordStatusTag({ row }: { row: Pick<RecordRow, 'status' | 'display_status'> }) {
  const { t } = useTranslation('records');
  const suffix = row.display_status.startsWith(row.status) ? row.display_status.slice(row.status.length) : '';
  return (
    <Tag color={COLOURS[row.status]} data-status={row.status} title={row.display_status}>
      {t(STATUS_KEYS[row.status])}
      {suffix}
    </Tag>
  );
}
