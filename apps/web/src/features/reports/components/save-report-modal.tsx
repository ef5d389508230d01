// Save and Save as: the report's name, description, category and who it is shared with.
import { REPORT_SHARING, type ReportSharing } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleOptions, useTeamOptions } from '../api.ts';
import type { SaveDetails } from '../lib/designer-state.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';

export function SaveReportModal({
  open,
  mode,
  details,
  categories,
  saving,
  failure,
  onSave,
  onClose,
}: {
  open: boolean;
  mode: 'save' | 'saveAs';
  details: SaveDetails;
  categories: readonly string[];
  saving: boolean;
  /** The server's reason a save failed, translated. */
  failure: string | null;
  onSave: (details: SaveDetails) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const [form] = Form.useForm<SaveDetails>();
  const sharing = Form.useWatch('sharing', form) as ReportSharing | undefined;
  const teams = useTeamOptions(open && sharing === 'teams');
  const roles = useRoleOptions(open && sharing === 'roles');

  useEffect(() => {
    if (open) form.setFieldsValue({ ...details, name: mode === 'saveAs' ? '' : details.name });
  }, [open, mode, details, form]);

  return (
    <Modal
      open={open}
      title={t(mode === 'saveAs' ? 'designer.saveAsTitle' : 'designer.saveTitle')}
      okText={t('designer.save')}
      cancelText={t('designer.cancel')}
      confirmLoading={saving}
      onOk={() => void form.validateFields().then((values) => onSave({ ...details, ...values }))}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" initialValues={details} data-testid="save-report-form">
        <Form.Item
          name="name"
          label={t('designer.name')}
          rules={[{ required: true, whitespace: true, message: t('designer.nameRequired') }]}
        >
          <Input maxLength={40} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('designer.description')}>
          <TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="category" label={t('designer.category')}>
          <Input list="report-categories" maxLength={40} />
        </Form.Item>
        <datalist id="report-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Form.Item name="sharing" label={t('designer.sharing')}>
          <Radio.Group options={REPORT_SHARING.map((value) => ({ value, label: t(`sharing.${value}`) }))} />
        </Form.Item>
        {sharing === 'teams' ? (
          <Form.Item name="teamIds" label={t('designer.teams')}>
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
            label={t('designer.roles')}
            help={roles.isError ? t('designer.rolesUnavailable') : undefined}
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
