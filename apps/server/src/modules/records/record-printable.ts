import type { RecordComment, RecordRow } from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isoTimestamp } from '../../platform/database/timestamps.ts';
import type { AppRow } from '../apps/index.ts';
import { countComments, listComments } from './record-comments.repository.ts';
import { openRecord } from './record-open.ts';
import { visibleRow } from './record-views.ts';

// One record as its caller may open it, for a printout (modules/record-print): the detail's reading
// (openRecord: the same 404s, the same activity, the fields hidden there left out), with its
// comments oldest first.

/** The most comments a printout holds (the newest ones); `commentsTotal` tells when there were more. */
export const PRINTED_COMMENTS_LIMIT = 500;

export interface PrintableRecord {
  app: AppRow;
  /** The definition of the record's own version. */
  definition: ModuleDefinition;
  /** The record without the values hidden at `activityId`. */
  record: RecordRow;
  activityId: string;
  /** Oldest first; at most PRINTED_COMMENTS_LIMIT (the newest). */
  comments: RecordComment[];
  commentsTotal: number;
}

export async function printableRecord(
  tx: TenantTx,
  tenantId: string,
  auth: RequestAuth,
  recordId: string,
  taskId?: string,
): Promise<PrintableRecord> {
  const { access, row, definition, activityId } = await openRecord(tx, tenantId, auth, recordId, taskId);
  const comments = await listComments(tx, tenantId, row.id, { offset: 0, limit: PRINTED_COMMENTS_LIMIT });
  const commentsTotal =
    comments.length < PRINTED_COMMENTS_LIMIT ? comments.length : await countComments(tx, tenantId, row.id);
  return {
    app: access.app,
    definition,
    record: visibleRow(definition, row, activityId),
    activityId,
    comments: comments.reverse().map((comment) => ({
      id: comment.id,
      record_id: comment.record_id,
      author_id: comment.author_id,
      author_name: comment.author_name,
      message: comment.message,
      created_on: isoTimestamp(comment.created_on),
    })),
    commentsTotal,
  };
}
