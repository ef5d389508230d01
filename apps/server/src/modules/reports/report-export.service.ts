import {
  REPORT_PDF_MAX_ROWS,
  type ReportDefinition,
  type ReportExportFormat,
  type ReportResult,
} from '@formloop/contracts';
import type { Language } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import type { ListFilter } from '../records/index.ts';
import {
  contentDisposition,
  createRecordExportService,
  EXPORT_CONTENT_TYPES,
  type PreparedExport,
} from '../record-lists/index.ts';
import { EXPORT_TEXTS } from './report-export/export-texts.ts';
import { headingOf, sheetOf } from './report-export/report-sheet.ts';
import { REPORT_FILE_TYPES, csvOf, pdfOf, xlsxOf } from './report-export/report-files.ts';
import type { ReportService } from './reports.service.ts';

// Exports of a report as the viewer sees it (issue 24 item 4): CSV, XLSX and PDF with the report's
// name, its filters with their values and the moment of export printed above the data. A plain
// report's CSV and XLSX stream every matching row through the record list's export (a cursor, a
// batch at a time); grouped reports and pivots (at most REPORT_GROUP_LIMIT groups) and PDFs are
// built in memory from the same run the viewer sees.

export interface ExportInput {
  name: string;
  definition: ReportDefinition;
  filters: ListFilter[];
  search: string;
  format: ReportExportFormat;
  language: Language;
  landscape: boolean;
}

export type ReportFile =
  | { type: string; disposition: string; buffer: Buffer }
  | { type: string; disposition: string; prepared: PreparedExport };

export function createReportExportService(db: TenantDb, reports: ReportService) {
  const listExports = createRecordExportService(db);

  /** A plain report's rows for a PDF: pages of the viewer's list, up to REPORT_PDF_MAX_ROWS. */
  async function firstRows(ctx: CallContext, auth: RequestAuth, input: ExportInput): Promise<ReportResult> {
    const first = await reports.run(ctx, auth, { ...input, page: 1, length: 100 });
    if (first.kind !== 'table') return first;
    const rows = [...first.rows];
    for (let page = 2; rows.length < Math.min(first.recordsFiltered, REPORT_PDF_MAX_ROWS); page++) {
      const next = await reports.run(ctx, auth, { ...input, page, length: 100 });
      if (next.kind !== 'table' || next.rows.length === 0) break;
      rows.push(...next.rows);
    }
    return { ...first, rows: rows.slice(0, REPORT_PDF_MAX_ROWS) };
  }

  return {
    /** Checks access and the definition (errors are ordinary JSON answers) and makes or prepares the file. */
    async prepare(ctx: CallContext, auth: RequestAuth, input: ExportInput): Promise<ReportFile> {
      const texts = EXPORT_TEXTS[input.language];
      const context = await reports.exportContext(ctx, auth, input.definition.moduleId);
      const name = input.name || context.appName;
      // As a run does: a column the viewer may not see is refused, not quietly left out.
      for (const column of input.definition.columns) context.labelOf(column);
      const filters = [...input.definition.filters, ...input.filters];
      const heading = headingOf(name, filters, context.labelOf, texts, new Date(), context.timeZone);
      const disposition = contentDisposition(name, input.format);
      const { definition } = input;
      const plain = definition.groupBy.length === 0 && definition.measures.length === 0 && !definition.pivot;
      if (plain && input.format !== 'pdf') {
        const prepared = await listExports.prepare(ctx, auth, {
          moduleId: definition.moduleId,
          format: input.format,
          page: 1,
          length: 10,
          search: input.search,
          columns: definition.columns.length ? definition.columns : undefined,
          orders: definition.orders,
          filters,
        });
        return {
          type: EXPORT_CONTENT_TYPES[input.format],
          disposition,
          prepared: { ...prepared, preamble: heading },
        };
      }
      const result = plain
        ? await firstRows(ctx, auth, input)
        : await reports.run(ctx, auth, { ...input, page: 1, length: 10 });
      if (result.kind === 'table' && result.recordsFiltered > REPORT_PDF_MAX_ROWS)
        heading.push(texts.firstRows(REPORT_PDF_MAX_ROWS));
      const sheet = sheetOf(result, heading, texts);
      const buffer =
        input.format === 'csv'
          ? csvOf(sheet)
          : input.format === 'xlsx'
            ? await xlsxOf(sheet, name)
            : await pdfOf(sheet, input.landscape);
      return { type: REPORT_FILE_TYPES[input.format], disposition, buffer };
    },

    stream: listExports.stream,
  };
}

export type ReportExportService = ReturnType<typeof createReportExportService>;
