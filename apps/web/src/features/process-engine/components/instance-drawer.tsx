import type { InstanceHistoryEntry, ProcessInstanceDetail } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, actionFailureText } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useInstance, useRetryInstance } from '../api.ts';
import { formatInstant, recordHref } from '../format.ts';
import { PROCESS_ENGINE_NAMESPACE, useProcessMessage } from '../messages.ts';
import { StatusTag } from './status-tag.tsx';

/** Timeline colours by what happened: done green, broken red, a retry or restart grey. */
const ACTION_COLORS: Record<string, string> = {
  Approve: 'green',
  Completed: 'green',
  Finished: 'green',
  Executed: 'green',
  Reject: 'red',
  Faulted: 'red',
  SendBack: 'orange',
  Withdraw: 'orange',
  Restart: 'gray',
  Retry: 'gray',
};

/** The fault with its Retry: confirmed first, the outcome told in a toast either way. */
function FaultPanel({ instance }: { instance: ProcessInstanceDetail }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const translate = useProcessMessage();
  const toast = useToast();
  const retry = useRetryInstance();
  const activity = instance.fault_activity?.activityName ?? '—';

  const run = () =>
    retry.mutate(instance.id, {
      onSuccess: ({ result, message }) => {
        // A retry that faulted again did happen (it is in the history) but did not help: say why.
        if (result.status === 'Faulted') toast.error(translate(message));
        else toast.success(message ? translate(message) : t('retry.done'));
      },
      onError: (error) => {
        const text = actionFailureText(error, translate, t('retry.failed'));
        if (text) toast.error(text);
      },
    });

  return (
    <Alert
      type="error"
      showIcon
      data-testid="fault-panel"
      title={t('detail.faultedAt', { activity })}
      description={
        <div style={{ whiteSpace: 'pre-wrap' }} data-testid="fault-message">
          {instance.fault_message ? translate(instance.fault_message) : t('detail.noFaultMessage')}
        </div>
      }
      action={
        <Popconfirm
          title={t('retry.confirmTitle')}
          description={t('retry.confirmText', { activity })}
          okText={t('retry.confirm')}
          cancelText={t('retry.cancel')}
          onConfirm={run}
        >
          <Button danger type="primary" loading={retry.isPending}>
            {t('retry.button')}
          </Button>
        </Popconfirm>
      }
    />
  );
}

function HistoryTimeline({ history }: { history: InstanceHistoryEntry[] }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const { token } = theme.useToken();
  if (history.length === 0) return <Empty description={t('detail.noHistory')} />;
  return (
    <Timeline
      items={history.map((entry, index) => ({
        key: index,
        color: ACTION_COLORS[entry.actionType] ?? 'blue',
        content: (
          <div data-testid="instance-history-entry" style={{ display: 'grid', gap: token.marginXXS }}>
            <Typography.Text strong>
              {t(`actions.${entry.actionType}`, { defaultValue: entry.actionType })}
              {entry.activityName ? ` · ${entry.activityName}` : ''}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {formatInstant(entry.createdOn)}
              {entry.initiatedBy ? ` · ${t('detail.by', { name: entry.initiatedBy })}` : ''}
              {entry.assignee ? ` · ${t('detail.assignee', { names: entry.assignee })}` : ''}
            </Typography.Text>
            {entry.message ? (
              <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry.message}
              </Typography.Text>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

function InstanceBody({ instance }: { instance: ProcessInstanceDetail }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const { token } = theme.useToken();
  const activities = instance.current_activities.map((activity) => activity.activityName).join(', ');
  return (
    <div style={{ display: 'grid', gap: token.marginLG }}>
      {instance.status === 'Faulted' ? <FaultPanel instance={instance} /> : null}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'app', label: t('instances.columns.app'), children: instance.display_name },
          {
            key: 'record',
            label: t('instances.columns.record'),
            children: <Link to={recordHref(instance)}>{instance.record_id}</Link>,
          },
          {
            key: 'status',
            label: t('instances.columns.status'),
            children: <StatusTag status={instance.status} />,
          },
          {
            key: 'activity',
            label: t('instances.columns.activity'),
            children:
              (activities || '—') + (instance.returned_to_initiator ? ` (${t('detail.returned')})` : ''),
          },
          { key: 'version', label: t('detail.version'), children: instance.module_version },
          { key: 'initiator', label: t('detail.initiator'), children: instance.initiator_name ?? '—' },
          {
            key: 'started',
            label: t('instances.columns.started'),
            children: formatInstant(instance.started_on),
          },
          { key: 'finished', label: t('detail.finished'), children: formatInstant(instance.finished_on) },
          { key: 'faulted', label: t('detail.faulted'), children: formatInstant(instance.faulted_on) },
        ]}
      />
      <section>
        <Typography.Title level={5}>{t('detail.openTasks')}</Typography.Title>
        {instance.open_tasks.length === 0 ? (
          <Typography.Text type="secondary">{t('detail.noOpenTasks')}</Typography.Text>
        ) : (
          <ul data-testid="open-tasks" style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
            {instance.open_tasks.map((task) => (
              <li key={task.id}>
                <Typography.Text strong>{task.activity_title}</Typography.Text>
                {` — ${task.assignees.join(', ') || '—'}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <Typography.Title level={5}>{t('detail.history')}</Typography.Title>
        <HistoryTimeline history={instance.history} />
      </section>
    </div>
  );
}

/** One instance in a drawer: its state, a fault's error with Retry, open tasks and history. */
export function InstanceDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const translate = useProcessMessage();
  const query = useInstance(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('detail.title')}
      size="large"
      destroyOnHidden
      data-testid="instance-drawer"
    >
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <LoadFailedAlert
          title={
            // A gone instance says so (404); anything else is a load failure.
            isApiError(query.error) && query.error.status === 404
              ? translate(query.error.message)
              : t('detail.loadFailed')
          }
          retryLabel={t('retryLoad')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <InstanceBody instance={query.data} />
      )}
    </Drawer>
  );
}
