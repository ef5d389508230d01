import { MESSAGE_CATALOGUES, type MessageNamespace } from '@formloop/contracts';

// Where the translation of every message key lives (ADR 0012). A key on the wire is
// "<catalogue>.<name>"; its text is `<namespace>:<prefix><name><suffix>` in the locale files.
// The locales test checks that every key of every catalogue has a translation in all six languages.

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
  files: { namespace: 'files', prefix: 'errors.' },
  menus: { namespace: 'menus', prefix: 'server.' },
  moduleCategories: { namespace: 'moduleCategories', prefix: 'errors.' },
  organization: { namespace: 'organization', prefix: 'messages.' },
  processEngine: { namespace: 'processEngine', prefix: 'errors.' },
  profile: { namespace: 'profile', prefix: 'messages.' },
  recordImport: { namespace: 'records', prefix: 'importErrors.' },
  recordLookups: { namespace: 'formExternal', prefix: 'messages.' },
  records: { namespace: 'records', prefix: 'errors.' },
  referenceData: { namespace: 'referenceData', prefix: 'messages.' },
  roles: { namespace: 'roles', prefix: 'messages.' },
  sso: { namespace: 'sso', prefix: 'messages.' },
  taskScheduler: { namespace: 'scheduler', prefix: 'messages.' },
  teams: { namespace: 'teams', prefix: 'messages.' },
  users: { namespace: 'userManagement', prefix: 'messages.' },
  workflow: { namespace: 'tasks', prefix: 'errors.' },
  workflowLookups: { namespace: 'tasks', prefix: 'errors.' },
  workflowDefinitions: { namespace: 'tasks', prefix: 'errors.' },
};

/** The i18n namespace and key of a message key; null for a key no catalogue holds. */
export function translationOf(key: string): { namespace: string; path: string } | null {
  const dot = key.indexOf('.');
  if (dot <= 0) return null;
  const catalogue = key.slice(0, dot);
  const name = key.slice(dot + 1);
  if (!Object.hasOwn(MESSAGE_LOCATIONS, catalogue)) return null;
  const texts = MESSAGE_CATALOGUES[catalogue as MessageNamespace] as Readonly<Record<string, string>>;
  if (!Object.hasOwn(texts, name)) return null;
  const location = MESSAGE_LOCATIONS[catalogue as MessageNamespace];
  return { namespace: location.namespace, path: `${location.prefix}${name}${location.suffix ?? ''}` };
}

/**
 * Texts that come without a key — a client rule's message, a success answer's text (only errors
 * carry keys) — read back to their key: a fixed text by equality, else a template whose
 * {placeholders} hold the values. Never used for an error answer: it names its key.
 */
const keyByText = new Map<string, string>();
const templates: Array<{ key: string; names: string[]; pattern: RegExp }> = [];
for (const catalogue of Object.keys(MESSAGE_CATALOGUES) as MessageNamespace[]) {
  for (const [name, text] of Object.entries(MESSAGE_CATALOGUES[catalogue] as Record<string, string>)) {
    const key = `${catalogue}.${name}`;
    const parts = text.split(/(\{[A-Za-z_]\w*\})/);
    const names = parts.flatMap((part) => /^\{([A-Za-z_]\w*)\}$/.exec(part)?.[1] ?? []);
    if (names.length === 0) {
      if (!keyByText.has(text)) keyByText.set(text, key);
      continue;
    }
    const source = parts
      .map((part, index) => (index % 2 === 1 ? '(.+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    templates.push({ key, names, pattern: new RegExp(`^${source}$`, 's') });
  }
}

/** The key and params of a text that came without a key; undefined for a text no catalogue holds. */
export function keyOfUnkeyedText(text: string): { key: string; params: Record<string, string> } | undefined {
  const key = keyByText.get(text);
  if (key !== undefined) return { key, params: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    return {
      key: template.key,
      params: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1] ?? ''])),
    };
  }
  return undefined;
}
