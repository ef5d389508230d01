import { and, asc, count, desc, eq, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { referenceListRows } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// The ordered rows (values) of one list. Tenant first, then list, like every repository.

const rowColumns = {
  id: referenceListRows.id,
  value: referenceListRows.value,
  data: referenceListRows.data,
  orderIndex: referenceListRows.orderIndex,
};
export type RowRecord = { id: string; value: string; data: Record<string, string>; orderIndex: number };

const inList = (tenantId: string, listId: string) =>
  and(eq(referenceListRows.tenantId, tenantId), eq(referenceListRows.listId, listId));

/** The list's rows in their order; the id breaks ties so the order is stable. */
export async function listRows(tx: TenantTx, tenantId: string, listId: string): Promise<RowRecord[]> {
  return tx
    .select(rowColumns)
    .from(referenceListRows)
    .where(inList(tenantId, listId))
    .orderBy(asc(referenceListRows.orderIndex), asc(referenceListRows.id));
}

export async function countRows(tx: TenantTx, tenantId: string, listId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(referenceListRows).where(inList(tenantId, listId));
  return row?.n ?? 0;
}

export async function nextOrderIndex(tx: TenantTx, tenantId: string, listId: string): Promise<number> {
  const [row] = await tx
    .select({ top: max(referenceListRows.orderIndex) })
    .from(referenceListRows)
    .where(inList(tenantId, listId));
  const top = row?.top;
  return top === null || top === undefined ? 0 : top + 1;
}

export type NewRow = { value: string; data: Record<string, string>; orderIndex: number };

// Lists hold up to 10 000 rows: one statement per batch, the rows travelling as one JSON parameter
// (a row per parameter would hit PostgreSQL's 65 535-parameter limit with a few extra columns).

/** Inserts rows; answers their ids in the order given (order_index is unique within one call). */
export async function insertRows(
  tx: TenantTx,
  tenantId: string,
  listId: string,
  rows: readonly NewRow[],
): Promise<RowRecord[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(rows.map((row) => ({ v: row.value, d: row.data, o: row.orderIndex })));
  const result = await tx.execute<{ id: string; order_index: number }>(sql`
    insert into ${referenceListRows} (tenant_id, list_id, value, data, order_index)
    select ${tenantId}::uuid, ${listId}::uuid, r.v, r.d, r.o
      from jsonb_to_recordset(${json}::jsonb) as r(v text, d jsonb, o integer)
    returning id, order_index`);
  const idByOrder = new Map(result.rows.map((row) => [Number(row.order_index), row.id]));
  return rows.map((row) => ({ id: idByOrder.get(row.orderIndex)!, ...row }));
}

/** Writes value, data and order_index of existing rows of the list. */
export async function updateRows(
  tx: TenantTx,
  tenantId: string,
  listId: string,
  rows: readonly RowRecord[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({ i: row.id, v: row.value, d: row.data, o: row.orderIndex })),
  );
  await tx.execute(sql`
    update ${referenceListRows} as t
       set value = r.v, data = r.d, order_index = r.o
      from jsonb_to_recordset(${json}::jsonb) as r(i uuid, v text, d jsonb, o integer)
     where t.id = r.i and t.tenant_id = ${tenantId}::uuid and t.list_id = ${listId}::uuid`);
}

export async function deleteRows(
  tx: TenantTx,
  tenantId: string,
  listId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(referenceListRows)
    .where(and(inList(tenantId, listId), inArray(referenceListRows.id, [...ids])));
}

export async function deleteAllRows(tx: TenantTx, tenantId: string, listId: string): Promise<void> {
  await tx.delete(referenceListRows).where(inList(tenantId, listId));
}

export interface RowPageQuery {
  offset: number;
  limit: number;
  search: string;
  /** 'value', 'order_index' or an extra column of the list (checked by the service). */
  orders: Array<{ column: string; dir: 'asc' | 'desc' }>;
}

const sortExpression = (column: string): SQL =>
  column === 'value'
    ? sql`lower(${referenceListRows.value})`
    : column === 'order_index'
      ? sql`${referenceListRows.orderIndex}`
      : sql`lower(${referenceListRows.data} ->> ${column})`;

/** One page of a list's rows (spec §3 data table request): search over the value and every cell. */
export async function rowPage(tx: TenantTx, tenantId: string, listId: string, query: RowPageQuery) {
  const pattern = containsPattern(query.search);
  const where = and(
    inList(tenantId, listId),
    query.search
      ? or(
          ilike(referenceListRows.value, pattern),
          sql`exists (select 1 from jsonb_each_text(${referenceListRows.data}) as cell
                where cell.value ilike ${pattern})`,
        )
      : undefined,
  );
  const orderBy = query.orders.map((order) =>
    order.dir === 'asc' ? asc(sortExpression(order.column)) : desc(sortExpression(order.column)),
  );
  const rows: RowRecord[] = await tx
    .select(rowColumns)
    .from(referenceListRows)
    .where(where)
    .orderBy(...orderBy, asc(referenceListRows.orderIndex), asc(referenceListRows.id))
    .limit(query.limit)
    .offset(query.offset);
  // A list holds at most 10 000 rows: exact counts are cheap.
  const [filtered] = await tx.select({ n: count() }).from(referenceListRows).where(where);
  return { rows, recordsFiltered: filtered?.n ?? 0, recordsTotal: await countRows(tx, tenantId, listId) };
}
