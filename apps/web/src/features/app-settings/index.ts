// What the form editor mounts as tabs (features/form-editor imports these names from here).
export { EmailTemplatesTab, type EmailTemplatesTabProps } from './components/email-templates-tab.tsx';
export { AppSettingsTab, type AppSettingsTabProps } from './components/app-settings-tab.tsx';
// For user fields and user pickers elsewhere (UserLookup).
export { useUserLookup, lookupUsers, appSettingsKeys } from './api.ts';
// The form editor shows the background index build after a publish.
export { IndexBuildProgress, type IndexBuildProgressProps } from './components/index-build-progress.tsx';
