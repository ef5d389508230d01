import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PauseCircleOutlined from '@ant-design/icons/es/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import type { RecordForm, ScheduleDetail } from '@formloop/contracts';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useScheduleDetail } from '../api.ts';
import { ActivityLog } from '../components/activity-log.tsx';
import { ScheduleForm } from '../components/schedule-form.tsx';
import { ScheduleStatusTag } from '../components/schedule-status-tag.tsx';
import { useScheduleCommands } from '../components/use-schedule-commands.ts';
import { SCHEDULER_NAMESPACE } from '../messages.ts';
import { scheduleListPath } from '../paths.ts';

/** The schedule's name and status, pause/resume and delete, and when it runs next and ran last. */
function EditorHeader({ form, schedule }: { form: RecordForm; schedule: ScheduleDetail }) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { preference } = useOrganizationPreference();
  const commands = useScheduleCommands();
  const pausing = schedule.status === 'active';
  const when = (value: string | null) => (value ? formatDate(value, 'datetime', preference) : '—');
  return (
    <div style={{ display: 'grid', gap: token.marginSM }}>
      <Link to={scheduleListPath(form.id)}>
        <ArrowLeftOutlined /> {t('editor.back', { app: form.display_name })}
      </Link>
      <div style={{ display: 'flex', gap: token.margin, alignItems: 'center', flexWrap: 'wrap' }}>
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{schedule.name}</h1>
        <ScheduleStatusTag status={schedule.status} />
        <span style={{ flex: 1 }} />
        <Button
          icon={pausing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          loading={commands.changing === schedule.schedule_id}
          onClick={() => void commands.setStatus(schedule.schedule_id, pausing ? 'paused' : 'active')}
        >
          {t(pausing ? 'actions.pause' : 'actions.resume')}
        </Button>
        <Popconfirm
          title={t('confirmDelete.title', { name: schedule.name })}
          description={t('confirmDelete.description')}
          okText={t('confirmDelete.ok')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            if (await commands.deleteSchedule(schedule.schedule_id)) void navigate(scheduleListPath(form.id));
          }}
        >
          <Button danger icon={<DeleteOutlined />} loading={commands.deleting === schedule.schedule_id}>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'next', label: t('columns.nextRun'), children: when(schedule.next_run_at) },
          { key: 'last', label: t('columns.lastRun'), children: when(schedule.last_run_at) },
          { key: 'runAs', label: t('editor.runAs'), children: schedule.run_as_name ?? '—' },
          { key: 'created', label: t('editor.createdBy'), children: schedule.created_by_name ?? '—' },
        ]}
      />
    </div>
  );
}

/** /schedule-editor/{moduleId}/{recordId}: one schedule, its settings and values, and its activity log. */
export function ScheduleEditorView({ form, scheduleId }: { form: RecordForm; scheduleId: string }) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const detail = useScheduleDetail(scheduleId);

  if (detail.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="schedule-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  const missing =
    (detail.isError && isApiError(detail.error) && detail.error.status === 404) ||
    (detail.data !== undefined && detail.data.module_id !== form.id.toLowerCase());
  if (missing) {
    return (
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.schedule')}
        extra={
          <Button onClick={() => void navigate(scheduleListPath(form.id))}>{t('actions.toSchedules')}</Button>
        }
      />
    );
  }
  if (detail.isError) {
    return (
      <div style={{ padding: token.paddingLG }}>
        <LoadFailedAlert
          title={t('editor.loadFailed')}
          retryLabel={t('actions.retry')}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }
  const schedule = detail.data;
  return (
    <div
      style={{ padding: token.paddingLG, display: 'grid', gap: token.marginLG }}
      data-testid="schedule-editor"
    >
      <EditorHeader form={form} schedule={schedule} />
      <ScheduleForm form={form} schedule={schedule} onSaved={() => undefined} />
      <ActivityLog scheduleId={schedule.schedule_id} moduleId={form.id} />
    </div>
  );
}
