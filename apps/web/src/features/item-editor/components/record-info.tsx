import type { RecordRow } from '@formloop/contracts';
import type { RecordStatus } from '@formloop/domain';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { ITEM_EDITOR_NAMESPACE } from '../messages.ts';

const STATUS_KEYS: Record<RecordStatus, string> = {
  Draft: 'draft',
  'In Progress': 'inProgress',
  Completed: 'completed',
  Faulted: 'faulted',
  Starting: 'starting',
  Returned: 'returned',
};

// The record list's colours (features/records status-tag), so a status looks the same in both places.
const STATUS_COLORS: Record<RecordStatus, string> = {
  Draft: 'default',
  'In Progress': 'processing',
  Completed: 'success',
  Faulted: 'error',
  Starting: 'gold',
  Returned: 'warning',
};

/**
 * The status as the list shows it (display_status): the derived status in the reader's language,
 * then the workflow's own status as the engine wrote it.
 */
export function StatusTag({ record, testId = 'record-status' }: { record: RecordRow; testId?: string }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const name = t(`status.${STATUS_KEYS[record.status]}`, { defaultValue: record.status });
  const rest = record.display_status.startsWith(record.status)
    ? record.display_status.slice(record.status.length)
    : '';
  return (
    <Tag color={STATUS_COLORS[record.status]} data-testid={testId}>
      {`${name}${rest}`}
    </Tag>
  );
}

/** Who made and last changed the entry, when (organization formats), its status and form version. */
export function RecordInfo({ record }: { record: RecordRow | null }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const { preference } = useOrganizationPreference();
  const when = (value: string | null) => formatDate(value, 'datetime', preference);
  return (
    <Card size="small" title={t('info.title')} data-testid="record-info">
      {record ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'status', label: t('info.status'), children: <StatusTag record={record} /> },
            { key: 'version', label: t('info.version'), children: record.module_version },
            { key: 'createdBy', label: t('info.createdBy'), children: record.created_by_name ?? '—' },
            { key: 'createdOn', label: t('info.createdOn'), children: when(record.created_on) },
            { key: 'modifiedBy', label: t('info.modifiedBy'), children: record.modified_by_name ?? '—' },
            { key: 'modifiedOn', label: t('info.modifiedOn'), children: when(record.modified_on) },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('info.notSaved')}</Typography.Text>
      )}
    </Card>
  );
}
