import { msg } from '@formloop/contracts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isStorageKey } from '../../platform/files/file-storage.ts';
import { notFound } from '../../platform/http/errors.ts';
import { maySee, type AppCaller, findApp } from '../apps/index.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { mayDo, readsThroughTask } from '../records/index.ts';
import { findByKey, type StoredFileRow } from './files.repository.ts';

// Who may read and remove a stored file. Reading: its uploader, anyone who may see the app it
// belongs to (it is in that app's entries, or about to be), or an assignee of a task of its entry. Removing: the uploader while the file
// is not yet attached to an entry, or whoever may edit the app's entries. Everything else —
// another tenant's key, a malformed one, a file the caller may not read — is the same 404.

export const missingFile = () => notFound(msg('files.notFound'));

async function mayReadRow(tx: TenantTx, tenantId: string, caller: AppCaller, row: StoredFileRow) {
  if (row.uploadedBy === caller.userId) return true;
  if (!row.moduleId || !isUuid(row.moduleId)) return false;
  const app = await findApp(tx, tenantId, row.moduleId);
  if (app !== null && (await maySee(tx, tenantId, caller, app))) return true;
  // A file of an entry reached through a task of it (its assignee, without a grant on the app).
  return row.recordId !== null && (await readsThroughTask(tx, tenantId, caller, row.recordId));
}

/** The file's row when the caller may read it; 404 otherwise. Locked when about to change it. */
export async function readableFileOr404(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  key: string,
  lock = false,
): Promise<StoredFileRow> {
  const row = isStorageKey(key) ? await findByKey(tx, tenantId, key, lock) : null;
  if (!row || !(await mayReadRow(tx, tenantId, caller, row))) throw missingFile();
  return row;
}

/** Whether the caller may remove a file they may read. */
export async function mayRemove(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  row: StoredFileRow,
): Promise<boolean> {
  if (row.uploadedBy === caller.userId && row.recordId === null) return true;
  return row.moduleId !== null && (await mayDo(tx, tenantId, caller, row.moduleId, 'edit'));
}
