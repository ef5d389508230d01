import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { recordExportRequestSchema } from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { recordAppOr404, type RawRecordRow, type ListColumn } from '../records/index.ts';
import { csvCell, exportCells, exportColumns, userIdsOf, type Cell } from './record-export-cells.ts';
import {
  allRowsSql,
  buildListQuery,
  listColumnsFor,
  type ListQuery,
  type ListScope,
} from './record-query/list-query.ts';
import { userNames } from './record-lists.repository.ts';
import { callerOf, listRow } from './record-lists.service.ts';

// Export of a record list (CSV or XLSX): the whole filtered, sorted list in the request's columns.
// The request is checked first (access, columns, filters: errors are ordinary JSON answers), then
// the rows stream out of a cursor a batch at a time, so an app of a million records never sits in
// memory.

export type ExportRequest = z.output<typeof recordExportRequestSchema>;
export type ExportFormat = ExportRequest['format'];

export const EXPORT_BATCH = 1000;
/** XLSX sheets hold 1,048,576 rows; one is the header. */
const XLSX_MAX_ROWS = 1_048_575;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface PreparedExport {
  tenantId: string;
  appName: string;
  format: ExportFormat;
  query: ListQuery;
  columns: ListColumn[];
  /** Lines written above the header, one cell each, then a blank row (a report's heading). */
  preamble?: string[];
}

/** attachment; filename="<ASCII fallback>"; filename*=UTF-8''<the app's name> */
export function contentDisposition(appName: string, format: string): string {
  const name = `${appName.trim() || 'export'}.${format}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Writes cells to the response in one format. */
interface SheetWriter {
  row(cells: Cell[]): Promise<void>;
  finish(): Promise<void>;
}

/** Waits for the client to take what was written; false when it went away. */
async function drained(out: Writable, wrote: boolean): Promise<boolean> {
  if (out.destroyed) return false;
  if (wrote) return true;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

function csvWriter(out: Writable, headers: string[], preamble: string[]): SheetWriter {
  const above = preamble.length ? stringify([...preamble.map((line) => [line]), []]) : '';
  // A byte order mark, so spreadsheet programs read UTF-8.
  out.write(`\ufeff${above}${stringify([headers])}`);
  return {
    row: async (cells) => {
      await drained(out, out.write(stringify([cells.map(csvCell)])));
    },
    finish: async () => {
      out.end();
    },
  };
}

function xlsxWriter(out: Writable, headers: string[], sheetName: string, preamble: string[]): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  for (const line of preamble) sheet.addRow([line]).commit();
  if (preamble.length) sheet.addRow([]).commit();
  sheet.addRow(headers).commit();
  // The heading's lines and blank row take rows of the sheet too.
  let written = preamble.length ? preamble.length + 1 : 0;
  return {
    row: async (cells) => {
      if (written >= XLSX_MAX_ROWS) return;
      written += 1;
      sheet.addRow(cells).commit();
    },
    finish: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A worksheet name: at most 31 characters, none of []:*?/\ */
const sheetNameOf = (appName: string) =>
  appName
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Records';

export function createRecordExportService(db: TenantDb) {
  return {
    /** Checks access and the request; 404 / 400 here come back as JSON before anything streams. */
    async prepare(ctx: CallContext, auth: RequestAuth, request: ExportRequest): Promise<PreparedExport> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { app, definition } = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), request.moduleId);
        const scope: ListScope = { tenantId: ctx.tenantId, moduleId: app.id };
        return {
          tenantId: ctx.tenantId,
          appName: app.displayName,
          format: request.format,
          query: buildListQuery(definition, request, scope),
          columns: exportColumns(listColumnsFor(definition, scope), request.columns),
        };
      });
    },

    /**
     * Streams every matching row to `out` through a cursor, EXPORT_BATCH rows at a time; `onRows`
     * hears the rows written so far after each batch (a background export's progress).
     */
    async stream(prepared: PreparedExport, out: Writable, onRows?: (written: number) => void): Promise<void> {
      const headers = prepared.columns.map((column) => column.label);
      const preamble = prepared.preamble ?? [];
      const writer =
        prepared.format === 'csv'
          ? csvWriter(out, headers, preamble)
          : xlsxWriter(out, headers, sheetNameOf(prepared.appName), preamble);
      const dataKeys = prepared.columns
        .filter((column) => column.fieldType !== null)
        .map((column) => column.name);
      let written = 0;
      await db.inTenant(prepared.tenantId, async (tx) => {
        await tx.execute(sql`DECLARE record_export NO SCROLL CURSOR FOR ${allRowsSql(prepared.query)}`);
        for (;;) {
          const { rows } = await tx.execute(sql.raw(`FETCH ${EXPORT_BATCH} FROM record_export`));
          if (rows.length === 0 || out.destroyed) break;
          const records = (rows as unknown as RawRecordRow[]).map((raw) => listRow(raw, dataKeys));
          const names = await userNames(tx, userIdsOf(prepared.columns, records));
          for (const record of records) await writer.row(exportCells(prepared.columns, record, names));
          written += records.length;
          onRows?.(written);
          if (out.destroyed) break;
        }
        await tx.execute(sql.raw('CLOSE record_export'));
      });
      if (!out.destroyed) await writer.finish();
    },
  };
}
