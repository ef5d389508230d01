// The public surface of modules/reports: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Reports: saved queries over one app's records, run as the viewer (ADR 0014).

export { registerReportsModule } from './reports.module.ts';
export { createReportService } from './reports.service.ts';
/** Who may open a shared object (reports, dashboards): owner, everyone, teams, roles. */
export { sharedWithSql } from './reports.repository.ts';
export type { ReportService } from './reports.service.ts';
export { nextPeriodStart, zonedMidnight } from './report-query/drill.ts';
