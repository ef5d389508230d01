import { sql, type SQL } from 'drizzle-orm';
import type { RecordFilter } from '@formloop/domain';
import { filterSql } from '../records/index.ts';
import type { LookupModel } from './lookup-fields.ts';
import { escapeLike } from '../../platform/database/sql-helpers.ts';

// The lookups' WHERE and ORDER BY over `records r`, every value a bound parameter: the record
// list's filter SQL over the columns the caller may read.

const LIST_KINDS: ReadonlySet<string> = new Set(['list', 'users', 'files']);

/** Whether a column holds several values (each counts on its own in recordModuleLookup2). */
export const holdsSeveral = (kind: string): boolean => LIST_KINDS.has(kind);

/** One filter as a predicate (400 for an unknown field or a value that does not suit it). */
export const filterPredicate = (model: LookupModel, filter: RecordFilter): SQL =>
  filterSql(model.column(filter.field), {
    ...filter,
    ignoreCase: filter.ignoreCase ?? false,
    matchesAll: filter.matchesAll ?? false,
  });

/** Every filter ANDed, plus the free-text search (contains, ignoring case). */
export function whereOf(
  model: LookupModel,
  filters: readonly RecordFilter[],
  search: { text: string; field?: string | undefined },
): SQL[] {
  const predicates = filters.map((filter) => filterPredicate(model, filter));
  const text = search.text.trim();
  if (text) {
    if (search.field) {
      predicates.push(
        filterPredicate(model, { field: search.field, operator: 'contains', value: text, ignoreCase: true }),
      );
    } else {
      const pattern = `%${escapeLike(text)}%`;
      const each = model.searchable().map((column) => sql`${column.text} ILIKE ${pattern}::text`);
      predicates.push(each.length ? sql`(${sql.join(each, sql.raw(' OR '))})` : sql`false`);
    }
  }
  return predicates;
}

/** ORDER BY for sortValuesBy (numbers as numbers, users by name), newest first among equals. */
export function orderOf(model: LookupModel, sortBy: string | undefined, dir: 'asc' | 'desc'): SQL {
  const tail = sql`r.created_on DESC, r.id DESC`;
  if (!sortBy) return tail;
  const column = model.column(sortBy);
  return sql`${column.sort} ${sql.raw(dir === 'desc' ? 'DESC' : 'ASC')} NULLS LAST, ${tail}`;
}
