import type { TaskDetail } from '@formloop/contracts';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { TASKS_NAMESPACE } from '../messages.ts';
import { ActionDialog } from './action-dialog.tsx';

/** The initiator's synthetic step: goback to it returns the entry to whoever submitted it. */
const INITIATOR_STEP = 'fs-start';

export interface SendBackDialogProps {
  open: boolean;
  targets: TaskDetail['sendBackTargets'];
  busy: boolean;
  onSubmit(values: { target: string; message?: string }): void;
  onCancel(): void;
}

/** Picks the earlier step the entry goes back to (the server lists them), with a message. */
export function SendBackDialog(props: SendBackDialogProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const options = props.targets.map((target) => ({
    value: target.activityId,
    label: target.activityId === INITIATOR_STEP ? t('sendBack.initiator') : target.displayName,
  }));
  // One step to choose from is chosen already.
  const only = options.length === 1 ? options[0]?.value : undefined;
  return (
    <ActionDialog
      open={props.open}
      title={t('sendBack.title')}
      description={t('sendBack.description')}
      okText={t('actions.sendBack')}
      busy={props.busy}
      messageLabel={t('dialog.messageOptional')}
      initialValues={only ? { target: only } : undefined}
      onSubmit={(values) => props.onSubmit({ target: String(values.target), message: values.message })}
      onCancel={props.onCancel}
      testId="send-back-dialog"
    >
      <Form.Item
        name="target"
        label={t('sendBack.target')}
        rules={[{ required: true, message: t('sendBack.targetRequired') }]}
      >
        <Select<string> options={options} placeholder={t('sendBack.targetPlaceholder')} autoFocus />
      </Form.Item>
    </ActionDialog>
  );
}
