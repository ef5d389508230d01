// Adding a card: its type and title, then what it shows — for a chart, number or table a saved
// report's definition (copied) or a count of an app's records by one field; for a report card the
// report it opens; a text card's text; a workflow card's app and metric.
import {
  DASHBOARD_CARD_TYPES,
  WORKFLOW_CARD_METRICS,
  type ChartType,
  type DashboardCard,
  type DashboardCardType,
  type ReportDefinition,
} from '@formloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useApplications } from '../../applications/index.ts';
import { listColumns, useRecordForm } from '../../records/index.ts';
import { canGroupBy, fetchReport, reportKeys, useReportTable } from '../../reports/index.ts';
import { countByField } from '../lib/dashboard-logic.ts';
import { useDashboardMessages } from '../messages.ts';

const CHART_CHOICES: readonly ChartType[] = ['bar', 'line', 'area', 'pie', 'donut', 'funnel'];
const QUERY_CARDS: readonly DashboardCardType[] = ['chart', 'number', 'table'];

export function AddCardModal({
  onAdd,
  onCancel,
}: {
  onAdd: (card: Partial<DashboardCard> & { type: DashboardCardType }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { reason } = useDashboardMessages();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [type, setType] = useState<DashboardCardType>('chart');
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<'report' | 'count'>('report');
  const [reportId, setReportId] = useState<string>();
  const [moduleId, setModuleId] = useState('');
  const [groupField, setGroupField] = useState<string>();
  const [chartType, setChartType] = useState<ChartType>('bar');
  const [text, setText] = useState('');
  const [metric, setMetric] = useState<(typeof WORKFLOW_CARD_METRICS)[number]>('timeInActivity');
  const [busy, setBusy] = useState(false);
  const needsQuery = QUERY_CARDS.includes(type);
  const needsReport = type === 'report' || (needsQuery && source === 'report');
  const needsApp = type === 'workflow' || (needsQuery && source === 'count');
  const reports = useReportTable({
    page: 1,
    length: 100,
    scope: 'all',
    orders: [{ column: 'name', dir: 'asc' }],
  });
  const apps = useApplications();
  const form = useRecordForm(needsApp && type !== 'workflow' ? moduleId : '');
  const groupable = useMemo(
    () =>
      form.data
        ? listColumns(form.data.definition.fieldGroups).filter((column) => canGroupBy(column.kind))
        : [],
    [form.data],
  );

  const ready =
    (needsReport ? Boolean(reportId) : true) &&
    (needsApp ? moduleId !== '' : true) &&
    (needsQuery && source === 'count' && type !== 'number' ? Boolean(groupField) : true);

  const withChart = (definition: ReportDefinition | ReturnType<typeof countByField>) =>
    type === 'chart'
      ? { ...definition, chart: { type: chartType, measure: definition.chart?.measure ?? 0 } }
      : definition;

  const add = async () => {
    const base = { type, title: title.trim() };
    if (type === 'text') return onAdd({ ...base, text });
    if (type === 'quicklaunch') return onAdd(base);
    if (type === 'workflow') return onAdd({ ...base, workflow: { moduleId, metric } });
    if (type === 'report') return onAdd({ ...base, reportId });
    if (source === 'count')
      return onAdd({
        ...base,
        definition: withChart(
          countByField(moduleId, type === 'number' ? null : (groupField ?? null)),
        ) as ReportDefinition,
      });
    setBusy(true);
    try {
      const report = await queryClient.fetchQuery({
        queryKey: reportKeys.detail(reportId as string),
        queryFn: () => fetchReport(reportId as string),
      });
      onAdd({
        ...base,
        title: base.title || report.name,
        definition: withChart(report.definition) as ReportDefinition,
      });
    } catch (error) {
      toast.error(reason(error, t('add.reportFailed')));
    } finally {
      setBusy(false);
    }
  };

  const field = { display: 'grid', gap: 2 } as const;
  const reportOptions = (reports.data?.data ?? []).map((report) => ({
    value: report.id,
    label: report.name,
  }));
  const appOptions = (apps.data ?? [])
    .filter((app) => app.status === 'Published')
    .map((app) => ({ value: app.id, label: app.display_name }));

  return (
    <Modal
      open
      title={t('add.title')}
      okText={t('add.ok')}
      cancelText={t('add.cancel')}
      okButtonProps={{ disabled: !ready, loading: busy }}
      onOk={() => void add()}
      onCancel={onCancel}
    >
      <div style={{ display: 'grid', gap: token.marginSM }}>
        <label style={field}>
          {t('add.type')}
          <Select
            aria-label={t('add.type')}
            value={type}
            options={DASHBOARD_CARD_TYPES.map((one) => ({ value: one, label: t(`cardTypes.${one}`) }))}
            onChange={setType}
          />
        </label>
        <label style={field}>
          {t('add.cardTitle')}
          <Input value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
        </label>
        {needsQuery ? (
          <Radio.Group
            aria-label={t('add.source')}
            value={source}
            onChange={(event) => setSource(event.target.value as 'report' | 'count')}
            options={[
              { value: 'report', label: t('add.fromReport') },
              { value: 'count', label: t('add.countBy') },
            ]}
          />
        ) : null}
        {needsReport ? (
          <label style={field}>
            {t('add.report')}
            <Select
              aria-label={t('add.report')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={reports.isPending}
              value={reportId}
              options={reportOptions}
              notFoundContent={t('add.noReports')}
              onChange={setReportId}
            />
          </label>
        ) : null}
        {needsApp ? (
          <label style={field}>
            {t('add.app')}
            <Select
              aria-label={t('add.app')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={apps.isPending}
              value={moduleId || undefined}
              options={appOptions}
              onChange={(id: string) => {
                setModuleId(id);
                setGroupField(undefined);
              }}
            />
          </label>
        ) : null}
        {needsQuery && source === 'count' && type !== 'number' ? (
          <label style={field}>
            {t('add.groupField')}
            <Select
              aria-label={t('add.groupField')}
              loading={moduleId !== '' && form.isPending}
              value={groupField}
              options={groupable.map((column) => ({ value: column.key, label: column.label }))}
              onChange={setGroupField}
            />
          </label>
        ) : null}
        {type === 'chart' ? (
          <label style={field}>
            {t('add.chartType')}
            <Select
              aria-label={t('add.chartType')}
              value={chartType}
              options={CHART_CHOICES.map((one) => ({ value: one, label: t(`chartTypes.${one}`) }))}
              onChange={setChartType}
            />
          </label>
        ) : null}
        {type === 'text' ? (
          <label style={field}>
            {t('edit.text')}
            <Input.TextArea
              value={text}
              maxLength={4000}
              rows={4}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
        ) : null}
        {type === 'workflow' ? (
          <label style={field}>
            {t('add.metric')}
            <Select
              aria-label={t('add.metric')}
              value={metric}
              options={WORKFLOW_CARD_METRICS.map((one) => ({
                value: one,
                label: t(`workflow.metrics.${one}`),
              }))}
              onChange={setMetric}
            />
          </label>
        ) : null}
      </div>
    </Modal>
  );
}
