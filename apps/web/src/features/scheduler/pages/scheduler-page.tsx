import type { RecordForm } from '@formloop/contracts';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useRecordForm } from '../../records/index.ts';
import { SCHEDULER_NAMESPACE } from '../messages.ts';
import { moduleListPath } from '../paths.ts';
import { ScheduleEditorView } from './schedule-editor-view.tsx';
import { ScheduleListView } from './schedule-list-view.tsx';

/**
 * The app's published form, which both scheduler pages need (its name, whether the caller may create
 * entries, the fields of the values): loading, not found, not allowed, or the page.
 */
function WithAppForm({
  moduleId,
  children,
}: {
  moduleId: string;
  children: (form: RecordForm) => ReactNode;
}) {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const form = useRecordForm(moduleId);
  if (form.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="scheduler-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (form.isError) {
    if (isApiError(form.error) && form.error.status === 404) {
      return (
        <Result
          status="404"
          title={t('notFound.appTitle')}
          subTitle={t('notFound.app')}
          extra={<Button onClick={() => void navigate('/applications')}>{t('actions.toApps')}</Button>}
        />
      );
    }
    return (
      <div style={{ padding: token.paddingLG }}>
        <LoadFailedAlert
          title={t('loadFailed')}
          retryLabel={t('actions.retry')}
          onRetry={() => void form.refetch()}
        />
      </div>
    );
  }
  if (!form.data.can.create) {
    return (
      <Result
        status="403"
        title={t('notAllowed.title')}
        subTitle={t('notAllowed.description', { app: form.data.display_name })}
        extra={
          <Button onClick={() => void navigate(moduleListPath(moduleId))}>{t('actions.toEntries')}</Button>
        }
      />
    );
  }
  return children(form.data);
}

/**
 * /schedule-editor/{moduleId} (the app's schedules) and /schedule-editor/{moduleId}/{recordId} (one
 * schedule; spec §2 names its id recordId).
 */
export function SchedulerPage() {
  const { moduleId = '', recordId } = useParams();
  return (
    <WithAppForm moduleId={moduleId}>
      {(form) =>
        recordId ? (
          <ScheduleEditorView key={recordId} form={form} scheduleId={recordId} />
        ) : (
          <ScheduleListView key={form.id} form={form} />
        )
      }
    </WithAppForm>
  );
}
