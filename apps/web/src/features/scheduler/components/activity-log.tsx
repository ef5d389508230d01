import type { ScheduleActivity, ScheduleOutcome } from '@formloop/contracts';
import { PAGE_SIZES, SCHEDULER_ACTIVITY_PAGE_LENGTH } from '@formloop/domain';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useScheduleActivities } from '../api.ts';
import { SCHEDULER_NAMESPACE, useSchedulerMessage } from '../messages.ts';
import { recordEditorPath } from '../paths.ts';

const OUTCOME_COLORS: Record<ScheduleOutcome, string> = {
  created: 'success',
  failed: 'error',
  missed: 'warning',
  paused: 'default',
  resumed: 'processing',
  saved: 'default',
};

const NO_ROWS: ScheduleActivity[] = [];

/** A schedule's activity log (spec §9: page length 10), newest first, paged by the server. */
export function ActivityLog({ scheduleId, moduleId }: { scheduleId: string; moduleId: string }) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const translate = useSchedulerMessage();
  const { preference } = useOrganizationPreference();
  const table = useServerTable({ pageSize: SCHEDULER_ACTIVITY_PAGE_LENGTH, pageSizes: PAGE_SIZES });
  const log = useScheduleActivities(scheduleId, table.page, table.length);

  const columns = useMemo<ColumnsType<ScheduleActivity>>(() => {
    const when = (value: string) => <time dateTime={value}>{formatDate(value, 'datetime', preference)}</time>;
    const details = (row: ScheduleActivity) => {
      if (row.outcome === 'missed' && row.missed_count !== null) {
        return t('activity.missed', { count: row.missed_count });
      }
      if (row.outcome === 'created' && row.record_id) {
        return <Link to={recordEditorPath(moduleId, row.record_id)}>{t('activity.openRecord')}</Link>;
      }
      if (row.user_name) return t('activity.by', { name: row.user_name });
      return row.message ? translate(row.message) : '';
    };
    return [
      {
        key: 'outcome',
        title: t('activity.columns.outcome'),
        render: (_value, row) => (
          <Tag color={OUTCOME_COLORS[row.outcome]}>{t(`outcomes.${row.outcome}`)}</Tag>
        ),
      },
      {
        key: 'scheduled_for',
        title: t('activity.columns.scheduledFor'),
        render: (_value, row) => when(row.scheduled_for),
      },
      { key: 'ran_on', title: t('activity.columns.ranOn'), render: (_value, row) => when(row.ran_on) },
      { key: 'details', title: t('activity.columns.details'), render: (_value, row) => details(row) },
    ];
  }, [t, translate, preference, moduleId]);

  return (
    <Card size="small" title={t('activity.title')} data-testid="schedule-activity-log">
      {log.isError ? (
        <LoadFailedAlert
          title={t('activity.loadFailed')}
          retryLabel={t('actions.retry')}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <Table<ScheduleActivity>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={log.data?.data ?? NO_ROWS}
          loading={log.isPending || log.isFetching}
          pagination={table.pagination(log.data?.recordsTotal ?? 0, { hideOnSinglePage: true })}
          onChange={table.onChange}
          locale={{ emptyText: <Empty description={t('activity.empty')} /> }}
        />
      )}
    </Card>
  );
}
