import {
  msg,
  REFERENCE_VALUES_MAX,
  findDuplicateValue,
  referenceMessage,
  type FieldError,
  type ReferenceListDetail,
  type ReferenceRow,
} from '@formloop/contracts';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { badField, conflict, notFound } from '../../platform/http/errors.ts';
import { badFieldTexts } from '../../platform/http/message-text.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import * as repo from './reference-data.repository.ts';
import type { ListRow } from './reference-data.repository.ts';
import type { RowRecord } from './reference-rows.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// What the reference-data services share: id checks, errors, mappers, audit and the row rules.

export const missingList = () => notFound(msg('referenceData.notFound'));
export const missingRow = () => notFound(msg('referenceData.rowNotFound'));
export const duplicateKeyName = () => conflict(msg('referenceData.duplicateKeyName'));
export const duplicateCategory = () => conflict(msg('referenceData.duplicateCategory'));
export const tooManyValues = (field: string) =>
  badField(field, msg('referenceData.tooManyValues', { max: REFERENCE_VALUES_MAX }));

export type Ctx = CallContext;
export type Auth = RequestAuth;

export const auditList = auditorFor('reference-list');
export const auditCategory = auditorFor('reference-category');

/** Spec §3: categories travel comma-joined. */
export const joinCategories = (names: readonly string[]) => names.join(',');

export const toRow = (row: RowRecord): ReferenceRow => ({
  row_id: row.id,
  value: row.value,
  data: row.data,
  order_index: row.orderIndex,
});

export const toDetail = (list: ListRow, rows: readonly RowRecord[]): ReferenceListDetail => ({
  id: list.id,
  key_name: list.keyName,
  categories: joinCategories(list.categories),
  description: list.description,
  columns: list.columns,
  values: rows.map(toRow),
  created_at: list.createdAt.toISOString(),
  modified_at: list.modifiedAt.toISOString(),
});

/** Values kept in an audit row in full up to this many; beyond it only the count (rows can be 10 000). */
const AUDIT_VALUES_MAX = 1000;

/** What the audit trail keeps of a list: its fields, its value count and (up to 1000) its values. */
export function snapshot(list: ListRow, rows: ReadonlyArray<{ value: string }>) {
  return {
    key_name: list.keyName,
    categories: joinCategories(list.categories),
    description: list.description,
    columns: list.columns,
    value_count: rows.length,
    values: rows.slice(0, AUDIT_VALUES_MAX).map((row) => row.value),
    ...(rows.length > AUDIT_VALUES_MAX ? { values_truncated: true } : {}),
  };
}

/** One of the tenant's lists, locked for the rest of the transaction; other tenants' ids look absent. */
export async function lockList(tx: TenantTx, tenantId: string, id: string, lock = true): Promise<ListRow> {
  const list = isUuid(id) ? await repo.findList(tx, tenantId, id, lock) : null;
  if (!list) throw missingList();
  return list;
}

/**
 * The category names as stored: existing categories keep their own spelling; names that do not exist
 * yet are created on the fly (and audited), so a list can be filed under a new category in one save.
 */
export async function resolveCategories(
  tx: TenantTx,
  ctx: Ctx,
  auth: Auth,
  names: readonly string[],
): Promise<string[]> {
  const existing = await repo.findCategories(tx, ctx.tenantId, names);
  const byKey = new Map(existing.map((row) => [row.categoryName.toLowerCase(), row.categoryName]));
  const result: string[] = [];
  for (const name of names) {
    const known = byKey.get(name.toLowerCase());
    if (known !== undefined) {
      result.push(known);
      continue;
    }
    const { row, created } = await repo.ensureCategory(tx, ctx.tenantId, name, auth.userId);
    if (created) {
      await auditCategory(tx, ctx, auth, {
        entityId: row.id,
        action: 'created',
        before: null,
        after: { category_name: row.categoryName },
      });
    }
    byKey.set(row.categoryName.toLowerCase(), row.categoryName);
    result.push(row.categoryName);
  }
  return result;
}

/**
 * A row's cells checked against the list's columns: every key must be a column (400 naming it);
 * missing columns read as ''. `field` is where the error shows (e.g. 'values.3.data').
 */
export function rowData(
  data: Record<string, string> | undefined,
  columns: readonly string[],
  field: string,
  errors: FieldError[],
  current: Record<string, string> = {},
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const column of columns) result[column] = (data ?? current)[column]?.trim() ?? '';
  for (const key of Object.keys(data ?? {})) {
    if (!columns.includes(key)) errors.push({ field, message: referenceMessage.unknownColumn(key) });
  }
  return result;
}

/** Throws the 400 the collected field errors make, with the first one as the message. */
export function throwIfAny(errors: readonly FieldError[]): void {
  if (errors.length > 0) throw badFieldTexts(errors);
}

/** A list's values after a change: no more than 10 000, none repeated (400 naming the first repeat). */
export function checkValues(values: readonly string[], field: (index: number) => string): void {
  if (values.length > REFERENCE_VALUES_MAX) throw tooManyValues('values');
  const duplicate = findDuplicateValue(values);
  if (duplicate) {
    throw badField(field(duplicate.index), msg('referenceData.duplicateValue', { value: duplicate.value }));
  }
}

/** Rows whose value, cells or position differ from what is stored: the only ones worth writing. */
export function changedRows(rows: readonly RowRecord[], before: ReadonlyMap<string, RowRecord>): RowRecord[] {
  return rows.filter((row) => {
    const old = before.get(row.id);
    return (
      !old || old.value !== row.value || old.orderIndex !== row.orderIndex || !sameData(old.data, row.data)
    );
  });
}

/** Equal cells whatever the key order (jsonb keeps its own order). */
function sameData(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
  );
}
