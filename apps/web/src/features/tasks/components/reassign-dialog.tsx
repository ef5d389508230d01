import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { TASKS_NAMESPACE } from '../messages.ts';
import { ActionDialog } from './action-dialog.tsx';
import { AssigneePicker } from './assignee-picker.tsx';

export interface ReassignDialogProps {
  open: boolean;
  /** The record whose app's users may be picked. */
  recordId: string;
  /** How many tasks move (the list's bulk action); one when left out. */
  count?: number;
  exclude?: readonly string[];
  busy: boolean;
  onSubmit(values: { assignTo: string; message?: string }): void;
  onCancel(): void;
}

/** Picks who takes the task (or the selected tasks) over, with an optional message to them. */
export function ReassignDialog(props: ReassignDialogProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const count = props.count ?? 1;
  return (
    <ActionDialog
      open={props.open}
      title={count > 1 ? t('reassign.titleMany', { count }) : t('reassign.title')}
      okText={t('reassign.ok')}
      busy={props.busy}
      messageLabel={t('dialog.messageOptional')}
      onSubmit={(values) => props.onSubmit({ assignTo: String(values.assignTo), message: values.message })}
      onCancel={props.onCancel}
      testId="reassign-dialog"
    >
      <Form.Item
        name="assignTo"
        label={t('reassign.user')}
        rules={[{ required: true, message: t('reassign.userRequired') }]}
      >
        <AssigneePicker recordId={props.recordId} exclude={props.exclude} autoFocus />
      </Form.Item>
    </ActionDialog>
  );
}
