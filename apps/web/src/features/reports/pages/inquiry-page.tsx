import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { DATE_GRAINS, type DateGrain, type ReportDefinition, type ReportGroup } from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type PageSize, type RecordFilter } from '@formloop/domain';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useApplications } from '../../applications/index.ts';
import { FilterBuilder, FilterChips } from '../../records/components.ts';
import { listColumns, useRecordForm } from '../../records/index.ts';
import { exportReport, useReportPreview } from '../api.ts';
import { ColumnPicker } from '../components/column-picker.tsx';
import { DrillFailure } from '../components/drill-failure.tsx';
import { ExportMenu } from '../components/export-menu.tsx';
import { ReportOutput, useColumnLabels } from '../components/report-output.tsx';
import { RunFailure } from '../components/run-failure.tsx';
import { useDrill } from '../components/use-drill.ts';
import { canGroupBy, hasGrain } from '../lib/designer-state.ts';
import { designerHandover } from '../lib/designer-handover.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';

/** At most two group-by levels in a Quick Report (the designer takes three). */
const QUICK_GROUPS = 2;

/**
 * The definition a Quick Report runs: a plain list of the chosen columns (the app's fields when none
 * are chosen), or, grouped by one or two fields, a count per group with subtotals and a total.
 */
export function quickDefinition(
  moduleId: string,
  columns: readonly string[],
  filters: readonly RecordFilter[],
  groupBy: readonly ReportGroup[],
): ReportDefinition {
  const grouped = groupBy.length > 0;
  return {
    moduleId,
    columns: grouped ? [] : [...columns],
    filters: [...filters],
    orders: [],
    groupBy: [...groupBy],
    measures: grouped ? [{ aggregate: 'count' }] : [],
    sort: [],
    totals: grouped,
    limit: 1000,
  } as ReportDefinition;
}

/** /inquiry (Quick Report, spec §2): ask an app's records a question without saving a report. */
export function InquiryPage() {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const apps = useApplications();
  const publishedApps = (apps.data ?? []).filter((app) => app.status === 'Published');
  const [moduleId, setModuleId] = useState('');
  const form = useRecordForm(moduleId);
  const columns = useMemo(
    () => (moduleId && form.data ? listColumns(form.data.definition.fieldGroups) : []),
    [moduleId, form.data],
  );
  const { labelOf } = useColumnLabels(columns);
  const [chosen, setChosen] = useState<string[]>([]);
  const [filters, setFilters] = useState<RecordFilter[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [groupBy, setGroupBy] = useState<ReportGroup[]>([]);
  const [page, setPage] = useState(1);
  const [length, setLength] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search]);

  const grouped = groupBy.length > 0;
  const definition = useMemo(
    () => (moduleId ? quickDefinition(moduleId, chosen, filters, groupBy) : null),
    [moduleId, chosen, filters, groupBy],
  );
  const run = useReportPreview(
    definition && columns.length > 0
      ? {
          definition,
          page: grouped ? 1 : page,
          length: grouped ? DEFAULT_PAGE_SIZE : length,
          filters: [],
          ...(!grouped && search ? { search } : {}),
        }
      : null,
  );
  const drill = useDrill(run.data?.definition ?? null, []);
  const appName = publishedApps.find((app) => app.id === moduleId)?.display_name ?? '';
  const fieldKeys = useMemo(() => columns.filter((column) => !column.system).map((c) => c.key), [columns]);
  const groupable = columns.filter((column) => canGroupBy(column.kind));
  const kindOf = (key: string) => columns.find((column) => column.key === key)?.kind ?? '';

  const chooseApp = (next: string) => {
    setModuleId(next);
    setChosen([]);
    setFilters([]);
    setGroupBy([]);
    setPage(1);
    setSearchText('');
    setFiltersOpen(false);
  };
  const applyFilters = (next: RecordFilter[]) => {
    setFilters(next);
    setPage(1);
  };
  const setGroup = (level: number, field: string | undefined) => {
    const group = field
      ? { field, ...(hasGrain(kindOf(field)) ? { grain: 'month' as DateGrain } : {}) }
      : null;
    const [first, second] = groupBy;
    let next: ReportGroup[];
    if (level === 0) {
      // Clearing the first level moves the second one up; a second level on the same field goes.
      next = group
        ? [group, ...(second && second.field !== group.field ? [second] : [])]
        : second
          ? [second]
          : [];
    } else {
      next = first ? [first, ...(group ? [group] : [])] : [];
    }
    setGroupBy(next);
  };
  const setGrain = (level: number, grain: DateGrain) =>
    setGroupBy(groupBy.map((group, index) => (index === level ? { ...group, grain } : group)));

  let body;
  if (!moduleId) {
    body = <Empty description={t('inquiry.pickApp')} data-testid="inquiry-empty" />;
  } else if (form.isError) {
    body = <RunFailure error={form.error} onRetry={() => void form.refetch()} />;
  } else if (
    form.isPending ||
    (run.isPending && !run.isError) ||
    // Another app's answer kept on screen while this app's first one loads would mislabel it.
    (run.data && run.data.definition.moduleId !== moduleId)
  ) {
    body = <Skeleton active paragraph={{ rows: 8 }} data-testid="inquiry-loading" />;
  } else if (run.isError && !run.data) {
    body = <RunFailure error={run.error} onRetry={() => void run.refetch()} />;
  } else if (run.data) {
    body = (
      <>
        {run.isError ? <RunFailure error={run.error} onRetry={() => void run.refetch()} /> : null}
        <ReportOutput
          definition={run.data.definition}
          result={run.data.result}
          columns={columns}
          shownKeys={run.data.result.kind === 'table' && chosen.length > 0 ? chosen : undefined}
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

  const groupSelect = (level: number) => {
    const group = groupBy[level];
    const label = level === 0 ? t('inquiry.groupBy') : t('inquiry.thenBy');
    return (
      <div key={level} style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, minWidth: 0 }}>
        <Select
          aria-label={label}
          placeholder={label}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={group?.field}
          onChange={(field?: string) => setGroup(level, field)}
          options={groupable
            .filter((column) => level === 0 || column.key !== groupBy[0]?.field)
            .map((column) => ({ value: column.key, label: labelOf(column.key) }))}
          style={{ flex: '1 1 180px', minWidth: 0, maxWidth: 320 }}
        />
        {group && hasGrain(kindOf(group.field)) ? (
          <Select
            aria-label={t('inquiry.grain', { field: labelOf(group.field) })}
            value={group.grain ?? 'month'}
            onChange={(grain: DateGrain) => setGrain(level, grain)}
            options={DATE_GRAINS.map((grain) => ({ value: grain, label: t(`grains.${grain}`) }))}
            style={{ flex: '0 1 140px', minWidth: 0 }}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div
      style={{
        padding: token.paddingLG,
        display: 'flex',
        flexDirection: 'column',
        gap: token.margin,
        minWidth: 0,
      }}
      data-testid="inquiry"
      aria-busy={drill.pending || undefined}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.margin, alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <h2 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('inquiry.title')}</h2>
          <p style={{ color: token.colorTextSecondary, margin: `${token.marginXS}px 0 0` }}>
            {t('inquiry.intro')}
          </p>
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <ExportMenu
            disabled={!definition || columns.length === 0}
            fetchFile={(choice) =>
              exportReport({
                ...choice,
                definition: definition as ReportDefinition,
                name: appName ? t('inquiry.fileName', { app: appName }) : t('inquiry.title'),
                ...(!grouped && search ? { search } : {}),
              })
            }
          />
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!definition || columns.length === 0}
            onClick={() => {
              if (!definition) return;
              const handover = designerHandover(definition);
              void navigate(handover.to, { state: handover.state });
            }}
          >
            {t('inquiry.saveAsReport')}
          </Button>
        </div>
      </div>
      <Card size="small">
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM, minWidth: 0 }}>
          <Select
            aria-label={t('inquiry.app')}
            placeholder={t('designer.chooseApp')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={apps.isPending}
            value={moduleId || undefined}
            onChange={chooseApp}
            options={publishedApps.map((app) => ({ value: app.id, label: app.display_name }))}
            notFoundContent={apps.isError ? t('designer.appsFailed') : t('designer.noApps')}
            style={{ width: '100%', maxWidth: 480 }}
            data-testid="inquiry-app"
          />
          {columns.length > 0 ? (
            <>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}>
                {grouped ? null : (
                  <Input
                    allowClear
                    prefix={<SearchOutlined aria-hidden />}
                    placeholder={t('inquiry.searchPlaceholder')}
                    aria-label={t('inquiry.searchLabel')}
                    value={searchText}
                    onChange={(event) => setSearchText(event.target.value)}
                    style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 400 }}
                  />
                )}
                <Badge count={filters.length} size="small">
                  <Button
                    icon={<FilterOutlined />}
                    aria-expanded={filtersOpen}
                    onClick={() => setFiltersOpen((open) => !open)}
                  >
                    {t('viewer.filters')}
                  </Button>
                </Badge>
                {grouped ? null : (
                  <ColumnPicker
                    keys={columns.map((column) => column.key)}
                    shown={chosen.length > 0 ? chosen : fieldKeys}
                    labelOf={labelOf}
                    onChange={setChosen}
                  />
                )}
              </div>
              {filtersOpen ? (
                <FilterBuilder
                  key={moduleId}
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
              <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                <legend style={{ fontSize: token.fontSize, marginBottom: token.marginXS }}>
                  {t('inquiry.grouping')}
                </legend>
                <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }}>
                  {Array.from({ length: Math.min(groupBy.length + 1, QUICK_GROUPS) }, (_, level) =>
                    groupSelect(level),
                  )}
                </div>
              </fieldset>
            </>
          ) : null}
        </div>
      </Card>
      {drill.error ? <DrillFailure error={drill.error} onClose={drill.reset} /> : null}
      {body}
    </div>
  );
}

export default InquiryPage;
