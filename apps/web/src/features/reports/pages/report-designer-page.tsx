import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import { reportDefinitionSchema, type Report, type ReportDefinition } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDeclarePageTrail } from '../../../shared/navigation/page-trail.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useApplications } from '../../applications/index.ts';
import { FilterBuilder, FilterChips } from '../../records/components.ts';
import { listColumns, useRecordForm } from '../../records/index.ts';
import { exportReport, useReport, useReportPreview, useReportTable, useSaveReport } from '../api.ts';
import { DesignerChart } from '../components/designer-chart.tsx';
import { DesignerColumns } from '../components/designer-columns.tsx';
import { DesignerGrouping, DesignerSort } from '../components/designer-grouping.tsx';
import { ExportMenu } from '../components/export-menu.tsx';
import { ReportOutput, useColumnLabels } from '../components/report-output.tsx';
import { RunFailure } from '../components/run-failure.tsx';
import { SaveReportModal } from '../components/save-report-modal.tsx';
import {
  blankDesigner,
  blankDetails,
  designerFromDefinition,
  designerFromReport,
  toDefinition,
  type DesignerState,
  type SaveDetails,
} from '../lib/designer-state.ts';
import { useHandedOverDefinition } from '../lib/designer-handover.ts';
import { isGrouped, measureLabel } from '../lib/result-data.ts';
import { failureReason, REPORTS_NAMESPACE, useReportMessages } from '../messages.ts';
import { REPORT_DESIGNER_PATH, REPORTS_PATH, reportDesignerHref } from '../paths.ts';

/** The preview runs this long after the last change (the first page of real data). */
export const PREVIEW_DEBOUNCE_MS = 600;

function Designer({
  report,
  handedOver = null,
}: {
  report: Report | null;
  /** A new report's starting definition (Quick Report's "Save as report"). */
  handedOver?: ReportDefinition | null;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const { text, translate } = useReportMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const opened = useMemo(() => (report ? designerFromReport(report) : null), [report]);
  const [state, setState] = useState<DesignerState>(
    () => opened?.state ?? (handedOver ? designerFromDefinition(handedOver) : blankDesigner()),
  );
  const [details, setDetails] = useState<SaveDetails>(() => opened?.details ?? blankDetails());
  // What was last saved (or opened): changes since then are asked about before leaving.
  const [savedState, setSavedState] = useState(() => JSON.stringify(opened?.state ?? blankDesigner()));
  const dirty = useRef(false);
  dirty.current = JSON.stringify(state) !== savedState;
  const [saving, setSaving] = useState<'save' | 'saveAs' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const apps = useApplications();
  const form = useRecordForm(state.moduleId);
  const categories = useReportTable({ page: 1, length: 10, scope: 'mine' }).data?.categories ?? [];
  const save = useSaveReport();
  const columns = useMemo(
    () => (state.moduleId && form.data ? listColumns(form.data.definition.fieldGroups) : []),
    [state.moduleId, form.data],
  );
  const { labelOf, groupLabel, aggregateLabel } = useColumnLabels(columns);
  const change = (patch: Partial<DesignerState>) => setState((current) => ({ ...current, ...patch }));
  const mine = report === null || report.isMine;
  useDeclarePageTrail(REPORT_DESIGNER_PATH, [
    { key: 'reports', title: t('list.title'), href: REPORTS_PATH },
    {
      key: `designer:${report?.id ?? 'new'}`,
      title: report ? report.name : t('designer.newTitle'),
      href: reportDesignerHref(report?.id),
    },
  ]);

  const definitionInput = useMemo(() => toDefinition(state), [state]);
  // One object per change of the state, so the debounce below settles instead of restarting.
  const definition = useMemo(() => {
    const parsed = reportDefinitionSchema.safeParse(definitionInput);
    return parsed.success ? parsed.data : null;
  }, [definitionInput]);
  const settled = useDebouncedValue(definition, PREVIEW_DEBOUNCE_MS);
  const preview = useReportPreview(
    settled && settled.moduleId && columns.length > 0 ? { definition: settled, page: 1, length: 10 } : null,
  );
  const grouped = isGrouped(definitionInput as Parameters<typeof isGrouped>[0]);
  const measureLabels = (state.measures.length > 0 ? state.measures : [{ aggregate: 'count' as const }]).map(
    (measure) => measureLabel(measure, aggregateLabel, labelOf),
  );
  const publishedApps = (apps.data ?? []).filter((app) => app.status === 'Published');

  const submit = (values: SaveDetails) => {
    if (!definition || !saving) return;
    setFailure(null);
    setDetails(values);
    const asNew = saving === 'saveAs' || !mine;
    save.mutate(
      {
        ...(report && !asNew ? { id: report.id } : {}),
        ...values,
        definition,
      },
      {
        onSuccess: (response) => {
          dirty.current = false;
          setSavedState(JSON.stringify(state));
          toast.success(text('saved'));
          setSaving(null);
          if (!report || report.id !== response.data.id) {
            void navigate(reportDesignerHref(response.data.id), { replace: true });
          }
        },
        onError: (error) => setFailure(failureReason(error, translate, t('designer.saveFailed'))),
      },
    );
  };

  const section = (title: string, body: ReactNode, testId?: string) => (
    <Card size="small" title={title} data-testid={testId}>
      {body}
    </Card>
  );

  let previewBody;
  if (!state.moduleId) previewBody = <Empty description={t('designer.pickAppFirst')} />;
  else if (!definition) previewBody = <Empty description={t('designer.incomplete')} />;
  else if (preview.isError && !preview.isFetching) previewBody = <RunFailure error={preview.error} />;
  else if (!preview.data) previewBody = <Skeleton active paragraph={{ rows: 6 }} />;
  else
    previewBody = (
      <ReportOutput
        definition={preview.data.definition}
        result={preview.data.result}
        columns={columns}
        page={1}
        length={10}
        loading={preview.isFetching}
      />
    );

  return (
    <div
      style={{
        padding: token.paddingLG,
        display: 'flex',
        flexDirection: 'column',
        gap: token.margin,
        minWidth: 0,
      }}
      data-testid="report-designer"
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.margin, alignItems: 'center' }}>
        <h2
          style={{ fontSize: token.fontSizeHeading3, margin: 0, flex: '1 1 200px', overflowWrap: 'anywhere' }}
        >
          {report ? t('designer.editTitle', { name: report.name }) : t('designer.newTitle')}
        </h2>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <Button
            href={REPORTS_PATH}
            onClick={(event) => {
              event.preventDefault();
              void navigate(REPORTS_PATH);
            }}
          >
            {t('designer.back')}
          </Button>
          <ExportMenu
            disabled={!definition || columns.length === 0}
            fetchFile={(choice) =>
              exportReport({
                ...choice,
                definition: definition as ReportDefinition,
                name: details.name || report?.name || t('designer.newTitle'),
              })
            }
          />
          {report ? (
            <Button disabled={!definition} onClick={() => setSaving('saveAs')}>
              {t('designer.saveAs')}
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!definition || !mine}
            onClick={() => setSaving('save')}
          >
            {t('designer.save')}
          </Button>
        </div>
      </div>
      {!mine ? <Alert type="info" showIcon title={t('designer.notOwner')} /> : null}
      <Row gutter={[16, 16]}>
        <Col
          xs={24}
          xl={10}
          style={{ display: 'flex', flexDirection: 'column', gap: token.margin, minWidth: 0 }}
        >
          {section(
            t('designer.app'),
            <Select
              aria-label={t('designer.app')}
              placeholder={t('designer.chooseApp')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={apps.isPending}
              value={state.moduleId || undefined}
              onChange={(moduleId: string) => setState(blankDesigner(moduleId))}
              options={publishedApps.map((app) => ({ value: app.id, label: app.display_name }))}
              notFoundContent={apps.isError ? t('designer.appsFailed') : t('designer.noApps')}
              style={{ width: '100%' }}
            />,
            'designer-app',
          )}
          {state.moduleId && form.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
          {state.moduleId && form.isError ? (
            <RunFailure error={form.error} onRetry={() => void form.refetch()} />
          ) : null}
          {columns.length > 0 ? (
            <>
              {section(
                t('designer.filters'),
                <>
                  <FilterBuilder
                    key={state.moduleId}
                    columns={columns}
                    labelOf={labelOf}
                    applied={state.filters}
                    onApply={(filters) => change({ filters })}
                    onClear={() => change({ filters: [] })}
                  />
                  <FilterChips
                    filters={state.filters}
                    columns={columns}
                    labelOf={labelOf}
                    onRemove={(index) => change({ filters: state.filters.filter((_, i) => i !== index) })}
                    onClear={() => change({ filters: [] })}
                  />
                </>,
              )}
              {section(
                t('designer.grouping'),
                <>
                  <DesignerGrouping state={state} columns={columns} labelOf={labelOf} onChange={change} />
                  {grouped && !state.pivot.enabled ? (
                    <DesignerSort
                      state={state}
                      groupLabels={state.groupBy.filter((group) => group.field !== '').map(groupLabel)}
                      measureLabels={measureLabels}
                      onChange={change}
                    />
                  ) : null}
                </>,
              )}
              {section(
                t('designer.chart'),
                <DesignerChart
                  chart={state.chart}
                  grouped={grouped}
                  measureLabels={measureLabels}
                  onChange={(chart) => change({ chart })}
                />,
              )}
              {!grouped
                ? section(
                    t('designer.columns'),
                    <DesignerColumns
                      columns={columns}
                      chosen={state.columns}
                      labelOf={labelOf}
                      onChange={(chosen) => change({ columns: chosen })}
                    />,
                  )
                : null}
            </>
          ) : null}
        </Col>
        <Col xs={24} xl={14} style={{ minWidth: 0 }}>
          <Card size="small" title={t('designer.preview')} data-testid="designer-preview">
            <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('designer.previewHint')}</p>
            {previewBody}
          </Card>
        </Col>
      </Row>
      <LeaveGuard namespace={REPORTS_NAMESPACE} dirty={dirty} active={dirty.current} ignoreSearch />
      <SaveReportModal
        open={saving !== null}
        mode={saving ?? 'save'}
        details={details}
        categories={categories}
        saving={save.isPending}
        failure={failure}
        onSave={submit}
        onClose={() => {
          setSaving(null);
          setFailure(null);
        }}
      />
    </div>
  );
}

/** /report-designer (new) and /report-designer?id= (edit): design, preview and save a report. */
export function ReportDesignerPage() {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const report = useReport(id);
  const handedOver = useHandedOverDefinition();
  if (id === '') return <Designer key="new" report={null} handedOver={handedOver} />;
  if (report.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="report-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (report.isError) {
    if (isApiError(report.error) && [403, 404].includes(report.error.status)) {
      return (
        <Result
          status="404"
          title={t('viewer.notFound')}
          subTitle={t('messages.notFound')}
          data-testid="report-not-found"
          extra={
            <Button type="primary" onClick={() => void navigate(REPORTS_PATH)}>
              {t('viewer.back')}
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ padding: token.paddingLG }}>
        <RunFailure error={report.error} onRetry={() => void report.refetch()} />
      </div>
    );
  }
  return <Designer key={report.data.id} report={report.data} />;
}

export default ReportDesignerPage;
