import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@formloop/domain';

// A record printed as PDF (issue 25 item 6): the entry as the caller may open it (fields hidden at
// its activity left out), its workflow history and its comments, with the PDF's own words in the
// caller's language.
//
// GET /api/EntryModule/{recordId}/pdf?lang={en|de|es|fr|ja|zh}[&taskId={taskId}]
//   beside the entry's detail (GET /api/EntryModule/{recordId}/detail) and with its very rules:
//   another tenant's entry, a malformed id, an app the caller may not see (no view grant) and
//   someone else's draft are 404; taskId names a task of the entry (another's: 404) and, as for the
//   detail, an assignee prints the entry at that task's activity, even without a grant on the app.
//   Fields hidden at the activity are left out. lang: the language of the PDF's own words (default
//   en; another value is a 400). 200 answers application/pdf with
//   Content-Disposition: attachment; filename="<app name> - <record id>.pdf".

export const RECORD_PRINT_PATHS = {
  /** Ours: the entry as a PDF (see above). */
  pdf: '/api/EntryModule/:recordId/pdf',
} as const;

export const recordPrintPath = {
  pdf: (recordId: string, query: { lang: Language; taskId?: string | undefined }) => {
    const params = new URLSearchParams({ lang: query.lang });
    if (query.taskId) params.set('taskId', query.taskId);
    return `/api/EntryModule/${encodeURIComponent(recordId)}/pdf?${params.toString()}`;
  },
};

export const recordPdfParamsSchema = z.object({ recordId: z.string().max(64) });

export const recordPdfQuerySchema = z.object({
  /** The language of the PDF's own words (headings, "Printed by"); the values print as stored. */
  lang: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  /** A task of the entry, as for its detail: its assignee prints the entry at the task's activity. */
  taskId: z.string().max(64).optional(),
});
export type RecordPdfQuery = z.input<typeof recordPdfQuerySchema>;
