import type { RecordRow } from '@formloop/contracts';
import type { Language, RecordStatus } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { loadPdfMake, pdfFontFor } from '../../platform/pdf/pdf-maker.ts';
import { findPreference, toPreference } from '../organization/index.ts';
import { contentDisposition } from '../record-lists/index.ts';
import { printableRecord } from '../records/index.ts';
import { recordHistory, type HistoryRecordRow } from '../workflow/index.ts';
import { printDocument, textOf, type PrintModel } from './print-document.ts';
import { PRINT_TEXTS, type PrintTexts } from './print-texts.ts';
import { formatPrintedDate, printedSections, userIdsIn, type PrintContext } from './print-values.ts';
import { userNames } from './record-print.repository.ts';

// A record as a PDF (issue 25 item 6): read as its detail reads it for the caller (records'
// printableRecord: the same 404s, the fields hidden at its activity left out), with its workflow
// history and comments, in one transaction; then laid out and rendered with pdfmake. Opening a
// record is not audited, so printing it is not either.

export interface RecordPdf {
  fileName: string;
  disposition: string;
  buffer: Buffer;
}

/** The status as the list shows it: the derived status in the reader's language, then the engine's own. */
function statusText(record: RecordRow, texts: PrintTexts): string {
  const name = texts.statuses[record.status as RecordStatus] ?? record.status;
  const rest = record.display_status.startsWith(record.status)
    ? record.display_status.slice(record.status.length)
    : '';
  return `${name}${rest}`;
}

function historyEntry(row: HistoryRecordRow, context: PrintContext) {
  const action = context.texts.actions[row.action_type] ?? row.action_type;
  return {
    step: row.activity_name || row.activity_id,
    by: row.initiated_by_name ?? '',
    action: row.assignee ? `${action}: ${row.assignee}` : action,
    when: formatPrintedDate(row.created_on, 'datetime', context.preference),
    comment: row.message ?? '',
  };
}

/** Renders the document; a picture pdfmake cannot read (a damaged signature) prints as text instead. */
async function render(model: PrintModel, texts: PrintTexts): Promise<Buffer> {
  const maker = loadPdfMake();
  const font = pdfFontFor(textOf(model, texts));
  try {
    return await maker.createPdf(printDocument(model, texts, font)).getBuffer();
  } catch (error) {
    const pictures = model.sections.some((section) =>
      section.kind === 'fields'
        ? section.fields.some((field) => field.value.image)
        : section.rows.some((row) => row.some((value) => value.image)),
    );
    if (!pictures) throw error;
    return maker.createPdf(printDocument(model, texts, font, false)).getBuffer();
  }
}

export function createRecordPrintService(db: TenantDb) {
  return {
    async pdf(
      ctx: CallContext,
      auth: RequestAuth,
      input: { recordId: string; taskId?: string | undefined; language: Language },
    ): Promise<RecordPdf> {
      const texts = PRINT_TEXTS[input.language];
      const now = new Date();
      const model = await db.inTenant(ctx.tenantId, async (tx) => {
        const printable = await printableRecord(tx, ctx.tenantId, auth, input.recordId, input.taskId);
        const { record, definition, activityId } = printable;
        const history = await recordHistory(tx, ctx.tenantId, record.id);
        const preference = toPreference(await findPreference(tx, ctx.tenantId));
        const names = await userNames(tx, ctx.tenantId, [auth.userId, ...userIdsIn(definition, record.data)]);
        const context: PrintContext = { preference, userNames: names, texts, language: input.language };
        const when = (value: string | null) => formatPrintedDate(value, 'datetime', preference);
        const printedBy = texts.printedBy(
          names.get(auth.userId.toLowerCase()) ?? '',
          when(now.toISOString()),
        );
        return {
          language: input.language,
          appName: printable.app.displayName,
          recordId: record.id,
          status: statusText(record, texts),
          createdBy: record.created_by_name ?? '',
          createdOn: when(record.created_on),
          modifiedOn: when(record.modified_on),
          sections: printedSections(definition, activityId, record.data, context),
          history: history.map((row) => historyEntry(row, context)),
          comments: printable.comments.map((comment) => ({
            by: comment.author_name ?? '',
            when: when(comment.created_on),
            text: comment.message,
          })),
          commentsNote:
            printable.commentsTotal > printable.comments.length
              ? texts.newestComments(printable.comments.length, printable.commentsTotal)
              : null,
          printedBy,
        } satisfies PrintModel;
      });
      const fileName = `${model.appName.trim() || 'Entry'} - ${model.recordId}`;
      return {
        fileName: `${fileName}.pdf`,
        disposition: contentDisposition(fileName, 'pdf'),
        buffer: await render(model, texts),
      };
    },
  };
}
