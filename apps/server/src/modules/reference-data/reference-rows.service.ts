import {
  msg,
  REFERENCE_VALUES_MAX,
  referenceValueKey,
  type AddReferenceRowBody,
  type FieldError,
  type ReferenceDataset,
  type ReferenceListDetail,
  type ReferenceRow,
  type ReferenceRowBatchCommand,
  type ReferenceRowTableQuery,
  type ReferenceValue,
} from '@formloop/contracts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badField, badRequest, fieldError } from '../../platform/http/errors.ts';
import * as repo from './reference-data.repository.ts';
import * as rowsRepo from './reference-rows.repository.ts';
import type { NewRow, RowRecord } from './reference-rows.repository.ts';
import {
  auditList,
  changedRows,
  checkValues,
  lockList,
  missingList,
  missingRow,
  rowData,
  snapshot,
  throwIfAny,
  toDetail,
  toRow,
  tooManyValues,
  type Auth,
  type Ctx,
} from './reference-data.shared.ts';
import { isUuid } from '../../platform/database/uuid.ts';

/**
 * Ids named in one part of a batch: each once (else 400) and each a row of this list (else 404, like
 * any id that is not the caller's).
 */
function checkIds(ids: readonly string[], known: ReadonlyMap<string, RowRecord>, field: string): Set<string> {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (!known.has(id)) throw missingRow();
    if (seen.has(id)) {
      throw badRequest(msg('referenceData.duplicateRowId'), [
        fieldError(`${field}.${index}`, msg('referenceData.duplicateRowId')),
      ]);
    }
    seen.add(id);
  });
  return seen;
}

/** Datasets and rows (spec §7 /api/form/ReferenceData): read by everyone signed in, changed by builders. */
export function createReferenceRowsService(db: TenantDb) {
  return {
    async dataset(ctx: Ctx, id: string): Promise<ReferenceDataset> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const list = await lockList(tx, ctx.tenantId, id, false);
        const rows = await rowsRepo.listRows(tx, ctx.tenantId, list.id);
        return { id: list.id, key_name: list.keyName, columns: list.columns, rows: rows.map(toRow) };
      });
    },

    /** Dropdown fields (listToUse) read this at runtime: the list's values in order, by id or key_name. */
    async valuesByKey(ctx: Ctx, key: string): Promise<ReferenceValue[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const list =
          (isUuid(key) ? await repo.findList(tx, ctx.tenantId, key) : null) ??
          (await repo.findListByKeyName(tx, ctx.tenantId, key));
        if (!list) throw missingList();
        const rows = await rowsRepo.listRows(tx, ctx.tenantId, list.id);
        return rows.map((row) => ({ row_id: row.id, value: row.value, order_index: row.orderIndex }));
      });
    },

    async table(ctx: Ctx, query: ReferenceRowTableQuery) {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const list = await lockList(tx, ctx.tenantId, query.id, false);
        const sortable = ['value', 'order_index', ...list.columns];
        query.orders.forEach((order, index) => {
          if (sortable.includes(order.column)) return;
          throw badField(
            `orders.${index}.column`,
            msg('referenceData.unknownColumn', { column: order.column }),
          );
        });
        const page = await rowsRepo.rowPage(tx, ctx.tenantId, list.id, {
          offset: (query.page - 1) * query.length,
          limit: query.length,
          search: query.search,
          orders: query.orders,
        });
        return {
          records: page.rows.map(toRow),
          recordsTotal: page.recordsTotal,
          recordsFiltered: page.recordsFiltered,
        };
      });
    },

    /** Appends one value at the end of the list. */
    async addRow(
      ctx: Ctx,
      auth: Auth,
      body: { id: string; value: string; data?: AddReferenceRowBody['data'] },
    ): Promise<ReferenceRow & { record_id: string }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const list = await lockList(tx, ctx.tenantId, body.id);
        const rows = await rowsRepo.listRows(tx, ctx.tenantId, list.id);
        if (rows.length >= REFERENCE_VALUES_MAX) throw tooManyValues('value');
        const key = referenceValueKey(body.value);
        if (rows.some((row) => referenceValueKey(row.value) === key)) {
          throw badField('value', msg('referenceData.duplicateValue', { value: body.value }));
        }
        const errors: FieldError[] = [];
        const data = rowData(body.data, list.columns, 'data', errors);
        throwIfAny(errors);
        const orderIndex = rows.length === 0 ? 0 : rows[rows.length - 1]!.orderIndex + 1;
        const [row] = await rowsRepo.insertRows(tx, ctx.tenantId, list.id, [
          { value: body.value, data, orderIndex },
        ]);
        await repo.touchList(tx, ctx.tenantId, list.id, {}, auth.userId);
        await auditList(tx, ctx, auth, {
          entityId: list.id,
          action: 'row-added',
          before: { value_count: rows.length },
          after: { value_count: rows.length + 1, row: { row_id: row!.id, value: row!.value, data } },
        });
        return { ...toRow(row!), record_id: row!.id };
      });
    },

    /**
     * Deletes, updates, reorders and adds rows in one transaction: deleted first, then updated, then
     * `order` (rows left out follow in their current order), then `added` at the end. The result must
     * still hold no repeated value and at most 10 000 rows; answers the whole list.
     */
    async batch(ctx: Ctx, auth: Auth, body: ReferenceRowBatchCommand): Promise<ReferenceListDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const list = await lockList(tx, ctx.tenantId, body.id);
        const before = await rowsRepo.listRows(tx, ctx.tenantId, list.id);
        const byId = new Map(before.map((row) => [row.id, row]));
        const deleted = checkIds(body.deleted, byId, 'deleted');
        const updatedIds = checkIds(
          body.updated.map((entry) => entry.row_id),
          byId,
          'updated',
        );
        if ([...updatedIds].some((id) => deleted.has(id))) throw missingRow();
        const ordered = checkIds(body.order ?? [], byId, 'order');
        if ([...ordered].some((id) => deleted.has(id))) throw missingRow();

        const errors: FieldError[] = [];
        const fieldOf = new Map<string, string>();
        const next = new Map<string, RowRecord>();
        for (const row of before) if (!deleted.has(row.id)) next.set(row.id, { ...row });
        body.updated.forEach((entry, index) => {
          const row = next.get(entry.row_id)!;
          if (entry.value !== undefined) row.value = entry.value;
          row.data = rowData(entry.data, list.columns, `updated.${index}.data`, errors, row.data);
          fieldOf.set(row.id, `updated.${index}.value`);
        });
        const kept = [
          ...(body.order ?? []).map((id) => next.get(id)!),
          ...[...next.values()].filter((row) => !ordered.has(row.id)),
        ];
        const added: NewRow[] = body.added.map((entry, index) => ({
          value: entry.value,
          data: rowData(entry.data, list.columns, `added.${index}.data`, errors),
          orderIndex: kept.length + index,
        }));
        throwIfAny(errors);
        const fields = [
          ...kept.map((row) => fieldOf.get(row.id) ?? 'updated'),
          ...added.map((_row, index) => `added.${index}.value`),
        ];
        checkValues(
          [...kept.map((row) => row.value), ...added.map((row) => row.value)],
          (index) => fields[index] ?? 'added',
        );
        kept.forEach((row, index) => {
          row.orderIndex = index;
        });

        await rowsRepo.deleteRows(tx, ctx.tenantId, list.id, [...deleted]);
        await rowsRepo.updateRows(tx, ctx.tenantId, list.id, changedRows(kept, byId));
        const inserted = await rowsRepo.insertRows(tx, ctx.tenantId, list.id, added);
        const touched = await repo.touchList(tx, ctx.tenantId, list.id, {}, auth.userId);
        const after = [...kept, ...inserted];
        await auditList(tx, ctx, auth, {
          entityId: list.id,
          action: 'rows-changed',
          before: snapshot(list, before),
          after: {
            ...snapshot(touched, after),
            added: added.length,
            updated: body.updated.length,
            deleted: deleted.size,
            reordered: body.order !== undefined,
          },
        });
        return toDetail(touched, after);
      });
    },
  };
}
