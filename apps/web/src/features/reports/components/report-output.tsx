// What a report shows, for the viewer and the designer's preview alike: its chart (with the table
// fallback) and its result as a record table, a grouped table or a pivot matrix.
import type { ReportDefinition, ReportGroup, ReportResult } from '@formloop/contracts';
import type { PageSize } from '@formloop/domain';
import Alert from 'antd/es/alert';
import theme from 'antd/es/theme';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../records/index.ts';
import { measureLabel } from '../lib/result-data.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';
import { ChartPanel } from './chart-panel.tsx';
import type { DrillTo } from './use-drill.ts';
import { RecordResultTable } from './record-result-table.tsx';
import { GroupedResultTable, PivotResultTable } from './result-tables.tsx';

/** Column labels in the reader's language: fields by the builder's label, system columns translated. */
export function useColumnLabels(columns: readonly ListColumn[]) {
  const { t } = useTranslation([REPORTS_NAMESPACE, 'records']);
  const byKey = useMemo(() => new Map(columns.map((column) => [column.key, column])), [columns]);
  const labelOf = useCallback(
    (key: string) => {
      const column = byKey.get(key);
      if (column && !column.system) return column.label;
      return t(`records:columns.${key}`, { defaultValue: column?.label ?? key });
    },
    [byKey, t],
  );
  const groupLabel = useCallback(
    (group: ReportGroup) =>
      group.grain
        ? t('designer.groupWithGrain', { field: labelOf(group.field), grain: t(`grains.${group.grain}`) })
        : labelOf(group.field),
    [labelOf, t],
  );
  const aggregateLabel = useCallback(
    (aggregate: string, field: string) => t(`measureLabels.${aggregate}`, { field }),
    [t],
  );
  return { byKey, labelOf, groupLabel, aggregateLabel };
}

export function ReportOutput({
  definition,
  result,
  columns,
  shownKeys,
  page,
  length,
  loading,
  onPage,
  onDrill,
}: {
  definition: ReportDefinition;
  result: ReportResult;
  /** Every column of the app's record list. */
  columns: readonly ListColumn[];
  /** A plain report's columns shown (the viewer's column chooser); the result's columns otherwise. */
  shownKeys?: readonly string[];
  page: number;
  length: PageSize;
  loading?: boolean;
  onPage?: (page: number, length: PageSize) => void;
  /** Opens the records behind a group, pivot cell or chart segment; nothing is a link without it. */
  onDrill?: DrillTo;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const { byKey, labelOf, groupLabel, aggregateLabel } = useColumnLabels(columns);
  const measures = definition.measures.length > 0 ? definition.measures : [{ aggregate: 'count' as const }];
  const measureLabels = measures.map((measure) => measureLabel(measure, aggregateLabel, labelOf));
  const chartMeasure = definition.pivot
    ? measureLabel(definition.pivot.measure, aggregateLabel, labelOf)
    : (measureLabels[definition.chart?.measure ?? 0] ?? measureLabels[0] ?? '');

  let table;
  if (result.kind === 'table') {
    const keys = shownKeys ?? result.columns.map((column) => column.key);
    const shown = keys.flatMap((key) => {
      const known = byKey.get(key);
      if (known) return [known];
      const fromServer = result.columns.find((column) => column.key === key);
      return fromServer
        ? [{ key, system: true, kind: 'text', label: fromServer.label } satisfies ListColumn]
        : [];
    });
    table = (
      <RecordResultTable
        result={result}
        columns={shown}
        labelOf={labelOf}
        page={page}
        length={length}
        loading={loading}
        onPage={onPage}
      />
    );
  } else if (result.kind === 'grouped') {
    table = (
      <GroupedResultTable
        result={result}
        groupLabels={definition.groupBy.map(groupLabel)}
        measureLabels={measureLabels}
        countMeasure={measures.findIndex((measure) => measure.aggregate === 'count')}
        onDrill={onDrill}
      />
    );
  } else {
    table = (
      <PivotResultTable
        result={result}
        rowLabels={(definition.pivot?.rows ?? []).map(groupLabel)}
        measureLabel={chartMeasure}
        onDrill={onDrill}
      />
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin, minWidth: 0 }}>
      {result.kind !== 'table' && result.truncated ? (
        <Alert type="warning" showIcon title={t('viewer.truncated')} data-testid="report-truncated" />
      ) : null}
      {definition.chart && result.kind !== 'table' ? (
        <ChartPanel chart={definition.chart} result={result} seriesName={chartMeasure} onDrill={onDrill} />
      ) : null}
      {table}
    </div>
  );
}
