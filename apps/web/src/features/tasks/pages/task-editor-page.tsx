import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { EntryEditor } from '../../item-editor/components.ts';
import { refreshAfterTaskCall, useRecordAtTask, useTaskDetail } from '../api.ts';
import { TaskActionBar } from '../components/task-action-bar.tsx';
import { WorkflowPanel } from '../components/workflow-panel.tsx';
import { TASKS_NAMESPACE, useTaskMessage } from '../messages.ts';
import { TASKS_PATH } from '../paths.ts';

/**
 * /task-editor/{moduleId}/{recordId}/{taskId} (and the item editor's address with a task): the entry
 * in the item editor's form at the task's activity, with the task's actions above it. The task and
 * the entry are read afresh on every visit; someone may have acted on it meanwhile.
 */
export function TaskEditorPage() {
  const { recordId = '', taskId = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const task = useTaskDetail(taskId);
  const detail = useRecordAtTask(recordId, taskId);
  // A new generation mounts a fresh editor on what was just read again.
  const [generation, setGeneration] = useState(0);
  const { refetch: refetchTask } = task;
  const { refetch: refetchDetail } = detail;

  const reload = useCallback(async () => {
    await Promise.all([refetchTask(), refetchDetail()]);
    setGeneration((value) => value + 1);
  }, [refetchTask, refetchDetail]);

  // Resubmitted through the editor's own submit: the same refresh and way back as the other actions.
  const submitted = useCallback(() => {
    refreshAfterTaskCall(queryClient, [recordId]);
    void navigate(TASKS_PATH);
  }, [queryClient, recordId, navigate]);

  const error = task.error ?? detail.error;
  if (error) {
    return <LoadFailed error={error} onRetry={() => void reload()} />;
  }
  // Cached answers from an earlier visit are not trusted: wait for this visit's.
  if (!task.data || !detail.data || !task.isFetchedAfterMount || !detail.isFetchedAfterMount) {
    return <Loading />;
  }
  const { record, form, activityId, editable } = detail.data;
  const canAct = task.data.canAct;
  const current = task.data;
  return (
    <EntryEditor
      key={generation}
      source={{
        moduleId: record.module_id,
        // Saves carry the task only while its assignee can act on it.
        ...(canAct ? { taskId } : {}),
        form,
        record,
        activityId,
        editable: editable && canAct,
      }}
      extras={{
        backPath: TASKS_PATH,
        onSubmitted: submitted,
        actionBar: (controls) => (
          <TaskActionBar task={current} controls={controls} onStale={() => void refetchTask()} />
        ),
        aside: (controls) => (
          <WorkflowPanel record={record} controls={controls} onChanged={() => void reload()} />
        ),
      }}
      onCreated={() => undefined}
      onReload={() => void reload()}
    />
  );
}

function Loading() {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: token.paddingLG }} data-testid="task-editor-loading">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/**
 * A missing or refused task or entry says so with the way back to the tasks; anything else offers a
 * retry. A 404 always reads as the title says (whichever of the two reads answered it: the server's
 * own text may name the app or the entry, which would contradict 'Task not found'); a 403 gives its
 * reason under 'No access'.
 */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const { token } = theme.useToken();
  const translate = useTaskMessage();
  const navigate = useNavigate();
  const status = isApiError(error) ? error.status : 0;
  if (status === 404 || status === 403) {
    const reason = status === 403 && isApiError(error) && error.message.trim() ? translate(error) : null;
    return (
      <div style={{ padding: token.paddingLG }}>
        <Result
          status={status === 404 ? '404' : '403'}
          title={t(status === 404 ? 'editor.notFoundTitle' : 'editor.notAllowedTitle')}
          subTitle={reason ?? t('editor.notFound')}
          extra={
            <Button
              type="primary"
              href={TASKS_PATH}
              onClick={(event) => {
                // A real link (it opens in a new tab too); a plain click stays in the app.
                event.preventDefault();
                void navigate(TASKS_PATH);
              }}
            >
              {t('editor.backToTasks')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div style={{ padding: token.paddingLG }}>
      <LoadFailedAlert title={t('editor.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />
    </div>
  );
}
