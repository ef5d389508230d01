import { type RecordComment } from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isoTimestamp } from '../../platform/database/timestamps.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { noticeComment } from '../workflow-notices/index.ts';
import { recordAppAccess } from './record-access.ts';
import { recordMissing, recordOfApp } from './record-views.ts';
import { appOfRecord } from './records.repository.ts';
import {
  commentPage,
  countComments,
  insertComment,
  listComments,
  type RawComment,
} from './record-comments.repository.ts';
import type { RawRecordRow } from './record-row.ts';

// Comments on a record (spec §7 sendComment, {recordId}/comments, loadcomment): whoever may see the
// record (view access to its app, or an assignee of one of its tasks; a draft only its author) reads
// and writes them. A comment is
// announced to the record's initiator and creator and its open tasks' assignees (workflow-notices).

/** The most comments {recordId}/comments answers at once; loadcomment pages through the rest. */
const ALL_COMMENTS_LIMIT = 500;

const toComment = (row: RawComment): RecordComment => ({
  id: row.id,
  record_id: row.record_id,
  author_id: row.author_id,
  author_name: row.author_name,
  message: row.message,
  created_on: isoTimestamp(row.created_on),
});

/** The record, when the caller may see it; 404 otherwise. */
async function visibleRecord(
  tx: TenantTx,
  tenantId: string,
  auth: RequestAuth,
  recordId: string,
): Promise<RawRecordRow> {
  // The routes name only the record: its app first (every other statement on records names it).
  const id = recordId.toLowerCase();
  const moduleId = isUuid(id) ? await appOfRecord(tx, tenantId, id) : null;
  if (!moduleId) throw recordMissing();
  const access = await recordAppAccess(tx, tenantId, auth, moduleId, id);
  return recordOfApp(tx, tenantId, auth, access, id, false);
}

export function createRecordCommentsService(db: TenantDb) {
  return {
    async send(
      ctx: CallContext,
      auth: RequestAuth,
      body: { recordId: string; message: string },
    ): Promise<RecordComment> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const record = await visibleRecord(tx, ctx.tenantId, auth, body.recordId);
        const row = await insertComment(
          tx,
          ctx.tenantId,
          {
            moduleId: record.module_id,
            recordId: record.id,
            authorId: auth.userId,
            message: body.message,
            now: new Date(),
          },
          ctx.requestId,
        );
        await noticeComment(
          tx,
          { tenantId: ctx.tenantId, moduleId: record.module_id, recordId: record.id, actorId: auth.userId },
          {
            initiatorId: record.workflow_initiator_user,
            creatorId: record.created_by,
            step: record.workflow_activity_name,
            message: row.message,
          },
        );
        return toComment(row);
      });
    },

    async all(ctx: CallContext, auth: RequestAuth, recordId: string): Promise<RecordComment[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const record = await visibleRecord(tx, ctx.tenantId, auth, recordId);
        const rows = await listComments(tx, ctx.tenantId, record.id, {
          offset: 0,
          limit: ALL_COMMENTS_LIMIT,
        });
        return rows.map(toComment);
      });
    },

    async page(
      ctx: CallContext,
      auth: RequestAuth,
      query: { recordId: string; page: number },
    ): Promise<{ comments: RecordComment[]; total: number; hasMore: boolean }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const record = await visibleRecord(tx, ctx.tenantId, auth, query.recordId);
        const range = commentPage(query.page);
        const rows = await listComments(tx, ctx.tenantId, record.id, range);
        const total = await countComments(tx, ctx.tenantId, record.id);
        return { comments: rows.map(toComment), total, hasMore: range.offset + rows.length < total };
      });
    },
  };
}
