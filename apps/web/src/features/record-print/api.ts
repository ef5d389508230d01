// The calls of printing an entry: its PDF, as the server lays it out for the caller (GET
// /api/EntryModule/{recordId}/pdf, in the caller's language), handed to the browser's downloads.
import { recordPrintPath } from '@formloop/contracts';
import type { Language } from '@formloop/domain';
import { getFile, saveFile } from '../../shared/api/file-request.ts';

/** Fetches the entry's PDF and saves it under the name the server gives it. */
export async function downloadRecordPdf(
  recordId: string,
  language: Language,
  taskId?: string,
): Promise<void> {
  saveFile(await getFile(recordPrintPath.pdf(recordId, { lang: language, taskId }), `${recordId}.pdf`));
}
