// What other features use of the reports feature (the reports pages are routed lazily).
// The BI pages (features/bi) build questions as report definitions and show their results here.
export {
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
export { ChartPanel } from './components/chart-panel.tsx';
export { useColumnLabels } from './components/report-output.tsx';
export { GroupedResultTable, PivotResultTable } from './components/result-tables.tsx';
export { RunFailure } from './components/run-failure.tsx';
export { canGroupBy, hasGrain, suitsAggregate } from './lib/designer-state.ts';
export { failureReason, REPORTS_NAMESPACE, useReportMessages } from './messages.ts';
