import { actionFailureText } from '../../../shared/api/api-error.ts';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import RollbackOutlined from '@ant-design/icons/es/icons/RollbackOutlined';
import { WORKFLOW_MESSAGES, type RecordRow } from '@formloop/contracts';
import { canUseBuilder, canUseSettings } from '@formloop/domain';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import type { EntryControls } from '../../item-editor/components.ts';
import { useTaskCall } from '../api.ts';
import { TASKS_NAMESPACE, useTaskMessage } from '../messages.ts';
import { ActionDialog } from './action-dialog.tsx';
import { WorkflowHistory } from './workflow-history.tsx';

export interface WorkflowPanelProps {
  record: RecordRow | null;
  controls: EntryControls;
  /** The entry changed on the server (withdrawn, restarted): the page loads it again. */
  onChanged(): void;
}

type Dialog = 'withdraw' | 'restart' | null;

const sameId = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/**
 * A submitted entry's workflow: its history, and Withdraw (its initiator, while it is in progress) and
 * Restart (its initiator, builders and the settings roles, as the server allows). Nothing for drafts
 * that never ran a workflow.
 */
export function WorkflowPanel({ record, controls, onChanged }: WorkflowPanelProps) {
  if (!record || (record.is_draft && !record.workflow_instance_id)) return null;
  return <RecordWorkflow record={record} controls={controls} onChanged={onChanged} />;
}

function RecordWorkflow({ record, controls, onChanged }: WorkflowPanelProps & { record: RecordRow }) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const translate = useTaskMessage();
  const toast = useToast();
  const { config, user } = useAuth();
  const call = useTaskCall([record.id]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const inFlight = useRef(false);

  const initiator = sameId(record.workflow_initiator_user, user?.uid ?? config?.userInfo.uid);
  const hasRun = !record.is_draft && record.workflow_instance_id !== null;
  const canWithdraw = initiator && record.status === 'In Progress';
  const canRestart =
    hasRun && (initiator || (config !== null && (canUseBuilder(config) || canUseSettings(config))));
  const busy = call.isPending || controls.busy;

  const run = async (kind: 'withdraw' | 'restart', message: string | undefined) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await controls.saveIfDirty())) return;
      await call.mutateAsync({ kind, body: { recordId: record.id, message } });
      toast.success(t(kind === 'withdraw' ? 'toasts.withdrawn' : 'toasts.restarted'));
      setDialog(null);
      onChanged();
    } catch (error) {
      const fallback =
        kind === 'restart' ? translate(WORKFLOW_MESSAGES.restartFailed) : t('toasts.withdrawFailed');
      const text = actionFailureText(error, translate, fallback);
      if (text) toast.error(text);
    } finally {
      inFlight.current = false;
    }
  };

  const actions =
    canWithdraw || canRestart ? (
      <Space size="small" wrap>
        {canWithdraw ? (
          <Button
            size="small"
            icon={<RollbackOutlined aria-hidden />}
            disabled={busy}
            onClick={() => setDialog('withdraw')}
          >
            {t('workflow.withdraw')}
          </Button>
        ) : null}
        {canRestart ? (
          <Button
            size="small"
            icon={<RedoOutlined aria-hidden />}
            disabled={busy}
            onClick={() => setDialog('restart')}
          >
            {t('workflow.restart')}
          </Button>
        ) : null}
      </Space>
    ) : null;

  return (
    <Card size="small" title={t('history.title')} extra={actions} data-testid="workflow-panel">
      <WorkflowHistory moduleId={record.module_id} recordId={record.id} />
      <ActionDialog
        open={dialog === 'withdraw'}
        title={t('workflow.withdrawTitle')}
        description={t('workflow.withdrawDescription')}
        okText={t('workflow.withdraw')}
        danger
        busy={busy}
        messageLabel={t('dialog.messageOptional')}
        onSubmit={(values) => void run('withdraw', values.message)}
        onCancel={() => setDialog(null)}
        testId="withdraw-dialog"
      />
      <ActionDialog
        open={dialog === 'restart'}
        title={t('workflow.restartTitle')}
        description={t('workflow.restartDescription')}
        okText={t('workflow.restart')}
        danger
        busy={busy}
        messageLabel={t('dialog.messageOptional')}
        onSubmit={(values) => void run('restart', values.message)}
        onCancel={() => setDialog(null)}
        testId="restart-dialog"
      />
    </Card>
  );
}
