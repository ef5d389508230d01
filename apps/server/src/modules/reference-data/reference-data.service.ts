import {
  REFERENCE_DATA_MESSAGES,
  type FieldError,
  type ReferenceCategory,
  type ReferenceDatasetEntry,
  type ReferenceListDetail,
  type ReferenceListFilter,
  type ReferenceListSummary,
  type SaveReferenceListCommand,
} from '@formloop/contracts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';
import * as repo from './reference-data.repository.ts';
import type { ListRow } from './reference-data.repository.ts';
import * as rowsRepo from './reference-rows.repository.ts';
import type { NewRow, RowRecord } from './reference-rows.repository.ts';
import {
  auditCategory,
  auditList,
  changedRows,
  duplicateCategory,
  duplicateKeyName,
  joinCategories,
  lockList,
  missingRow,
  resolveCategories,
  rowData,
  snapshot,
  throwIfAny,
  toDetail,
  type Auth,
  type Ctx,
} from './reference-data.shared.ts';

/** The values of a save as rows: kept ones keep their row_id, the rest are new; positions give the order. */
function planRows(
  body: SaveReferenceListCommand,
  columns: readonly string[],
  before: ReadonlyMap<string, RowRecord>,
) {
  const errors: FieldError[] = [];
  const kept: RowRecord[] = [];
  const added: NewRow[] = [];
  const seen = new Set<string>();
  body.values.forEach((entry, index) => {
    const field = `values.${index}`;
    if (entry.row_id === undefined) {
      added.push({
        value: entry.value,
        data: rowData(entry.data, columns, `${field}.data`, errors),
        orderIndex: index,
      });
      return;
    }
    const old = before.get(entry.row_id);
    // A row of another list (or tenant) is as absent as an unknown one.
    if (!old) throw missingRow();
    if (seen.has(old.id)) {
      errors.push({ field: `${field}.row_id`, message: REFERENCE_DATA_MESSAGES.duplicateRowId });
      return;
    }
    seen.add(old.id);
    kept.push({
      id: old.id,
      value: entry.value,
      data: rowData(entry.data, columns, `${field}.data`, errors, old.data),
      orderIndex: index,
    });
  });
  throwIfAny(errors);
  return { kept, added, removed: [...before.keys()].filter((id) => !seen.has(id)) };
}

/** Reference data lists and categories (spec §7 /api/form/ListKeyValue). */
export function createReferenceDataService(db: TenantDb) {
  return {
    async list(ctx: Ctx, query: ReferenceListFilter): Promise<ReferenceListSummary[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => repo.listSummaries(tx, ctx.tenantId, query));
      return rows.map((row) => ({
        id: row.id,
        key_name: row.keyName,
        categories: joinCategories(row.categories),
        description: row.description,
        value_count: row.valueCount,
        modified_at: row.modifiedAt.toISOString(),
      }));
    },

    /** Spec §3 permissible list: what pickers (dropdown listToUse, datasets) offer. */
    async entries(ctx: Ctx): Promise<ReferenceDatasetEntry[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => repo.listEntries(tx, ctx.tenantId));
      return rows.map((row) => ({ id: row.id, key_name: row.keyName }));
    },

    async detail(ctx: Ctx, id: string): Promise<ReferenceListDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const list = await lockList(tx, ctx.tenantId, id, false);
        return toDetail(list, await rowsRepo.listRows(tx, ctx.tenantId, list.id));
      });
    },

    /**
     * Creates (no id) or replaces a list with its ordered values in one transaction. Values with a
     * row_id keep that row (and its id, which others may hold); rows left out are deleted; new values
     * get new rows. Unknown categories are created on the fly.
     */
    async save(ctx: Ctx, auth: Auth, body: SaveReferenceListCommand): Promise<{ record_id: string }> {
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          const current = body.id === undefined ? null : await lockList(tx, ctx.tenantId, body.id);
          if (await repo.keyNameTaken(tx, ctx.tenantId, body.key_name, current?.id ?? null)) {
            throw duplicateKeyName();
          }
          const columns = body.columns ?? current?.columns ?? [];
          const before = current ? await rowsRepo.listRows(tx, ctx.tenantId, current.id) : [];
          const beforeById = new Map(before.map((row) => [row.id, row]));
          const plan = planRows(body, columns, beforeById);
          const fields = {
            keyName: body.key_name,
            categories: await resolveCategories(tx, ctx, auth, body.categories),
            description: body.description,
            columns,
          };
          let list: ListRow;
          if (current) {
            await rowsRepo.deleteRows(tx, ctx.tenantId, current.id, plan.removed);
            await rowsRepo.updateRows(tx, ctx.tenantId, current.id, changedRows(plan.kept, beforeById));
            list = await repo.touchList(tx, ctx.tenantId, current.id, fields, auth.userId);
          } else {
            list = await repo.insertList(tx, ctx.tenantId, fields, auth.userId);
          }
          await rowsRepo.insertRows(tx, ctx.tenantId, list.id, plan.added);
          await auditList(tx, ctx, auth, {
            entityId: list.id,
            action: current ? 'updated' : 'created',
            before: current ? snapshot(current, before) : null,
            after: snapshot(list, body.values),
          });
          return { record_id: list.id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateKeyName();
        throw error;
      }
    },

    async remove(ctx: Ctx, auth: Auth, id: string): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const list = await lockList(tx, ctx.tenantId, id);
        const rows = await rowsRepo.listRows(tx, ctx.tenantId, list.id);
        await repo.deleteList(tx, ctx.tenantId, list.id);
        await auditList(tx, ctx, auth, {
          entityId: list.id,
          action: 'deleted',
          before: snapshot(list, rows),
          after: null,
        });
      });
    },

    async categories(ctx: Ctx): Promise<ReferenceCategory[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => repo.listCategories(tx, ctx.tenantId));
      return rows.map((row) => ({ id: row.id, category_name: row.categoryName }));
    },

    async addCategory(
      ctx: Ctx,
      auth: Auth,
      body: { category_name: string },
    ): Promise<ReferenceCategory & { record_id: string }> {
      const name = body.category_name;
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          if (await repo.categoryNameTaken(tx, ctx.tenantId, name)) throw duplicateCategory();
          const row = await repo.insertCategory(tx, ctx.tenantId, name, auth.userId);
          await auditCategory(tx, ctx, auth, {
            entityId: row.id,
            action: 'created',
            before: null,
            after: { category_name: row.categoryName },
          });
          return { record_id: row.id, id: row.id, category_name: row.categoryName };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateCategory();
        throw error;
      }
    },
  };
}
