import AppstoreAddOutlined from '@ant-design/icons/es/icons/AppstoreAddOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import { reportDefinitionSchema, type Report, type ReportResult } from '@formloop/contracts';
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
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useDeclarePageTrail } from '../../../shared/navigation/page-trail.ts';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useApplications } from '../../applications/index.ts';
import { FilterBuilder, FilterChips } from '../../records/components.ts';
import {
  ChartPanel,
  failureReason,
  GroupedResultTable,
  PivotResultTable,
  RunFailure,
  useReport,
  useReportMessages,
  useReportPreview,
  useSaveReport,
} from '../../reports/index.ts';
import { useQuestionTable } from '../api.ts';
import { AddToDashboardModal } from '../components/add-to-dashboard-modal.tsx';
import { JoinsSetup, MeasureSetup, PivotSetup, type SetupProps } from '../components/question-setup.tsx';
import { SaveQuestionModal } from '../components/save-question-modal.tsx';
import {
  blankQuestion,
  blankQuestionDetails,
  questionFromReport,
  toQuestionDefinition,
  type QuestionDetails,
  type QuestionState,
} from '../lib/question.ts';
import { useQuestionSources } from '../lib/sources.ts';
import { BI_NAMESPACE } from '../messages.ts';
import { BI_BUILDER_PATH, BI_REPORTS_PATH, questionHref } from '../paths.ts';

/** The result runs this long after the last change. */
export const RUN_DEBOUNCE_MS = 600;

type Grouped = Extract<ReportResult, { kind: 'grouped' }>;
type Pivot = Extract<ReportResult, { kind: 'pivot' }>;

function Builder({ report }: { report: Report | null }) {
  const { t } = useTranslation(BI_NAMESPACE);
  const { token } = theme.useToken();
  const { translate } = useReportMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const opened = useMemo(() => (report ? questionFromReport(report) : null), [report]);
  const [state, setState] = useState<QuestionState>(() => opened?.state ?? blankQuestion());
  const [details, setDetails] = useState<QuestionDetails>(() => opened?.details ?? blankQuestionDetails());
  // What was last saved (or opened): changes since then are asked about before leaving.
  const [savedState, setSavedState] = useState(() => JSON.stringify(opened?.state ?? blankQuestion()));
  const dirty = useRef(false);
  dirty.current = JSON.stringify(state) !== savedState;
  const [saving, setSaving] = useState<'save' | 'saveAs' | null>(null);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const apps = useApplications();
  const publishedApps = useMemo(
    () => (apps.data ?? []).filter((app) => app.status === 'Published'),
    [apps.data],
  );
  const { sources, lookups, baseColumns, columnLabel, columnOf, refLabel } = useQuestionSources(
    state,
    apps.data ?? [],
  );
  const collections = useQuestionTable({ page: 1, length: 10 }).data?.collections ?? [];
  const save = useSaveReport();
  const mine = report === null || report.isMine;
  useDeclarePageTrail(BI_BUILDER_PATH, [
    { key: 'bi-reports', title: t('list.title'), href: BI_REPORTS_PATH },
    {
      key: `bi:${report?.id ?? 'new'}`,
      title: report ? report.name : t('builder.newTitle'),
      href: questionHref(report?.id),
    },
  ]);

  const definition = useMemo(() => {
    const input = toQuestionDefinition(state, details.collection);
    if (!input) return null;
    const parsed = reportDefinitionSchema.safeParse(input);
    return parsed.success ? parsed.data : null;
  }, [state, details.collection]);
  const settled = useDebouncedValue(definition, RUN_DEBOUNCE_MS);
  const ready = baseColumns.length > 0 && sources.every((info) => !info.loading);
  const run = useReportPreview(settled && ready ? { definition: settled, page: 1, length: 10 } : null);

  const labelFor = (aggregate: string, field: string) => t(`measureLabels.${aggregate}`, { field });
  const measureText = labelFor(state.measure.aggregate, state.measure.field ? refLabel(state.measure) : '');
  const setupProps: SetupProps = { state, sources, lookups, columnLabel, columnOf, onChange: setState };

  const submit = (values: QuestionDetails) => {
    if (!definition || !saving) return;
    setFailure(null);
    setDetails(values);
    const asNew = saving === 'saveAs' || !mine;
    save.mutate(
      {
        ...(report && !asNew ? { id: report.id } : {}),
        name: values.name,
        description: values.description,
        sharing: values.sharing,
        teamIds: values.teamIds,
        roleIds: values.roleIds,
        definition: { ...definition, collection: (values.collection ?? '').trim() },
      },
      {
        onSuccess: (response) => {
          dirty.current = false;
          setSavedState(JSON.stringify(state));
          toast.success(t('save.saved'));
          setSaving(null);
          if (!report || report.id !== response.data.id) {
            void navigate(questionHref(response.data.id), { replace: true });
          }
        },
        onError: (error) => setFailure(failureReason(error, translate, t('save.failed'))),
      },
    );
  };

  const section = (title: string, body: ReactNode, testId?: string) => (
    <Card size="small" title={title} data-testid={testId} styles={{ body: { minWidth: 0 } }}>
      {body}
    </Card>
  );

  let resultBody: ReactNode;
  if (!state.moduleId) resultBody = <Empty description={t('builder.pickAppFirst')} />;
  else if (!definition) resultBody = <Empty description={t('builder.incomplete')} />;
  else if (run.isError && !run.isFetching) {
    resultBody = <RunFailure error={run.error} onRetry={() => void run.refetch()} />;
  } else if (!run.data) resultBody = <Skeleton active paragraph={{ rows: 6 }} />;
  else {
    const shown = run.data.result;
    const shownDefinition = run.data.definition;
    if (shown.kind === 'pivot' && shownDefinition.pivot) {
      resultBody = (
        <PivotResultTable
          result={shown as Pivot}
          rowLabels={shownDefinition.pivot.rows.map((row) =>
            refLabel({ ...row, source: row.source ?? 'base' }),
          )}
          measureLabel={measureText}
        />
      );
    } else if (shown.kind === 'grouped') {
      resultBody = (
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin, minWidth: 0 }}>
          <ChartPanel chart={{ type: 'bar', measure: 0 }} result={shown} seriesName={measureText} />
          <GroupedResultTable
            result={shown as Grouped}
            groupLabels={shownDefinition.groupBy.map((row) =>
              refLabel({ ...row, source: row.source ?? 'base' }),
            )}
            measureLabels={[measureText]}
          />
        </div>
      );
    } else resultBody = <Empty description={t('builder.incomplete')} />;
    if (shown.kind !== 'table' && shown.truncated) {
      resultBody = (
        <>
          <Alert
            type="info"
            showIcon
            title={t('builder.truncated')}
            style={{ marginBottom: token.marginSM }}
          />
          {resultBody}
        </>
      );
    }
  }

  return (
    <div
      style={{
        padding: token.paddingLG,
        display: 'flex',
        flexDirection: 'column',
        gap: token.margin,
        minWidth: 0,
      }}
      data-testid="bi-builder"
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.margin, alignItems: 'center' }}>
        <h2
          style={{ fontSize: token.fontSizeHeading3, margin: 0, flex: '1 1 200px', overflowWrap: 'anywhere' }}
        >
          {report ? t('builder.editTitle', { name: report.name }) : t('builder.newTitle')}
        </h2>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <Button
            href={BI_REPORTS_PATH}
            onClick={(event) => {
              event.preventDefault();
              void navigate(BI_REPORTS_PATH);
            }}
          >
            {t('builder.allQuestions')}
          </Button>
          <Button icon={<AppstoreAddOutlined />} disabled={!definition} onClick={() => setAdding(true)}>
            {t('builder.addToDashboard')}
          </Button>
          {report ? (
            <Button disabled={!definition} onClick={() => setSaving('saveAs')}>
              {t('builder.saveAs')}
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!definition || !mine}
            onClick={() => setSaving('save')}
          >
            {t('builder.save')}
          </Button>
        </div>
      </div>
      {!mine ? <Alert type="info" showIcon title={t('builder.notOwner')} /> : null}
      <Row gutter={[16, 16]} style={{ marginInline: 0 }}>
        <Col
          xs={24}
          xl={10}
          style={{ display: 'flex', flexDirection: 'column', gap: token.margin, minWidth: 0 }}
        >
          {section(
            t('builder.app'),
            <Select
              aria-label={t('builder.app')}
              placeholder={t('builder.chooseApp')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={apps.isPending}
              value={state.moduleId || undefined}
              onChange={(moduleId: string) => setState(blankQuestion(moduleId))}
              options={publishedApps.map((app) => ({ value: app.id, label: app.display_name }))}
              notFoundContent={apps.isError ? t('builder.appsFailed') : t('builder.noApps')}
              style={{ width: '100%' }}
            />,
            'bi-app',
          )}
          {state.moduleId && sources[0]?.loading ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
          {sources.some((info) => info.failed) ? (
            <Alert type="error" showIcon role="alert" title={t('builder.formFailed')} />
          ) : null}
          {baseColumns.length > 0 ? (
            <>
              {section(t('builder.joins'), <JoinsSetup {...setupProps} />)}
              {section(t('builder.pivot'), <PivotSetup {...setupProps} />)}
              {section(t('builder.measure'), <MeasureSetup {...setupProps} />, 'bi-measure')}
              {section(
                t('builder.filters'),
                <>
                  <FilterBuilder
                    key={state.moduleId}
                    columns={baseColumns}
                    labelOf={(key) =>
                      columnLabel(
                        baseColumns.find((column) => column.key === key),
                        key,
                      )
                    }
                    applied={state.filters}
                    onApply={(filters) => setState((current) => ({ ...current, filters }))}
                    onClear={() => setState((current) => ({ ...current, filters: [] }))}
                  />
                  <FilterChips
                    filters={state.filters}
                    columns={baseColumns}
                    labelOf={(key) =>
                      columnLabel(
                        baseColumns.find((column) => column.key === key),
                        key,
                      )
                    }
                    onRemove={(index) =>
                      setState((current) => ({
                        ...current,
                        filters: current.filters.filter((_, i) => i !== index),
                      }))
                    }
                    onClear={() => setState((current) => ({ ...current, filters: [] }))}
                  />
                </>,
              )}
            </>
          ) : null}
        </Col>
        <Col xs={24} xl={14} style={{ minWidth: 0 }}>
          <Card
            size="small"
            title={t('builder.result')}
            data-testid="bi-result"
            aria-busy={run.isFetching}
            styles={{ body: { minWidth: 0 } }}
          >
            {resultBody}
          </Card>
        </Col>
      </Row>
      <LeaveGuard namespace={BI_NAMESPACE} dirty={dirty} active={dirty.current} ignoreSearch />
      <SaveQuestionModal
        open={saving !== null}
        mode={saving ?? 'save'}
        details={details}
        collections={collections}
        saving={save.isPending}
        failure={failure}
        onSave={submit}
        onClose={() => {
          setSaving(null);
          setFailure(null);
        }}
      />
      <AddToDashboardModal
        open={adding}
        title={details.name || report?.name || ''}
        definition={definition}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}

/** /business-intelligence (new) and ?id= (open a saved question): build, run and save a BI question. */
export function BiBuilderPage() {
  const { t } = useTranslation(BI_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const report = useReport(id);
  if (id === '') return <Builder key="new" report={null} />;
  if (report.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="bi-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (report.isError) {
    if (isApiError(report.error) && [403, 404].includes(report.error.status)) {
      return (
        <Result
          status="404"
          title={t('builder.notFound')}
          data-testid="bi-not-found"
          extra={
            <Button type="primary" onClick={() => void navigate(BI_REPORTS_PATH)}>
              {t('builder.allQuestions')}
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
  return <Builder key={report.data.id} report={report.data} />;
}

export default BiBuilderPage;
