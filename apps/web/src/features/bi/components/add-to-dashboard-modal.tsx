// "Add to dashboard": the caller's own dashboards; the chosen one gets the question as a chart card
// below its other cards (the whole dashboard is saved, as the dashboard editor saves it).
import { reportDefinitionSchema, type ReportDefinitionInput } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { failureReason, useReportMessages } from '../../reports/index.ts';
import { useAddCardToDashboard, useMyDashboards } from '../api.ts';
import { BI_NAMESPACE } from '../messages.ts';

/** A card's size on the dashboard grid. */
const CARD_W = 6;
const CARD_H = 4;

interface Values {
  dashboardId: string;
  title: string;
}

export function AddToDashboardModal({
  open,
  title,
  definition,
  onClose,
}: {
  open: boolean;
  /** The question's name: the card's title unless changed. */
  title: string;
  definition: ReportDefinitionInput | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(BI_NAMESPACE);
  const { translate } = useReportMessages();
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const dashboards = useMyDashboards(open);
  const add = useAddCardToDashboard();
  const mine = (dashboards.data?.data ?? []).filter((dashboard) => dashboard.isMine);

  useEffect(() => {
    if (open) {
      setFailure(null);
      form.setFieldsValue({ title });
    }
  }, [open, title, form]);

  const submit = (values: Values) => {
    if (!definition) return;
    setFailure(null);
    add.mutate(
      {
        dashboardId: values.dashboardId,
        card: {
          type: 'chart',
          title: values.title.trim(),
          definition: reportDefinitionSchema.parse(definition),
          x: 0,
          w: CARD_W,
          h: CARD_H,
        },
      },
      {
        onSuccess: () => {
          const name = mine.find((dashboard) => dashboard.id === values.dashboardId)?.name ?? '';
          toast.success(t('dashboard.added', { name }));
          onClose();
        },
        onError: (error) => setFailure(failureReason(error, translate, t('dashboard.failed'))),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('dashboard.title')}
      okText={t('dashboard.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !definition || mine.length === 0 }}
      confirmLoading={add.isPending}
      onOk={() => void form.validateFields().then(submit)}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      ) : null}
      {dashboards.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('dashboard.listFailed')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {dashboards.isSuccess && mine.length === 0 ? (
        <Empty description={t('dashboard.none')} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ title }} data-testid="add-to-dashboard-form">
          <Form.Item
            name="dashboardId"
            label={t('dashboard.choose')}
            rules={[{ required: true, message: t('dashboard.chooseRequired') }]}
          >
            <Select
              aria-label={t('dashboard.choose')}
              loading={dashboards.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              options={mine.map((dashboard) => ({ value: dashboard.id, label: dashboard.name }))}
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('dashboard.cardTitle')}
            rules={[{ required: true, whitespace: true, message: t('dashboard.cardTitleRequired') }]}
          >
            <Input maxLength={40} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
