import {
  FORM_ISSUE_MESSAGES,
  formatMessage,
  MESSAGE_CATALOGUE,
  RECORD_VALUE_MESSAGES,
} from '@formloop/domain';
import { APP_SETTINGS_MESSAGES } from './app-settings.ts';
import { APPS_MESSAGES } from './apps.ts';
import { DASHBOARD_MESSAGES } from './dashboards.ts';
import { FILES_MESSAGES } from './files.ts';
import { MENU_MESSAGES } from './menus.ts';
import { MODULE_CATEGORY_MESSAGES } from './module-categories.ts';
import { ORGANIZATION_MESSAGES } from './organization.ts';
import { PROCESS_ENGINE_MESSAGES } from './process-engine.ts';
import { PROFILE_MESSAGES } from './profile.ts';
import { QUICK_LAUNCH_MESSAGES } from './quick-launch.ts';
import { RECORD_IMPORT_MESSAGES } from './record-import.ts';
import { RECORD_LOOKUP_MESSAGES } from './record-lookups.ts';
import { RECORDS_MESSAGES } from './records.ts';
import { REFERENCE_DATA_MESSAGES } from './reference-data.ts';
import { REPORT_MESSAGES } from './reports.ts';
import { ROLE_MESSAGES } from './roles.ts';
import { SSO_MESSAGES } from './sso.ts';
import { TASK_SCHEDULER_MESSAGES } from './task-scheduler.ts';
import { TEAM_MESSAGES } from './teams.ts';
import { USERS_MESSAGES } from './users.ts';
import { WORKFLOW_ENGINE_MESSAGES } from './workflow-engine.ts';
import { WORKFLOW_LOOKUP_MESSAGES, WORKFLOW_MESSAGES } from './workflow.ts';

// Error keys (ADR 0012). Every error the API answers names its message by a stable key
// "<catalogue>.<key>" with params; the English `message` is rendered from the catalogue's template,
// so the key is the source and the English is derived. The web app translates by key.
//
// KEYS ARE A CONTRACT: never rename or reuse one; add a new key and retire the old one separately.

/** Messages of the error scheme itself (no feature owns them): Fastify's client errors, 500, zod's own rules. */
export const SERVER_MESSAGES = {
  notFound: 'Not found.',
  unauthenticated: 'You are not signed in.',
  internal: 'Something went wrong on the server. Please try again.',
  emptyBody: 'The request body is empty.',
  badRequest: 'The request could not be processed.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  routeNotFound: 'There is nothing at this address.',
  methodNotAllowed: 'This method is not allowed here.',
  /** zod's own rules (a schema rule without a catalogue message). Param: expected. */
  invalidType: 'Invalid input: expected {expected}.',
  /** Param: minimum. */
  tooSmall: 'The value is too small (at least {minimum}).',
  /** Param: maximum. */
  tooBig: 'The value is too large (at most {maximum}).',
  invalidFormat: 'The value does not have the expected format.',
  invalidValue: 'This value is not one of the allowed values.',
  /** Param: keys. */
  unrecognizedKeys: 'Unknown field(s): {keys}.',
  invalid: 'This value is not valid.',
  auditEntryNotFound: 'This audit entry does not exist.',
  notificationNotFound: 'This notification does not exist.',
  hubUserMismatch: 'The userId does not match the signed-in user.',
  hubConnectionNotFound: 'No connection with this id.',
} as const;

/** The workflow engine's refusals (packages/workflow WorkflowActionError codes). */
export const WORKFLOW_REFUSAL_MESSAGES = {
  versionMismatch: 'The workflow of this entry was changed. Reload the page and try again.',
  notActive: 'This workflow instance is no longer running.',
  activityNotWaiting: 'This step is not waiting for an action.',
  unknownOutcome: 'This step has no such outcome.',
  notAnEarlierActivity: 'You can only send an entry back to an earlier step.',
  notFaulted: 'Only a faulted workflow instance can be retried.',
  invalidDefinition: 'The workflow definition is not valid.',
} as const;

/** Problems that keep a workflow from being published (packages/workflow ValidationCode); params activity, detail. */
export const WORKFLOW_ISSUE_MESSAGES = {
  'no-start': 'The workflow has no Start activity.',
  'multiple-starts': '{activity}: a workflow has only one Start activity.',
  'no-end': 'The workflow has no End activity.',
  'unknown-type': '{activity}: the activity kind {detail} is not supported.',
  'duplicate-id': '{activity}: another activity has the same id.',
  'dangling-connection': 'A connection leads to or from the missing activity {detail}.',
  'unknown-outcome': '{activity}: the activity has no outcome {detail}.',
  unreachable: '{activity} cannot be reached from Start.',
  'dead-end': '{activity}: the outcome {detail} is not connected.',
  'missing-assignees': '{activity} has no approvers.',
  'decision-branches': '{activity}: connect the outcome {detail}.',
  'missing-condition': '{activity} has no condition.',
  'fork-branches': '{activity}: the branch {detail} is not connected.',
  'join-inputs': '{activity} needs at least two incoming connections.',
  'missing-property': '{activity}: {detail} is missing or not valid.',
} as const;

/** The same problems when the validator names no detail (an activity with no way out at all, ...); param activity. */
export const WORKFLOW_ISSUE_PLAIN_MESSAGES = {
  'no-start': 'The workflow has no Start activity.',
  'multiple-starts': '{activity}: a workflow has only one Start activity.',
  'no-end': 'The workflow has no End activity.',
  'unknown-type': '{activity}: this kind of activity is not supported.',
  'duplicate-id': '{activity}: another activity has the same id.',
  'dangling-connection': 'A connection leads to or from an activity that does not exist.',
  'unknown-outcome': '{activity}: a connection leaves on an outcome the activity does not have.',
  unreachable: '{activity} cannot be reached from Start.',
  'dead-end': '{activity} leads nowhere: connect it on towards an End.',
  'missing-assignees': '{activity} has no approvers.',
  'decision-branches': '{activity} needs a connection for True and for False.',
  'missing-condition': '{activity} has no condition.',
  'fork-branches': '{activity} needs at least two branches.',
  'join-inputs': '{activity} needs at least two incoming connections.',
  'missing-property': '{activity}: a required setting is missing.',
} as const;

/**
 * Every catalogue an error may come from, by the namespace its keys carry on the wire.
 * The web app maps each namespace to where its translations live (shared/i18n/message-locations.ts).
 */
export const MESSAGE_CATALOGUES = {
  validation: MESSAGE_CATALOGUE,
  server: SERVER_MESSAGES,
  workflowEngine: WORKFLOW_REFUSAL_MESSAGES,
  workflowDefinitions: WORKFLOW_ENGINE_MESSAGES,
  workflowIssues: WORKFLOW_ISSUE_MESSAGES,
  workflowIssuesPlain: WORKFLOW_ISSUE_PLAIN_MESSAGES,
  formIssues: FORM_ISSUE_MESSAGES,
  recordValues: RECORD_VALUE_MESSAGES,
  appSettings: APP_SETTINGS_MESSAGES,
  apps: APPS_MESSAGES,
  dashboards: DASHBOARD_MESSAGES,
  files: FILES_MESSAGES,
  menus: MENU_MESSAGES,
  moduleCategories: MODULE_CATEGORY_MESSAGES,
  organization: ORGANIZATION_MESSAGES,
  processEngine: PROCESS_ENGINE_MESSAGES,
  profile: PROFILE_MESSAGES,
  quickLaunch: QUICK_LAUNCH_MESSAGES,
  recordImport: RECORD_IMPORT_MESSAGES,
  recordLookups: RECORD_LOOKUP_MESSAGES,
  records: RECORDS_MESSAGES,
  referenceData: REFERENCE_DATA_MESSAGES,
  reports: REPORT_MESSAGES,
  roles: ROLE_MESSAGES,
  sso: SSO_MESSAGES,
  taskScheduler: TASK_SCHEDULER_MESSAGES,
  teams: TEAM_MESSAGES,
  users: USERS_MESSAGES,
  workflow: WORKFLOW_MESSAGES,
  workflowLookups: WORKFLOW_LOOKUP_MESSAGES,
} as const;
type Catalogues = typeof MESSAGE_CATALOGUES;
export type MessageNamespace = keyof Catalogues;

/** "<namespace>.<key>" of every message the server can send. */
export type ErrorKey = {
  [N in MessageNamespace]: `${N}.${keyof Catalogues[N] & string}`;
}[MessageNamespace];

type TemplateOf<K extends ErrorKey> = K extends `${infer N extends MessageNamespace}.${infer M}`
  ? M extends keyof Catalogues[N]
    ? Catalogues[N][M]
    : never
  : never;
/** The {placeholder} names of a template (a numeric one such as {0000} is literal text, not a parameter). */
type Placeholders<T> = T extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${number}` ? never : P) | Placeholders<Rest>
  : never;
export type MessageParams = Readonly<Record<string, string | number>>;
/** The params argument of a key: required with exactly its placeholders, absent when it has none. */
type ParamsArg<K extends ErrorKey> = [Placeholders<TemplateOf<K>>] extends [never]
  ? []
  : [params: Record<Placeholders<TemplateOf<K>>, string | number>];

/** A message by key with its parameters: what an error says, in no language yet. */
export interface MessageRef {
  readonly key: ErrorKey;
  readonly params: MessageParams;
}

/** A typed reference to a catalogue message: `msg('teams.duplicateName')`, `msg('users.noSeatsLeft', {licence, limit})`. */
export function msg<K extends ErrorKey>(key: K, ...params: ParamsArg<K>): MessageRef {
  return { key, params: params[0] ?? {} };
}

/** The English template of a key (with {placeholders}); undefined for a key no catalogue holds. */
export function messageTemplate(key: string): string | undefined {
  const dot = key.indexOf('.');
  const catalogue = MESSAGE_CATALOGUES[key.slice(0, dot) as MessageNamespace] as
    Readonly<Record<string, string>> | undefined;
  const name = key.slice(dot + 1);
  return catalogue && Object.hasOwn(catalogue, name) ? catalogue[name] : undefined;
}

/** The English text of a message: its catalogue template filled with its params. */
export function renderMessage(ref: MessageRef): string {
  return formatMessage(messageTemplate(ref.key) ?? ref.key, ref.params);
}

/** Every key of every catalogue, for tests that each has a translation. */
export function allErrorKeys(): ErrorKey[] {
  return (Object.keys(MESSAGE_CATALOGUES) as MessageNamespace[]).flatMap((namespace) =>
    Object.keys(MESSAGE_CATALOGUES[namespace]).map((key) => `${namespace}.${key}` as ErrorKey),
  );
}
