import {
  DEFAULT_VISIBLE_COLUMNS,
  INDEX_CAP,
  INDEXED_FIELD_KINDS,
  type ModuleDefinition,
  type PayloadGroup,
} from '@formloop/domain';
import { isUuid } from '../../platform/database/uuid.ts';
import { ListColumns, TEXT_KINDS, type ColumnKind, type ListColumn } from '../records/index.ts';

// The index plan (ADR 0013 "Index plan"; the rule is told at the top of record-indexes.ts): which
// of an app's fields get a btree and which a trigram index, at most INDEX_CAP of each, from the
// app's definition and how it is used (other apps' lookups, saved list configurations). Pure.

export const hexOf = (moduleId: string) => moduleId.toLowerCase().replace(/-/g, '');

/** The app's partition of records, as app_record_partition(uuid) names it (migration 0014). */
export function recordPartitionOf(moduleId: string): string {
  if (!isUuid(moduleId)) throw new Error(`not an app id: ${moduleId}`);
  return `records_${hexOf(moduleId)}`;
}

/** Kinds whose typed value gets a btree (lists, files and booleans gain little from one). */
const BTREE_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(INDEXED_FIELD_KINDS);

/** Filter operators a trigram index serves (the others compare the typed value: the btree). */
const TRIGRAM_OPERATORS: ReadonlySet<string> = new Set(['contains', 'startswith', 'endswith']);

/** What a lookup field (of any app of the tenant) that looks up this app reads of it. */
export interface LookupUse {
  filters?: readonly { field?: unknown; operator?: unknown }[];
  sortValuesBy?: unknown;
  selectFieldsByThisProcess?: readonly unknown[];
  hideFields?: readonly unknown[];
  flowToLookUp?: unknown;
}

/** The parts of a saved list configuration (record_list_configs.data) the plan reads. */
export interface ListConfigUse {
  orders?: readonly { column?: unknown }[];
  filters?: readonly { field?: unknown; operator?: unknown }[];
}

/** How the app is used beyond its own definition. */
export interface IndexUsage {
  lookups: readonly LookupUse[];
  listConfigs: readonly ListConfigUse[];
}

export const NO_USAGE: IndexUsage = { lookups: [], listConfigs: [] };

export type PlanDefinition = Pick<ModuleDefinition, 'fieldGroups'> & {
  defaultConfig?: ModuleDefinition['defaultConfig'] | undefined;
};

/** The fields chosen for a btree and for a trigram index, each in the order they were chosen. */
export interface IndexedFields {
  btree: ListColumn[];
  trigram: ListColumn[];
}

interface Want {
  name: unknown;
  btree: boolean;
  trigram: boolean;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The field the lookup's picker names options by and searches (as the form renderer picks it). */
function lookupLabelField(lookup: LookupUse): string | undefined {
  const selected = strings(lookup.selectFieldsByThisProcess);
  const hidden = strings(lookup.hideFields);
  if (typeof lookup.flowToLookUp === 'string' && selected.includes(lookup.flowToLookUp)) {
    return lookup.flowToLookUp;
  }
  return selected.find((name) => !hidden.includes(name)) ?? selected[0];
}

const filterWant = (filter: { field?: unknown; operator?: unknown }): Want => {
  const trigram = typeof filter.operator === 'string' && TRIGRAM_OPERATORS.has(filter.operator);
  return { name: filter.field, btree: !trigram, trigram };
};

/** Top-level fields as the record list shows them by default: form order (web list-columns.ts). */
function fieldsInFormOrder(groups: readonly PayloadGroup[]): string[] {
  return [...groups]
    .filter((group) => !group.isTable)
    .sort(
      (a, b) => (a.sectionIndex ?? 0) - (b.sectionIndex ?? 0) || (a.orderIndex ?? 0) - (b.orderIndex ?? 0),
    )
    .flatMap((group) =>
      [...(group.fields ?? [])].sort(
        (a, b) => (a.rowIndex ?? 0) - (b.rowIndex ?? 0) || (a.columnIndex ?? 0) - (b.columnIndex ?? 0),
      ),
    )
    .map((field) => field.name);
}

/**
 * The index plan's rule (see the top of this file and ADR 0013): which fields get a btree and which
 * a trigram index, at most INDEX_CAP of each. Pure: the definition and the usage decide.
 */
export function planIndexedFields(definition: PlanDefinition, usage: IndexUsage = NO_USAGE): IndexedFields {
  const columns = new ListColumns(definition);
  const byName = new Map(columns.fields().map((column) => [column.name, column]));
  const config = definition.defaultConfig ?? {};
  const wants: Want[] = [];

  // 1. The builder's marks.
  for (const name of strings(config.indexedFields)) wants.push({ name, btree: true, trigram: true });

  // 2. What other apps' lookups filter, sort and search by.
  for (const lookup of usage.lookups) {
    for (const filter of lookup.filters ?? []) wants.push(filterWant(filter));
    wants.push({ name: lookup.sortValuesBy, btree: true, trigram: false });
    wants.push({ name: lookupLabelField(lookup), btree: false, trigram: true });
  }

  // 3. What saved list configurations filter and sort by, the most used first (ties: first seen).
  const counted = new Map<string, { want: Want; count: number; first: number }>();
  const count = (want: Want) => {
    if (typeof want.name !== 'string') return;
    const key = `${want.name}\u0000${want.btree ? 'b' : 't'}`;
    const entry = counted.get(key);
    if (entry) entry.count += 1;
    else counted.set(key, { want, count: 1, first: counted.size });
  };
  for (const saved of usage.listConfigs) {
    for (const filter of saved.filters ?? []) count(filterWant(filter));
    for (const order of saved.orders ?? []) count({ name: order.column, btree: true, trigram: false });
  }
  wants.push(
    ...[...counted.values()]
      .sort((a, b) => b.count - a.count || a.first - b.first)
      .map((entry) => entry.want),
  );

  // 4. The default list columns.
  const chosen = strings(config.listColumns).filter((name) => byName.has(name));
  const listed = chosen.length
    ? chosen
    : fieldsInFormOrder(definition.fieldGroups)
        .filter((name) => byName.has(name))
        .slice(0, DEFAULT_VISIBLE_COLUMNS);
  for (const name of listed) wants.push({ name, btree: true, trigram: true });

  // 5. The record title's fields.
  const title = typeof config.recordTitle === 'string' ? config.recordTitle : '';
  for (const match of title.matchAll(/\{([^{}]+)\}/g)) {
    wants.push({ name: match[1]!.trim(), btree: true, trigram: true });
  }

  const btree = new Map<string, ListColumn>();
  const trigram = new Map<string, ListColumn>();
  for (const want of wants) {
    if (typeof want.name !== 'string') continue;
    const column = byName.get(want.name);
    if (!column) continue;
    if (want.btree && BTREE_KINDS.has(column.kind) && btree.size < INDEX_CAP.btree) {
      btree.set(column.name, column);
    }
    if (want.trigram && TEXT_KINDS.has(column.kind) && trigram.size < INDEX_CAP.trigram) {
      trigram.set(column.name, column);
    }
  }
  return { btree: [...btree.values()], trigram: [...trigram.values()] };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The lookup settings in a definition that look up `moduleId` (table groups' fields too). */
export function lookupsOf(definition: unknown, moduleId: string): LookupUse[] {
  if (!isObject(definition) || !Array.isArray(definition['fieldGroups'])) return [];
  const target = moduleId.toLowerCase();
  const found: LookupUse[] = [];
  for (const group of definition['fieldGroups'] as unknown[]) {
    if (!isObject(group) || !Array.isArray(group['fields'])) continue;
    for (const field of group['fields'] as unknown[]) {
      const lookup = isObject(field) ? field['lookup'] : null;
      if (!isObject(lookup) || typeof lookup['moduleId'] !== 'string') continue;
      if (lookup['moduleId'].toLowerCase() === target) found.push(lookup as LookupUse);
    }
  }
  return found;
}
