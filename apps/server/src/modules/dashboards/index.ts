// The public surface of modules/dashboards: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Dashboards: cards over app records read as the viewer, dashboard filters, card cache (ADR 0014).

export { registerDashboardsModule } from './dashboards.module.ts';
