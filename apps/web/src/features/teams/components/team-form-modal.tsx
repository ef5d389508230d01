import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import type { InputRef } from 'antd/es/input';
import { TEAM_MESSAGES } from '@formloop/contracts';
import { DESCRIPTION_MAX_LENGTH } from '@formloop/domain';
import { useEffect, useRef, type Ref } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useSaveTeam } from '../api.ts';
import { fieldErrorsOf } from '../../../shared/api/api-error.ts';
import { failureReason, useTeamMessages } from '../messages.ts';
import { teamDescriptionMessage, teamNameMessage } from '../validation.ts';
import { UserSelect } from './user-select.tsx';
import type { Translatable } from '../../../shared/i18n/translate-message.ts';

export interface TeamFormValues {
  team_name: string;
  description: string;
  lead_user_id: string | null;
}

export const TEAM_FORM_FIELDS: readonly string[] = ['team_name', 'description', 'lead_user_id'];

/** The fields the New team dialog and the detail page share. */
export function TeamFields({
  known,
  nameRef,
}: {
  known?: Array<{ id: string; fullname: string }>;
  nameRef?: Ref<InputRef>;
}) {
  const { t } = useTranslation('teams');
  const { translate } = useTeamMessages();
  return (
    <>
      <Form.Item name="team_name" label={t('form.name')} rules={[domainRule(teamNameMessage, translate)]}>
        <Input ref={nameRef} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('form.description')}
        rules={[domainRule(teamDescriptionMessage, translate)]}
      >
        <TextArea rows={3} showCount={{ formatter: ({ count }) => `${count} / ${DESCRIPTION_MAX_LENGTH}` }} />
      </Form.Item>
      <Form.Item name="lead_user_id" label={t('form.lead')} extra={t('form.leadHint')}>
        <UserSelect mode="single" known={known} placeholder={t('form.leadPlaceholder')} />
      </Form.Item>
    </>
  );
}

/**
 * Puts a failed save's reasons under their fields: a 400's field messages where they belong, a
 * duplicate name (409) under the name, a lead who is not a user here (404) under the lead.
 */
export function showFieldErrors(
  form: ReturnType<typeof Form.useForm<TeamFormValues>>[0],
  error: unknown,
  translate: (message: Translatable) => string,
): void {
  const landed = fieldErrorsOf(error).filter((entry) => TEAM_FORM_FIELDS.includes(entry.field));
  if (landed.length > 0) {
    form.setFields(
      landed.map((entry) => ({
        name: entry.field as keyof TeamFormValues,
        errors: [translate(entry)],
      })),
    );
    return;
  }
  if (!isApiError(error) || !error.message.trim()) return;
  const reason = failureReason(error, translate, '');
  if (error.status === 409) form.setFields([{ name: 'team_name', errors: [reason] }]);
  if (error.status === 404 && error.message === TEAM_MESSAGES.userNotFound) {
    form.setFields([{ name: 'lead_user_id', errors: [reason] }]);
  }
}

/** "New team": name, description and a lead picked from the tenant's active users. */
export function TeamFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const { text, translate } = useTeamMessages();
  const toast = useToast();
  const [form] = Form.useForm<TeamFormValues>();
  const save = useSaveTeam();
  const nameRef = useRef<InputRef>(null);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = (values: TeamFormValues) =>
    save.mutate(
      {
        team_name: values.team_name,
        description: values.description ?? '',
        ...(values.lead_user_id ? { lead_user_id: values.lead_user_id } : {}),
      },
      {
        onSuccess: () => {
          toast.success(text('teamSaved'));
          onClose();
        },
        onError: (error) => {
          showFieldErrors(form, error, translate);
          toast.error(text('teamSaveFailed'));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('form.createTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      afterOpenChange={(visible) => {
        if (visible) nameRef.current?.focus();
      }}
    >
      <Form<TeamFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ team_name: '', description: '', lead_user_id: null }}
      >
        <TeamFields nameRef={nameRef} />
        {/* Enter in a field submits, like the OK button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
