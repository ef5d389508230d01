// One card of a dashboard: its data asked with the filter values on screen (and again every refresh
// interval), drawn by type. Number cards and chart segments open the records behind them.
import type {
  Dashboard,
  DashboardCard,
  DashboardCardResult,
  DashboardFilterValues,
  RecordRow,
  ReportResult,
} from '@formloop/contracts';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ColumnKind, ListColumn } from '../../records/index.ts';
import {
  GroupedResultTable,
  headlineValue,
  PivotResultTable,
  RecordResultTable,
  reportViewerHref,
  RunFailure,
  useNumberFormat,
} from '../../reports/index.ts';
import { useDashboardCard } from '../dashboards-api.ts';
import { crossFilterOf, percentChange } from '../lib/dashboard-logic.ts';
import { CardChart } from './card-chart.tsx';
import { VISUALLY_HIDDEN } from '../../../shared/ui/visually-hidden.ts';
import { WorkflowFigures } from './workflow-figures.tsx';

type ReportCard = Extract<DashboardCardResult, { kind: 'report' }>;

export interface CardActions {
  /** Cross-filtering: set dashboard filter `filterId` to a clicked group's key. */
  onFilter: (filterId: string, value: string | number | boolean | null) => void;
  /** Drill from a number card: the record list with these filters. */
  onDrillFilters: (moduleId: string, filters: ReportCard['filters']) => void;
  /** Drill from a chart point: the group at `index` of the card's answer. */
  onDrillPoint: (card: DashboardCard, answer: ReportCard, index: number) => void;
}

function ResultTable({ result }: { result: ReportResult }) {
  const labels = (columns: { key: string; label: string }[], prefix: string) =>
    columns.filter((column) => column.key.startsWith(prefix)).map((column) => column.label);
  if (result.kind === 'grouped')
    return (
      <GroupedResultTable
        result={result}
        groupLabels={labels(result.columns, 'group:')}
        measureLabels={labels(result.columns, 'measure:')}
      />
    );
  if (result.kind === 'pivot')
    return (
      <PivotResultTable
        result={result}
        rowLabels={result.rowColumns.map((column) => column.label)}
        measureLabel={result.measure.label}
      />
    );
  const rows = result.rows as unknown as RecordRow[];
  const columns: ListColumn[] = result.columns.map((column) => ({
    key: column.key,
    label: column.label,
    kind: column.kind as ColumnKind,
    system: !rows.some((row) => row.data && column.key in row.data),
  }));
  const byKey = new Map(columns.map((column) => [column.key, column.label]));
  return (
    <RecordResultTable
      result={result}
      columns={columns}
      labelOf={(key) => byKey.get(key) ?? key}
      page={1}
      length={10}
    />
  );
}

function NumberFigure({
  answer,
  title,
  measure,
  onDrill,
}: {
  answer: ReportCard;
  title: string;
  measure: number;
  onDrill: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const value = headlineValue(answer.result, measure);
  const change = percentChange(value, answer.previous);
  const progress = answer.target && value !== null ? Math.round((value / answer.target) * 100) : null;
  const changeText =
    change === null ? null : `${change >= 0 ? '+' : '−'}${format(Math.abs(Math.round(change * 10) / 10))} %`;
  return (
    <button
      type="button"
      onClick={onDrill}
      data-testid="number-card"
      style={{
        cursor: 'pointer',
        display: 'block',
        width: '100%',
        padding: 0,
        border: 0,
        background: 'none',
        color: 'inherit',
        font: 'inherit',
        textAlign: 'start',
      }}
    >
      <span style={{ display: 'block', fontSize: token.fontSizeHeading1, fontWeight: 600 }}>
        {value === null ? '—' : format(value)}
      </span>
      {changeText !== null ? (
        <span
          data-testid="number-change"
          style={{ display: 'block', color: (change ?? 0) >= 0 ? token.colorSuccess : token.colorError }}
        >
          {t('cards.change', { change: changeText, previous: format(answer.previous) })}
        </span>
      ) : null}
      {answer.target !== null ? (
        <span data-testid="number-target" style={{ display: 'block', color: token.colorTextSecondary }}>
          {t('cards.target', { target: format(answer.target), percent: format(progress ?? 0) })}
          <progress
            value={Math.min(100, Math.max(0, progress ?? 0))}
            max={100}
            aria-hidden
            style={{ display: 'block', width: '100%' }}
          />
        </span>
      ) : null}
      {/* Its name is what it shows, then what it does (WCAG 2.5.3). */}
      <span style={VISUALLY_HIDDEN}>{t('cards.drillNumber', { title })}</span>
    </button>
  );
}

/** The body of one card (the frame with its title is the grid's). */
export function CardBody({
  dashboard,
  card,
  values,
  title,
  height,
  actions,
}: {
  dashboard: Dashboard;
  card: DashboardCard;
  values: DashboardFilterValues;
  title: string;
  height: number;
  actions: CardActions;
}) {
  const { t } = useTranslation('dashboard');
  const needsData = ['chart', 'number', 'table', 'workflow'].includes(card.type);
  if (card.type === 'text')
    return <p style={{ whiteSpace: 'pre-wrap', margin: 0, overflowWrap: 'anywhere' }}>{card.text ?? ''}</p>;
  if (card.type === 'report')
    return card.reportId ? (
      <Link to={reportViewerHref(card.reportId)}>{t('cards.openReport', { title })}</Link>
    ) : null;
  if (card.type === 'quicklaunch') return <a href="#quick-launch">{t('cards.quickLaunch')}</a>;
  if (!needsData) return null;
  return (
    <DataCard
      dashboard={dashboard}
      card={card}
      values={values}
      title={title}
      height={height}
      actions={actions}
    />
  );
}

function DataCard({
  dashboard,
  card,
  values,
  title,
  height,
  actions,
}: {
  dashboard: Dashboard;
  card: DashboardCard;
  values: DashboardFilterValues;
  title: string;
  height: number;
  actions: CardActions;
}) {
  const query = useDashboardCard(
    dashboard.id,
    card.id,
    values,
    dashboard.modifiedOn,
    dashboard.refreshSeconds,
  );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} data-testid="card-loading" />;
  if (query.isError) return <RunFailure error={query.error} onRetry={() => void query.refetch()} />;
  const answer = query.data;
  if (answer.kind === 'workflow')
    return <WorkflowFigures metrics={answer.metrics} metric={card.workflow?.metric} />;
  if (answer.kind !== 'report') return null;
  const measure = card.definition?.chart?.measure ?? 0;
  if (card.type === 'number')
    return (
      <NumberFigure
        answer={answer}
        title={title}
        measure={measure}
        onDrill={() => actions.onDrillFilters(answer.moduleId, answer.filters)}
      />
    );
  if (card.type === 'chart' && answer.result.kind !== 'table') {
    const cross = crossFilterOf(card, dashboard.filters);
    const keyAt = (index: number) => {
      const rows =
        answer.result.kind === 'grouped'
          ? answer.result.rows.filter((row) => row.level === 0)
          : answer.result.kind === 'pivot'
            ? answer.result.rows
            : [];
      return rows[index]?.groups[0] ?? null;
    };
    return (
      <CardChart
        chart={card.definition?.chart ?? { type: 'bar', measure: 0 }}
        result={answer.result}
        title={title}
        height={height}
        filterLabel={cross ? cross.label || cross.field : undefined}
        onFilter={cross ? (index) => actions.onFilter(cross.id, keyAt(index)) : undefined}
        onDrill={(index) => actions.onDrillPoint(card, answer, index)}
      />
    );
  }
  return (
    <div style={{ overflow: 'auto', maxHeight: '100%' }}>
      <ResultTable result={answer.result} />
    </div>
  );
}
