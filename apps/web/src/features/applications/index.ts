// What other features use of the applications feature: the apps' queries and their keys.
export { appsKeys, refreshApps, useApplications, useRecordUsage } from './api.ts';
