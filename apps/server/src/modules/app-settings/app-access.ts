import type { FormDefaultConfig, PayloadGroup } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { appOr404, visibleAppOr404 } from '../apps/index.ts';
import type { AppRow } from './app-settings.repository.ts';

// Which app a call is about, and whether the caller may see it: the apps module's rule (another
// tenant's id, an unknown one and a malformed one all answer the same 404).

/** The tenant's app, or a 404; `lock` holds its row for a write that depends on it. */
export const requireApp = (tx: TenantTx, tenantId: string, id: string, lock = false): Promise<AppRow> =>
  appOr404(tx, tenantId, id, lock);

/** The app when the caller may see it (builders: every app; others: granted published ones), else 404. */
export const requireVisibleApp = (tx: TenantTx, auth: RequestAuth, id: string): Promise<AppRow> =>
  visibleAppOr404(tx, auth.tenantId, auth, id);

/** The parts of a stored definition (module_draft / module_published) this module reads, defensively. */
export interface StoredDefinition {
  fieldGroups: PayloadGroup[];
  defaultConfig: FormDefaultConfig;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored definition as this module needs it; malformed parts read as empty rather than failing the call. */
export function definitionOf(stored: unknown): StoredDefinition | null {
  if (!isObject(stored)) return null;
  const groups = Array.isArray(stored['fieldGroups']) ? stored['fieldGroups'] : [];
  const fieldGroups = groups.filter(isObject).map((group) => ({
    ...(group as unknown as PayloadGroup),
    isTable: Boolean(group['isTable']),
    fields: (Array.isArray(group['fields']) ? group['fields'] : [])
      .filter(isObject)
      .filter((field) => typeof field['name'] === 'string') as unknown as PayloadGroup['fields'],
  }));
  const defaultConfig = isObject(stored['defaultConfig'])
    ? (stored['defaultConfig'] as FormDefaultConfig)
    : {};
  return { fieldGroups, defaultConfig };
}
