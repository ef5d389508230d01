// What other features use of the applications feature: the apps' queries and their keys, and the
// first-run hint that points builders to the example apps.
export { appsKeys, refreshApps, useApplications, useRecordUsage } from './api.ts';
export { ExamplesHint } from './components/examples-hint.tsx';
