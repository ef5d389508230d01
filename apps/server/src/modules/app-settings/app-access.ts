import { APP_SETTINGS_MESSAGES } from '@formloop/contracts';
import { appResource, canUseBuilder, type FormDefaultConfig, type PayloadGroup } from '@formloop/domain';
import { isGranted } from '../access/access.repository.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findApp, type AppRow } from './app-settings.repository.ts';

// Which app a call is about, and whether the caller may see it. Another tenant's id, an unknown one
// and a malformed one all answer the same 404, so nobody learns which ids exist elsewhere.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const appMissing = () => notFound(APP_SETTINGS_MESSAGES.appNotFound);

/** The tenant's app, or a 404. */
export async function requireApp(tx: TenantTx, tenantId: string, id: string, lock = false): Promise<AppRow> {
  const app = UUID.test(id) ? await findApp(tx, tenantId, id, lock) : null;
  if (!app) throw appMissing();
  return app;
}

/**
 * Builders see every app of their tenant; everyone else sees published apps their roles grant
 * 'view' on (the rule of the app list). An app one may not see is a 404, like one that does not exist.
 */
export async function requireVisibleApp(tx: TenantTx, auth: RequestAuth, id: string): Promise<AppRow> {
  const app = await requireApp(tx, auth.tenantId, id);
  if (canUseBuilder(auth.flags)) return app;
  if (app.modulePublished === null) throw appMissing();
  if (!(await isGranted(tx, auth.tenantId, auth.userId, appResource(app.id), 'view'))) throw appMissing();
  return app;
}

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
