// What other features use of the reports feature (the reports pages are routed lazily). Dashboards
// draw their cards with the reports' own pieces: result tables, the chart option and its data, the
// run failure (time limit in the reader's words) and the drawn chart, loaded on first use. The BI
// pages (features/bi) build questions as report definitions and show their results with them too.
import { lazy } from 'react';

export {
  fetchReport,
  reportKeys,
  runReport,
  useCopyReport,
  useDeleteReport,
  useFavouriteReport,
  useReport,
  useReportPreview,
  useReportTable,
  useRoleOptions,
  useSaveReport,
  useTeamOptions,
} from './api.ts';
export { reportViewerHref, REPORT_DESIGNER_PATH, REPORTS_PATH } from './paths.ts';
export { DRAWN_CHARTS, reportChartOption } from './lib/chart-options.ts';
export { chartPoints, groupText, headlineValue, type ChartPoint } from './lib/result-data.ts';
export { canGroupBy, hasGrain, suitsAggregate } from './lib/designer-state.ts';
export { ChartPanel } from './components/chart-panel.tsx';
export { useColumnLabels } from './components/report-output.tsx';
export { GroupedResultTable, PivotResultTable } from './components/result-tables.tsx';
export { RecordResultTable } from './components/record-result-table.tsx';
export { RunFailure } from './components/run-failure.tsx';
export { useNumberFormat } from './components/use-number-format.ts';
export { failureReason, REPORTS_NAMESPACE, useReportMessages } from './messages.ts';
/** The report chart drawn by ECharts; ECharts loads with it, on first use. */
export const LazyDrawnChart = lazy(() => import('./components/drawn-chart.tsx'));
