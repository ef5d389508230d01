import { actionFailureText } from '../../../shared/api/api-error.ts';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import RollbackOutlined from '@ant-design/icons/es/icons/RollbackOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import UserSwitchOutlined from '@ant-design/icons/es/icons/UserSwitchOutlined';
import { WORKFLOW_MESSAGES, type ApproveBody, type TaskDetail } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import type { EntryControls } from '../../item-editor/components.ts';
import { useTaskCall, type TaskCall } from '../api.ts';
import { isTaskGone, TASKS_NAMESPACE, useTaskMessage } from '../messages.ts';
import { TASKS_PATH } from '../paths.ts';
import { ActionDialog } from './action-dialog.tsx';
import { ReassignDialog } from './reassign-dialog.tsx';
import { SendBackDialog } from './send-back-dialog.tsx';
import { outcomeText } from './workflow-history.tsx';

export interface TaskActionBarProps {
  task: TaskDetail;
  controls: EntryControls;
  /** The task may have changed on the server (a refused action): read it again. */
  onStale(): void;
}

/** The open dialog: a decision to confirm (approve, a user task's outcome) or another action's. */
type Dialog = 'approve' | 'outcome' | 'reject' | 'sendBack' | 'reassign' | null;

/** Why a task the caller opened is only shown: closed by then, or never theirs. */
function ReadOnlyNotice({ task }: { task: TaskDetail }) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const closed = task.status !== 'Open';
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      data-testid="task-read-only"
      title={closed ? t('editor.closedTitle') : t('errors.notAssignee')}
      description={
        closed && task.outcome
          ? t('editor.closedOutcome', { outcome: outcomeText(t, task.outcome) })
          : t('editor.readOnly')
      }
    />
  );
}

/**
 * The task's own buttons above its entry: Approve and Reject (approvals), one per action (user
 * tasks) or Resubmit (a returned entry), then Send back and Reassign when allowed. Each decision is
 * confirmed in a small dialog that takes an optional comment (a reason, for Reject), sent with it as
 * the task's description. Unsaved changes are saved first; afterwards the user is back on the task
 * list where they left it.
 */
export function TaskActionBar({ task, controls, onStale }: TaskActionBarProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const translate = useTaskMessage();
  const toast = useToast();
  const { token } = theme.useToken();
  const call = useTaskCall([task.record_id]);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The user task's action being confirmed (kept while its dialog closes, so the title stays put).
  const [outcome, setOutcome] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  // Set at once, so a double click sends one request.
  const inFlight = useRef(false);
  const busy = call.isPending || controls.busy || running !== null;

  if (!task.canAct) return <ReadOnlyNotice task={task} />;

  const run = async (key: string, request: TaskCall, success: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(key);
    try {
      if (!(await controls.saveIfDirty())) return;
      await call.mutateAsync(request);
      toast.success(success);
      setDialog(null);
      controls.leave(TASKS_PATH);
    } catch (error) {
      const text = actionFailureText(error, translate, t('toasts.actionFailed'));
      if (text) toast.error(text);
      if (isTaskGone(error)) {
        setDialog(null);
        onStale();
      }
    } finally {
      inFlight.current = false;
      setRunning(null);
    }
  };

  const decide = (key: string, body: ApproveBody, success: string) =>
    void run(key, { kind: 'approve', body }, success);

  const buttons = [];
  if (task.task_type === 'Approval') {
    buttons.push(
      <Button
        key="approve"
        type="primary"
        icon={<CheckOutlined aria-hidden />}
        loading={running === 'approve'}
        disabled={busy}
        onClick={() => setDialog('approve')}
      >
        {t('actions.approve')}
      </Button>,
      <Button
        key="reject"
        danger
        icon={<CloseOutlined aria-hidden />}
        disabled={busy}
        onClick={() => setDialog('reject')}
      >
        {t('actions.reject')}
      </Button>,
    );
  } else if (task.task_type === 'Resubmit') {
    buttons.push(
      <Button
        key="resubmit"
        type="primary"
        icon={<SendOutlined aria-hidden />}
        loading={controls.submitting}
        disabled={busy}
        onClick={() => void controls.submit()}
      >
        {t('actions.resubmit')}
      </Button>,
    );
  } else {
    task.actions.forEach((action, index) =>
      buttons.push(
        <Button
          key={`action:${action}`}
          type={index === 0 ? 'primary' : 'default'}
          loading={running === `action:${action}`}
          disabled={busy}
          onClick={() => {
            setOutcome(action);
            setDialog('outcome');
          }}
        >
          {outcomeText(t, action)}
        </Button>,
      ),
    );
  }
  if (task.sendBackTargets.length > 0) {
    buttons.push(
      <Button
        key="sendBack"
        icon={<RollbackOutlined aria-hidden />}
        disabled={busy}
        onClick={() => setDialog('sendBack')}
      >
        {t('actions.sendBack')}
      </Button>,
    );
  }
  if (!task.reassignmentDisabled) {
    buttons.push(
      <Button
        key="reassign"
        icon={<UserSwitchOutlined aria-hidden />}
        disabled={busy}
        onClick={() => setDialog('reassign')}
      >
        {t('actions.reassign')}
      </Button>,
    );
  }

  return (
    <Card size="small" data-testid="task-action-bar">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: token.marginXS,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Space size="small" wrap>
          <Typography.Text strong>{task.activity_title}</Typography.Text>
          <Tag>{t(`taskTypes.${task.task_type}`, { defaultValue: task.task_type })}</Tag>
        </Space>
        <Space size="small" wrap role="group" aria-label={t('editor.actionsLabel')}>
          {buttons}
        </Space>
      </div>
      <ActionDialog
        open={dialog === 'approve'}
        title={t('approve.title')}
        description={t('approve.description')}
        okText={t('dialog.confirm')}
        busy={busy}
        messageLabel={t('dialog.comment')}
        onSubmit={(values) =>
          decide(
            'approve',
            { task_id: task.id, accepted: true, description: values.message },
            t('toasts.approved'),
          )
        }
        onCancel={() => setDialog(null)}
        testId="approve-dialog"
      />
      <ActionDialog
        open={dialog === 'outcome' && outcome !== null}
        title={t('outcome.title', { action: outcome === null ? '' : outcomeText(t, outcome) })}
        description={t('outcome.description')}
        okText={t('dialog.confirm')}
        busy={busy}
        messageLabel={t('dialog.comment')}
        onSubmit={(values) => {
          if (outcome === null) return;
          decide(
            `action:${outcome}`,
            { task_id: task.id, outcome, description: values.message },
            t('toasts.done', { action: outcomeText(t, outcome) }),
          );
        }}
        onCancel={() => setDialog(null)}
        testId="outcome-dialog"
      />
      <ActionDialog
        open={dialog === 'reject'}
        title={t('reject.title')}
        description={t('reject.description')}
        okText={t('actions.reject')}
        danger
        busy={busy}
        messageLabel={t('reject.reason')}
        messageRequired={t('errors.rejectReasonRequired', {
          defaultValue: WORKFLOW_MESSAGES.rejectReasonRequired,
        })}
        onSubmit={(values) =>
          decide(
            'reject',
            { task_id: task.id, accepted: false, description: values.message },
            t('toasts.rejected'),
          )
        }
        onCancel={() => setDialog(null)}
        testId="reject-dialog"
      />
      <SendBackDialog
        open={dialog === 'sendBack'}
        targets={task.sendBackTargets}
        busy={busy}
        onSubmit={({ target, message }) =>
          void run(
            'sendBack',
            { kind: 'goback', body: { taskId: task.id, goBackToActivityId: target, message } },
            t('toasts.sentBack'),
          )
        }
        onCancel={() => setDialog(null)}
      />
      <ReassignDialog
        open={dialog === 'reassign'}
        recordId={task.record_id}
        exclude={task.assignees.map((assignee) => assignee.id)}
        busy={busy}
        onSubmit={({ assignTo, message }) =>
          void run(
            'reassign',
            { kind: 'reassignment', body: { taskId: task.id, assignTo, message } },
            t('toasts.reassigned'),
          )
        }
        onCancel={() => setDialog(null)}
      />
    </Card>
  );
}
