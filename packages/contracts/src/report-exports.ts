import { z } from 'zod';
import { envelope } from './envelope.ts';
import { REPORT_EXPORT_FORMATS } from './reports.ts';

// Background exports of large reports (issue 24 item 4); the paths are REPORT_PATHS.exportJob and
// exportJobFile.

/**
 * A plain report export (CSV or XLSX) matching more rows than this runs in the background as a
 * job (issue 24 item 4): the request answers 202 with the job, whose progress the viewer follows
 * and whose file a notification offers when it is done. Smaller exports stream in the answer.
 */
export const REPORT_EXPORT_BACKGROUND_ROWS = 50_000;
/** How long a finished background export's file is kept for download. */
export const REPORT_EXPORT_KEEP_DAYS = 7;
export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

export const reportExportJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  format: z.enum(REPORT_EXPORT_FORMATS),
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** Rows written so far, and how many the report matched when the export was asked for. */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
  /** Why it failed (a message key's text), when it did. */
  error: z.string().nullable(),
});
export type ReportExportJob = z.infer<typeof reportExportJobSchema>;
export const reportExportJobResponseSchema = envelope(reportExportJobSchema);
export const reportExportJobParamsSchema = z.object({ exportId: z.string().max(64) });
