import { START_ACTIVITY_ID } from '@formloop/domain';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { WorkflowPanel } from '../../tasks/components.ts';
import { itemEditorKeys, useRecordDetail, useRecordForm } from '../api.ts';
import { EntryEditor } from '../components/entry-editor.tsx';
import { ITEM_EDITOR_NAMESPACE, useServerMessage } from '../messages.ts';
import { listPath } from '../paths.ts';

/**
 * /item-editor/{moduleId} (a new entry) and /item-editor/{moduleId}/{recordId}/{taskId?} (an
 * existing one). The first save of a new entry moves the address to its id; the editor stays as it
 * is (no reload, no lost typing), so the page remembers which id it created.
 */
export function ItemEditorPage() {
  const { moduleId = '', recordId, taskId } = useParams();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  const reload = useCallback(
    (id: string) => {
      queryClient.removeQueries({ queryKey: itemEditorKeys.detail(id) });
      setCreated(null);
      setGeneration((value) => value + 1);
    },
    [queryClient],
  );

  if (!recordId || recordId === created) {
    return (
      <NewEntry
        key={`new:${moduleId}:${generation}`}
        moduleId={moduleId}
        onCreated={setCreated}
        onReload={reload}
      />
    );
  }
  return (
    <ExistingEntry
      key={`${recordId}:${generation}`}
      moduleId={moduleId}
      recordId={recordId}
      taskId={taskId}
      onReload={() => reload(recordId)}
    />
  );
}

function NewEntry(props: { moduleId: string; onCreated(id: string): void; onReload(id: string): void }) {
  const { moduleId, onCreated, onReload } = props;
  const form = useRecordForm(moduleId);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const created = useCallback(
    (id: string) => {
      setCreatedId(id);
      onCreated(id);
    },
    [onCreated],
  );

  if (form.isPending) return <Loading />;
  if (form.isError)
    return <LoadFailed moduleId={moduleId} error={form.error} onRetry={() => void form.refetch()} />;
  if (!form.data.can.create) return <NotAllowed moduleId={moduleId} />;
  return (
    <EntryEditor
      source={{ moduleId, form: form.data, record: null, activityId: START_ACTIVITY_ID, editable: true }}
      onCreated={created}
      onReload={() => (createdId ? onReload(createdId) : void form.refetch())}
    />
  );
}

function ExistingEntry(props: { moduleId: string; recordId: string; taskId?: string; onReload(): void }) {
  const detail = useRecordDetail(props.recordId);
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    return (
      <LoadFailed moduleId={props.moduleId} error={detail.error} onRetry={() => void detail.refetch()} />
    );
  }
  const { record, form, activityId, editable } = detail.data;
  return (
    <EntryEditor
      source={{ moduleId: record.module_id, taskId: props.taskId, form, record, activityId, editable }}
      extras={{
        // A submitted entry shows its workflow; withdrawing or restarting it reloads the entry.
        aside: (controls) => <WorkflowPanel record={record} controls={controls} onChanged={props.onReload} />,
      }}
      onCreated={() => undefined}
      onReload={props.onReload}
    />
  );
}

function Loading() {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: token.paddingLG }} data-testid="item-editor-loading">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

function BackToList({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const navigate = useNavigate();
  const path = listPath(moduleId);
  return (
    <Button
      type="primary"
      href={path}
      onClick={(event) => {
        // A real link (it opens in a new tab too); a plain click stays in the app.
        event.preventDefault();
        void navigate(path);
      }}
    >
      {t('header.back')}
    </Button>
  );
}

function Centered({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ padding: token.paddingLG }}>{children}</div>;
}

/** The caller may not create entries in this app (the form said can.create false). */
function NotAllowed({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  return (
    <Centered>
      <Result
        status="403"
        title={t('load.notAllowedTitle')}
        subTitle={t('load.notAllowedCreate')}
        extra={<BackToList moduleId={moduleId} />}
        data-testid="item-editor-not-allowed"
      />
    </Centered>
  );
}

/** A missing or refused app or entry says so with the way back; anything else offers to try again. */
function LoadFailed({ moduleId, error, onRetry }: { moduleId: string; error: unknown; onRetry(): void }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const translate = useServerMessage();
  const status = isApiError(error) ? error.status : 0;
  if (status === 404 || status === 403) {
    const reason = isApiError(error) && error.message.trim() ? translate(error) : null;
    return (
      <Centered>
        <Result
          status={status === 404 ? '404' : '403'}
          title={t(status === 404 ? 'load.notFoundTitle' : 'load.notAllowedTitle')}
          subTitle={reason ?? t(status === 404 ? 'load.notFound' : 'load.notAllowed')}
          extra={<BackToList moduleId={moduleId} />}
        />
      </Centered>
    );
  }
  return (
    <Centered>
      <LoadFailedAlert title={t('load.failed')} retryLabel={t('load.retry')} onRetry={onRetry} />
    </Centered>
  );
}
