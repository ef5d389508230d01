import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import type { Report } from '@formloop/contracts';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type PageSize, type RecordFilter } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useDeclarePageTrail } from '../../../shared/navigation/page-trail.ts';
import { FilterBuilder, FilterChips } from '../../records/components.ts';
import { listColumns, useRecordForm } from '../../records/index.ts';
import { exportSavedReport, useReport, useSavedReportRun } from '../api.ts';
import { ColumnPicker } from '../components/column-picker.tsx';
import { DrillFailure } from '../components/drill-failure.tsx';
import { ExportMenu } from '../components/export-menu.tsx';
import { ReportOutput, useColumnLabels } from '../components/report-output.tsx';
import { RunFailure } from '../components/run-failure.tsx';
import { useDrill } from '../components/use-drill.ts';
import { isGrouped } from '../lib/result-data.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';
import { REPORTS_PATH, REPORT_VIEWER_PATH, reportDesignerHref, reportViewerHref } from '../paths.ts';

function ReportView({ report }: { report: Report }) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const definition = report.definition;
  useDeclarePageTrail(REPORT_VIEWER_PATH, [
    { key: 'reports', title: t('list.title'), href: REPORTS_PATH },
    { key: `report:${report.id}`, title: report.name, href: reportViewerHref(report.id) },
  ]);
  const form = useRecordForm(definition.moduleId);
  const columns = useMemo(
    () => (form.data ? listColumns(form.data.definition.fieldGroups) : []),
    [form.data],
  );
  const { labelOf } = useColumnLabels(columns);
  const [filters, setFilters] = useState<RecordFilter[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [length, setLength] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [shown, setShown] = useState<string[] | null>(null);
  // A plain report searches like the record list: 500 ms after the last key (spec §9).
  const plain = !isGrouped(definition);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search]);
  const run = useSavedReportRun(report.id, { page, length, filters, ...(search ? { search } : {}) });
  const result = run.data;
  const drill = useDrill(definition, filters);

  // The report's own columns (or, for a report without any, every field the server answered).
  const allKeys = useMemo(
    () =>
      definition.columns.length > 0
        ? definition.columns
        : result?.kind === 'table'
          ? result.columns.map((column) => column.key)
          : [],
    [definition.columns, result],
  );

  const applyFilters = (next: RecordFilter[]) => {
    setFilters(next);
    setPage(1);
  };

  let body;
  if (run.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} data-testid="report-running" />;
  } else if (run.isError && !result) {
    body = <RunFailure error={run.error} onRetry={() => void run.refetch()} />;
  } else if (result) {
    body = (
      <>
        {run.isError ? <RunFailure error={run.error} onRetry={() => void run.refetch()} /> : null}
        <ReportOutput
          definition={definition}
          result={result}
          columns={columns}
          shownKeys={shown ?? allKeys}
          page={page}
          length={length}
          loading={run.isFetching}
          onPage={(next, size) => {
            setPage(next);
            setLength(size);
          }}
          onDrill={drill.drill}
        />
      </>
    );
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
      data-testid="report-viewer"
      aria-busy={drill.pending || undefined}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.margin, alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <h2 style={{ fontSize: token.fontSizeHeading3, margin: 0, overflowWrap: 'anywhere' }}>
            {report.name}
          </h2>
          <div style={{ color: token.colorTextSecondary }}>
            {t('viewer.appLine', {
              app: report.moduleName,
              owner: report.isMine ? t('list.me') : report.ownerName,
            })}
          </div>
          {report.description ? (
            <p style={{ margin: `${token.marginXS}px 0 0` }}>{report.description}</p>
          ) : null}
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <Badge count={filters.length} size="small">
            <Button
              icon={<FilterOutlined />}
              aria-expanded={filtersOpen}
              disabled={columns.length === 0}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {t('viewer.filters')}
            </Button>
          </Badge>
          {result?.kind === 'table' && allKeys.length > 0 ? (
            <ColumnPicker keys={allKeys} shown={shown ?? allKeys} labelOf={labelOf} onChange={setShown} />
          ) : null}
          <ExportMenu
            fetchFile={(choice) =>
              exportSavedReport(report.id, { ...choice, filters, ...(plain && search ? { search } : {}) })
            }
          />
          {report.isMine ? (
            <Button
              icon={<EditOutlined />}
              href={reportDesignerHref(report.id)}
              onClick={(event) => {
                event.preventDefault();
                void navigate(reportDesignerHref(report.id));
              }}
            >
              {t('viewer.edit')}
            </Button>
          ) : null}
          <Button
            href={REPORTS_PATH}
            onClick={(event) => {
              event.preventDefault();
              void navigate(REPORTS_PATH);
            }}
          >
            {t('viewer.back')}
          </Button>
        </div>
      </div>
      {plain ? (
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('viewer.searchPlaceholder')}
          aria-label={t('viewer.searchLabel')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          style={{ maxWidth: 360 }}
        />
      ) : null}
      {filtersOpen && columns.length > 0 ? (
        <FilterBuilder
          columns={columns}
          labelOf={labelOf}
          applied={filters}
          onApply={(next) => {
            applyFilters(next);
            setFiltersOpen(false);
          }}
          onClear={() => applyFilters([])}
        />
      ) : null}
      <FilterChips
        filters={filters}
        columns={columns}
        labelOf={labelOf}
        onRemove={(index) => applyFilters(filters.filter((_, i) => i !== index))}
        onClear={() => applyFilters([])}
      />
      {definition.filters.length > 0 ? (
        <Alert type="info" showIcon title={t('viewer.savedFilters', { count: definition.filters.length })} />
      ) : null}
      {drill.error ? <DrillFailure error={drill.error} onClose={drill.reset} /> : null}
      {body}
    </div>
  );
}

/** /report-viewer?id= (spec §2): a saved report run as the viewer, with runtime filters and pages. */
export function ReportViewerPage() {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const report = useReport(id);

  const back = (
    <Button
      type="primary"
      href={REPORTS_PATH}
      onClick={(event) => {
        event.preventDefault();
        void navigate(REPORTS_PATH);
      }}
    >
      {t('viewer.back')}
    </Button>
  );
  if (id === '' || (report.isError && isApiError(report.error) && [403, 404].includes(report.error.status))) {
    return (
      <Result
        status="404"
        title={t('viewer.notFound')}
        subTitle={t('messages.notFound')}
        extra={back}
        data-testid="report-not-found"
      />
    );
  }
  if (report.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="report-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (report.isError) {
    return (
      <div style={{ padding: token.paddingLG }}>
        <RunFailure error={report.error} onRetry={() => void report.refetch()} />
      </div>
    );
  }
  return <ReportView key={report.data.id} report={report.data} />;
}

export default ReportViewerPage;
