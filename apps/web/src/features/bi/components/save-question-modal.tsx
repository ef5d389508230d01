// Save and Save as for a question: its name, description, collection (free text, with the
// collections already in use offered) and who it is shared with.
import { REPORT_SHARING, type ReportSharing } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleOptions, useTeamOptions } from '../../reports/index.ts';
import type { QuestionDetails } from '../lib/question.ts';
import { BI_NAMESPACE } from '../messages.ts';

export function SaveQuestionModal({
  open,
  mode,
  details,
  collections,
  saving,
  failure,
  onSave,
  onClose,
}: {
  open: boolean;
  mode: 'save' | 'saveAs';
  details: QuestionDetails;
  collections: readonly string[];
  saving: boolean;
  failure: string | null;
  onSave: (details: QuestionDetails) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(BI_NAMESPACE);
  const [form] = Form.useForm<QuestionDetails>();
  const sharing = Form.useWatch('sharing', form) as ReportSharing | undefined;
  const collection = (Form.useWatch('collection', form) as string | undefined) ?? '';
  const teams = useTeamOptions(open && sharing === 'teams');
  const roles = useRoleOptions(open && sharing === 'roles');

  useEffect(() => {
    if (open) form.setFieldsValue({ ...details, name: mode === 'saveAs' ? '' : details.name });
  }, [open, mode, details, form]);

  const suggestions = collections
    .filter((each) => each.toLowerCase().includes(collection.trim().toLowerCase()))
    .map((each) => ({ value: each }));

  return (
    <Modal
      open={open}
      title={t(mode === 'saveAs' ? 'save.saveAsTitle' : 'save.title')}
      okText={t('save.ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void form.validateFields().then((values) => onSave({ ...details, ...values }))}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" initialValues={details} data-testid="save-question-form">
        <Form.Item
          name="name"
          label={t('save.name')}
          rules={[{ required: true, whitespace: true, message: t('save.nameRequired') }]}
        >
          <Input maxLength={40} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('save.description')}>
          <TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="collection" label={t('save.collection')} extra={t('save.collectionHint')}>
          <AutoComplete options={suggestions} maxLength={40} aria-label={t('save.collection')} />
        </Form.Item>
        <Form.Item name="sharing" label={t('save.sharing')}>
          <Radio.Group options={REPORT_SHARING.map((value) => ({ value, label: t(`sharing.${value}`) }))} />
        </Form.Item>
        {sharing === 'teams' ? (
          <Form.Item name="teamIds" label={t('save.teams')}>
            <Select
              mode="multiple"
              loading={teams.isPending}
              optionFilterProp="label"
              options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.team_name }))}
            />
          </Form.Item>
        ) : null}
        {sharing === 'roles' ? (
          <Form.Item
            name="roleIds"
            label={t('save.roles')}
            help={roles.isError ? t('save.rolesUnavailable') : undefined}
          >
            <Select
              mode="multiple"
              loading={roles.isPending && !roles.isError}
              optionFilterProp="label"
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.role_name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
