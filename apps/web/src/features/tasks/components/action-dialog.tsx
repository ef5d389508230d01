import { TASK_MESSAGE_MAX_LENGTH } from '@formloop/contracts';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TASKS_NAMESPACE } from '../messages.ts';

/** What a dialog's form hands over: its own fields (a target, a user) and the message. */
export type DialogValues = Record<string, unknown> & { message?: string };

export interface ActionDialogProps {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  busy: boolean;
  /** A line above the fields saying what will happen. */
  description?: string;
  messageLabel: string;
  /** The message is required (reject): this is the text shown when it is missing. */
  messageRequired?: string;
  /** Fields above the message (Form.Items named after what they hold). */
  children?: ReactNode;
  initialValues?: DialogValues;
  onSubmit(values: DialogValues): void;
  onCancel(): void;
  testId: string;
}

/**
 * A confirming dialog with an optional or required message, and any fields the action needs. Enter in
 * the message sends (Shift+Enter starts a new line), Escape and Cancel close it; fields reset each time.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const [form] = Form.useForm<DialogValues>();
  const submit = () => {
    if (!props.busy) form.submit();
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ danger: props.danger, disabled: props.busy }}
      confirmLoading={props.busy}
      onOk={submit}
      onCancel={props.onCancel}
      destroyOnHidden
      data-testid={props.testId}
    >
      <Form<DialogValues>
        form={form}
        layout="vertical"
        initialValues={props.initialValues}
        onFinish={(values) => props.onSubmit({ ...values, message: values.message?.trim() || undefined })}
        requiredMark={props.messageRequired ? true : 'optional'}
      >
        {props.description ? <Typography.Paragraph>{props.description}</Typography.Paragraph> : null}
        {props.children}
        <Form.Item
          name="message"
          label={props.messageLabel}
          rules={
            props.messageRequired
              ? [{ required: true, whitespace: true, message: props.messageRequired }]
              : undefined
          }
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={TASK_MESSAGE_MAX_LENGTH}
            autoFocus={!props.children}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
