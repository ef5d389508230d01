import { sql } from 'drizzle-orm';
import { COMMENT_PAGE_SIZE } from '@formloop/contracts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Comments on records, tenant first; each with its author's name.

export interface RawComment {
  id: string;
  record_id: string;
  author_id: string | null;
  author_name: string | null;
  message: string;
  created_on: Date | string;
}

const COMMENT_COLUMNS = sql.raw(
  `c.id, c.record_id, c.author_id, u.fullname AS author_name, c.message, c.created_on`,
);

/** Adds a comment and its audit row in one statement; answers it with the author's name. */
export async function insertComment(
  tx: TenantTx,
  tenantId: string,
  comment: { moduleId: string; recordId: string; authorId: string; message: string; now: Date },
  requestId: string,
): Promise<RawComment> {
  const result = await tx.execute<RawComment & Record<string, unknown>>(sql`
    WITH c AS (
      INSERT INTO record_comments (tenant_id, module_id, record_id, author_id, message, created_on)
      VALUES (${tenantId}, ${comment.moduleId}, ${comment.recordId}, ${comment.authorId}, ${comment.message},
        ${comment.now.toISOString()}::timestamptz)
      RETURNING *
    ), audit AS (
      INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, before, after, request_id)
      SELECT ${tenantId}, ${comment.authorId}, 'record_comment', c.id::text, 'created', NULL,
        jsonb_build_object('record_id', c.record_id, 'message', c.message), ${requestId} FROM c
    )
    SELECT ${COMMENT_COLUMNS} FROM c LEFT JOIN users u ON u.id = c.author_id`);
  return result.rows[0]!;
}

/** Comments of a record, newest first: one page (COMMENT_PAGE_SIZE) or, without a page, up to `limit`. */
export async function listComments(
  tx: TenantTx,
  tenantId: string,
  recordId: string,
  page: { offset: number; limit: number },
): Promise<RawComment[]> {
  const result = await tx.execute<RawComment & Record<string, unknown>>(sql`
    SELECT ${COMMENT_COLUMNS} FROM record_comments c LEFT JOIN users u ON u.id = c.author_id
    WHERE c.tenant_id = ${tenantId} AND c.record_id = ${recordId}
    ORDER BY c.created_on DESC, c.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  return result.rows;
}

export async function countComments(tx: TenantTx, tenantId: string, recordId: string): Promise<number> {
  const result = await tx.execute<{ total: string }>(sql`
    SELECT count(*) AS total FROM record_comments WHERE tenant_id = ${tenantId} AND record_id = ${recordId}`);
  return Number(result.rows[0]?.total ?? 0);
}

export const commentPage = (page: number) => ({
  offset: (page - 1) * COMMENT_PAGE_SIZE,
  limit: COMMENT_PAGE_SIZE,
});
