import type { MessageNamespace } from '@formloop/contracts';

// Where the translation of every message key lives (ADR 0012). A key on the wire is
// "<catalogue>.<name>"; its text is `<namespace>:<prefix><name><suffix>` in the locale files.
// The locales test checks that every key of every catalogue has a translation in all six languages.
// Types only from the contracts: the sign-in pages translate through here and must not load every
// area's catalogue (bench:bundle's login budget).

interface Location {
  namespace: string;
  prefix: string;
  suffix?: string;
}

export const MESSAGE_LOCATIONS: Readonly<Record<MessageNamespace, Location>> = {
  validation: { namespace: 'validation', prefix: '' },
  server: { namespace: 'errors', prefix: 'server.' },
  workflowEngine: { namespace: 'errors', prefix: 'workflowEngine.' },
  workflowIssues: { namespace: 'workflowDesigner', prefix: 'issues.', suffix: '.detail' },
  workflowIssuesPlain: { namespace: 'workflowDesigner', prefix: 'issues.', suffix: '.plain' },
  formIssues: { namespace: 'formEditor', prefix: 'issues.' },
  recordValues: { namespace: 'formRenderer', prefix: 'messages.' },
  appSettings: { namespace: 'appSettings', prefix: 'server.' },
  apps: { namespace: 'formEditor', prefix: 'server.' },
  dashboards: { namespace: 'dashboard', prefix: 'server.' },
  files: { namespace: 'files', prefix: 'errors.' },
  menus: { namespace: 'menus', prefix: 'server.' },
  moduleCategories: { namespace: 'moduleCategories', prefix: 'errors.' },
  organization: { namespace: 'organization', prefix: 'messages.' },
  processEngine: { namespace: 'processEngine', prefix: 'errors.' },
  profile: { namespace: 'profile', prefix: 'messages.' },
  quickLaunch: { namespace: 'dashboard', prefix: 'messages.' },
  recordImport: { namespace: 'records', prefix: 'importErrors.' },
  recordLookups: { namespace: 'formExternal', prefix: 'messages.' },
  records: { namespace: 'records', prefix: 'errors.' },
  referenceData: { namespace: 'referenceData', prefix: 'messages.' },
  reports: { namespace: 'reports', prefix: 'messages.' },
  roles: { namespace: 'roles', prefix: 'messages.' },
  sso: { namespace: 'sso', prefix: 'messages.' },
  taskScheduler: { namespace: 'scheduler', prefix: 'messages.' },
  teams: { namespace: 'teams', prefix: 'messages.' },
  users: { namespace: 'userManagement', prefix: 'messages.' },
  workflow: { namespace: 'tasks', prefix: 'errors.' },
  workflowLookups: { namespace: 'tasks', prefix: 'errors.' },
  workflowDefinitions: { namespace: 'tasks', prefix: 'errors.' },
};

/**
 * The i18n namespace and key of a message key; null for a key of no known catalogue. A name the
 * catalogue does not hold finds no translation, and the answer's English is shown.
 */
export function translationOf(key: string): { namespace: string; path: string } | null {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) return null;
  const catalogue = key.slice(0, dot);
  const name = key.slice(dot + 1);
  if (!Object.hasOwn(MESSAGE_LOCATIONS, catalogue)) return null;
  const location = MESSAGE_LOCATIONS[catalogue as MessageNamespace];
  return { namespace: location.namespace, path: `${location.prefix}${name}${location.suffix ?? ''}` };
}
