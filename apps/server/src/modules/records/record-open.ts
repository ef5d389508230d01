import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { taskAtRecord } from '../workflow/index.ts';
import { recordAppAccess, versionDefinition } from './record-access.ts';
import { activityOf, recordMissing, recordOfApp } from './record-views.ts';
import { appOfRecord } from './records.repository.ts';

/**
 * Opens one record as its caller may see it — the reading of the record's detail and of its printout:
 * the route names only the record, so its app first (every other statement on records names it);
 * through a task only with that task (its assignee sees the record at its activity, no other way);
 * a missing, malformed, other tenant's or unreadable record is the same 404.
 */
export async function openRecord(
  tx: TenantTx,
  tenantId: string,
  auth: RequestAuth,
  recordId: string,
  taskId?: string,
) {
  const id = recordId.toLowerCase();
  const moduleId = isUuid(id) ? await appOfRecord(tx, tenantId, id) : null;
  if (!moduleId) throw recordMissing();
  const access = await recordAppAccess(tx, tenantId, auth, moduleId, taskId && id);
  const row = await recordOfApp(tx, tenantId, auth, access, id, false);
  const version = Number(row.module_version);
  const definition = await versionDefinition(tx, tenantId, access, version);
  // Opened at a task its assignee can act on: the task's activity decides what shows and what may
  // change (the task itself is the permission); otherwise the record's own activity.
  const task = taskId ? await taskAtRecord(tx, tenantId, auth.userId, row.id, taskId) : null;
  if (access.throughTask && !task?.assignee) throw recordMissing();
  const atTask = task !== null && (task.actionable || access.throughTask === true);
  const activityId = atTask ? task.activityId : activityOf(row);
  return { access, row, version, definition, task, activityId };
}
