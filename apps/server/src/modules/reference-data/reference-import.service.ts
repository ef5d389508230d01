import {
  REFERENCE_COLUMNS_MAX,
  REFERENCE_DATA_MESSAGES,
  REFERENCE_VALUES_MAX,
  REFERENCE_VALUE_MAX_LENGTH,
  referenceMessage,
  referenceValueKey,
  type ImportReferenceCsvCommand,
  type ImportReferenceCsvResult,
} from '@formloop/contracts';
import { codePointLength, validateName } from '@formloop/domain';
import { parse } from 'csv-parse/sync';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badFieldText } from '../../platform/http/message-text.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';
import * as repo from './reference-data.repository.ts';
import type { ListRow } from './reference-data.repository.ts';
import * as rowsRepo from './reference-rows.repository.ts';
import type { NewRow, RowRecord } from './reference-rows.repository.ts';
import {
  auditList,
  duplicateKeyName,
  lockList,
  resolveCategories,
  snapshot,
  tooManyValues,
  type Auth,
  type Ctx,
} from './reference-data.shared.ts';

export interface ParsedCsv {
  /** Extra columns: the header's names after the first, or column2, column3… without a header. */
  columns: string[];
  rows: Array<{ value: string; cells: string[] }>;
}

/** Every CSV problem is a 400 on the csv field: the whole file is refused, nothing is imported. */
const csvError = (message: string) => badFieldText('csv', message);

type ParsedRecord = { info: { lines: number }; record: string[] };

/**
 * Reads the CSV text: the first column is the value, further columns are the list's extra columns.
 * Blank lines (and lines of empty cells) are skipped; any other bad row refuses the whole file, with
 * the line it is on.
 */
export function parseReferenceCsv(text: string, hasHeader: boolean): ParsedCsv {
  let records: ParsedRecord[];
  try {
    // One line ending throughout, so line numbers in messages match what an editor shows.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    throw csvError(referenceMessage.csvUnreadable(Number((error as { lines?: unknown }).lines) || 1));
  }
  const header = hasHeader ? records.shift() : undefined;
  if (records.length === 0) throw csvError(REFERENCE_DATA_MESSAGES.csvEmpty);
  if (records.length > REFERENCE_VALUES_MAX) throw csvError(referenceMessage.csvTooManyRows());

  const width = header
    ? header.record.length
    : records.reduce((widest, entry) => Math.max(widest, entry.record.length), 1);
  const columns = header
    ? header.record.slice(1).map((name, index) => name.trim() || `column${index + 2}`)
    : Array.from({ length: width - 1 }, (_unused, index) => `column${index + 2}`);
  if (columns.length > REFERENCE_COLUMNS_MAX) throw csvError(referenceMessage.tooManyColumns());
  const seen = new Set<string>();
  for (const column of columns) {
    const message = validateName(column);
    if (message) throw csvError(message);
    const key = column.toLocaleLowerCase('en');
    if (seen.has(key)) throw csvError(referenceMessage.duplicateColumn(column));
    seen.add(key);
  }

  const rows = records.map(({ info, record }) => {
    const value = record[0]?.trim() ?? '';
    if (value === '') throw csvError(referenceMessage.csvValueMissing(info.lines));
    if (record.slice(width).some((cell) => cell.trim() !== '')) {
      throw csvError(referenceMessage.csvRowTooWide(info.lines));
    }
    const cells = columns.map((_column, index) => record[index + 1]?.trim() ?? '');
    if ([value, ...cells].some((cell) => codePointLength(cell) > REFERENCE_VALUE_MAX_LENGTH)) {
      throw csvError(referenceMessage.csvValueTooLong(info.lines));
    }
    return { value, cells };
  });
  return { columns, rows };
}

/** The list's columns after an append: its own, then the CSV's new ones (matched ignoring case). */
function mergeColumns(current: readonly string[], incoming: readonly string[]): string[] {
  const known = new Set(current.map((column) => column.toLocaleLowerCase('en')));
  return [...current, ...incoming.filter((column) => !known.has(column.toLocaleLowerCase('en')))];
}

/** CSV import into a new list, or appended to / replacing an existing list's values; all or nothing. */
export function createReferenceImportService(db: TenantDb) {
  return {
    async importCsv(
      ctx: Ctx,
      auth: Auth,
      body: ImportReferenceCsvCommand,
    ): Promise<ImportReferenceCsvResult> {
      const parsed = parseReferenceCsv(body.csv, body.hasHeader);
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          let current: ListRow | null = null;
          let before: RowRecord[] = [];
          let list: ListRow;
          if (body.mode === 'create') {
            const keyName = body.key_name ?? '';
            if (await repo.keyNameTaken(tx, ctx.tenantId, keyName, null)) throw duplicateKeyName();
            const categories = await resolveCategories(tx, ctx, auth, body.categories);
            list = await repo.insertList(
              tx,
              ctx.tenantId,
              { keyName, categories, description: body.description, columns: parsed.columns },
              auth.userId,
            );
          } else {
            current = await lockList(tx, ctx.tenantId, body.listId ?? '');
            before = await rowsRepo.listRows(tx, ctx.tenantId, current.id);
            const columns =
              body.mode === 'append' ? mergeColumns(current.columns, parsed.columns) : parsed.columns;
            if (columns.length > REFERENCE_COLUMNS_MAX) throw csvError(referenceMessage.tooManyColumns());
            if (body.mode === 'replace') await rowsRepo.deleteAllRows(tx, ctx.tenantId, current.id);
            list = await repo.touchList(tx, ctx.tenantId, current.id, { columns }, auth.userId);
          }

          // The CSV's columns by the list's own spelling of them.
          const keyOf = new Map(list.columns.map((column) => [column.toLocaleLowerCase('en'), column]));
          const targets = parsed.columns.map((column) => keyOf.get(column.toLocaleLowerCase('en')) ?? column);
          const kept = body.mode === 'append' ? before : [];
          const taken = new Set(kept.map((row) => referenceValueKey(row.value)));
          let next = kept.length === 0 ? 0 : kept[kept.length - 1]!.orderIndex + 1;
          const added: NewRow[] = [];
          let skipped = 0;
          for (const row of parsed.rows) {
            const key = referenceValueKey(row.value);
            if (taken.has(key)) {
              skipped += 1;
              continue;
            }
            taken.add(key);
            const data = Object.fromEntries(targets.map((column, index) => [column, row.cells[index] ?? '']));
            added.push({ value: row.value, data, orderIndex: next });
            next += 1;
          }
          if (kept.length + added.length > REFERENCE_VALUES_MAX) throw tooManyValues('csv');
          await rowsRepo.insertRows(tx, ctx.tenantId, list.id, added);
          await auditList(tx, ctx, auth, {
            entityId: list.id,
            action: body.mode === 'create' ? 'created' : 'imported',
            before: current ? snapshot(current, before) : null,
            after: {
              ...snapshot(list, [...kept, ...added]),
              mode: body.mode,
              imported: added.length,
              skipped,
            },
          });
          return { record_id: list.id, imported: added.length, skipped, columns: list.columns };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateKeyName();
        throw error;
      }
    },
  };
}
