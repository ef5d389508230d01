// The public surface of modules/workflow-notices: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Who hears about a workflow event: notifications and templated e-mails (with their worker).

export { startEventMailWorker, tenantLinkOrigin } from './event-mail-worker.ts';
export type { CreatedTask } from './notice-plan.ts';
export { noticeComment, noticeReassignment, noticeTransition } from './workflow-notices.service.ts';
export type { JobEnqueue } from './workflow-notices.service.ts';
