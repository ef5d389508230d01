// The public surface of modules/quick-launch: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Quick launch: the apps a user pinned as tiles on /dashboard.

export { registerQuickLaunchModule } from './quick-launch.module.ts';
export { createQuickLaunchService } from './quick-launch.service.ts';
export type { CreatedApp, QuickLaunchService } from './quick-launch.service.ts';
