import {
  msg,
  type LookupAssigneeItem,
  type PermissibleField,
  type WorkflowShare,
  type lookupAssigneeByRecordQuerySchema,
  type lookupAssigneeQuerySchema,
  type permissibleFieldsQuerySchema,
} from '@formloop/contracts';
import { effectiveControl, selectableActivities } from '@formloop/domain';
import { exportDefinition, parseDefinition } from '@formloop/workflow';
import type { z } from 'zod';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { badField, notFound } from '../../platform/http/errors.ts';
import { appOr404, maySee } from '../apps/index.ts';
import { lookupActiveUsers } from '../app-settings/index.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { appOfRecord, draftOpenTo, recordAppOr404 } from '../records/index.ts';
import { findRecordStub, lookupRoles, lookupTeams, takesPartIn } from './task-lookups.repository.ts';

// The workflow's lookups (spec §7 "Scheduler, workflow, lookups"): the designer's approver picker,
// the reassign dialog's people, an activity's field permissions and a workflow to share.

/** Most matches of each kind a search answers (users, teams, roles). */
export const LOOKUP_LIMIT = 50;

const recordMissing = () => notFound(msg('records.recordNotFound'));

/** The UUIDs of a comma-separated id list, lower-cased and each once; anything else names nobody. */
function parseIds(text: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(isUuid);
  return [...new Set(ids)];
}

export function createTaskLookupService(db: TenantDb) {
  return {
    /**
     * LookupAssignee: active users, teams and roles matching `search` (at most 50 of each), users
     * first, each kind by name; with `ids`, only those of them that still exist (users: and are
     * active), however many. Teams and roles say how many active users they hold (`members`).
     */
    async lookupAssignee(
      ctx: CallContext,
      query: z.output<typeof lookupAssigneeQuerySchema>,
    ): Promise<LookupAssigneeItem[]> {
      const search = (query.search ?? '').trim();
      const ids = query.ids === undefined ? undefined : parseIds(query.ids);
      if (ids && ids.length === 0) return [];
      const limit = ids ? ids.length : LOOKUP_LIMIT;
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const users = await lookupActiveUsers(tx, ctx.tenantId, { search, ids, offset: 0, limit });
        const teams = await lookupTeams(tx, ctx.tenantId, { search, ids, limit });
        const roles = await lookupRoles(tx, ctx.tenantId, { search, ids, limit });
        return [
          ...users.rows.map((user) => ({
            approver_id: user.id,
            type: 'user' as const,
            name: user.fullname,
            email: user.email,
          })),
          ...teams.map((team) => ({
            approver_id: team.id,
            type: 'team' as const,
            name: team.name,
            members: Number(team.members),
          })),
          ...roles.map((role) => ({
            approver_id: role.id,
            type: 'role' as const,
            name: role.name,
            members: Number(role.members),
          })),
        ];
      });
    },

    /**
     * LookupAssigneeByRecord: active users a task of the record may be given to — anyone active: an
     * assignee reaches the task and its entry without a grant on the app (ADR 0003) — matching
     * `search`, at most 50, by name. The record must be the caller's to see (its app visible to them,
     * or they take part in its workflow); otherwise, and for other tenants' and malformed ids, 404.
     */
    async lookupByRecord(
      ctx: CallContext,
      auth: RequestAuth,
      query: z.output<typeof lookupAssigneeByRecordQuerySchema>,
    ): Promise<LookupAssigneeItem[]> {
      const recordId = query.recordId.toLowerCase();
      if (!isUuid(recordId)) throw recordMissing();
      return db.readInTenant(ctx.tenantId, async (tx) => {
        // The query names only the record: its app first (every other statement on records names it).
        const moduleId = await appOfRecord(tx, ctx.tenantId, recordId);
        const record = moduleId ? await findRecordStub(tx, ctx.tenantId, moduleId, recordId) : null;
        if (!record) throw recordMissing();
        const app = await appOr404(tx, ctx.tenantId, record.module_id);
        const visible =
          ((await maySee(tx, ctx.tenantId, auth, app)) && draftOpenTo(auth, record)) ||
          (await takesPartIn(tx, ctx.tenantId, record, auth.userId));
        if (!visible) throw recordMissing();
        const users = await lookupActiveUsers(tx, ctx.tenantId, {
          search: query.search,
          ids: undefined,
          offset: 0,
          limit: LOOKUP_LIMIT,
        });
        return users.rows.map((user) => ({
          approver_id: user.id,
          type: 'user' as const,
          name: user.fullname,
          email: user.email,
        }));
      });
    },

    /**
     * permissible-fields: every field of the published form with its control level at the activity
     * (fs-start, fs-complete or a task activity of the published workflow; another id: 400). The app
     * must be published and visible to the caller (404 like records).
     */
    async permissibleFields(
      ctx: CallContext,
      auth: RequestAuth,
      query: z.output<typeof permissibleFieldsQuerySchema>,
    ): Promise<PermissibleField[]> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { app, definition } = await recordAppOr404(tx, ctx.tenantId, auth, query.moduleId);
        const workflow = parseDefinition(app.workflowPublished);
        const activities = selectableActivities(workflow?.activities ?? []);
        if (!activities.some((activity) => activity.activityId === query.activityId)) {
          throw badField('activityId', msg('workflowLookups.unknownActivity'));
        }
        return definition.fieldGroups.flatMap((group) =>
          (group.fields ?? [])
            .filter((field) => typeof field.name === 'string' && field.name !== '')
            .map((field) => ({
              name: field.name,
              label: String(field.label || field.fieldName || field.name),
              groupName: group.name,
              control: effectiveControl(definition.permission, query.activityId, group.name, field.name),
            })),
        );
      });
    },

    /** share: the published workflow as the Elsa 2 export (null when none), for builders (route). */
    async share(ctx: CallContext, moduleId: string): Promise<WorkflowShare> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const app = await appOr404(tx, ctx.tenantId, moduleId);
        const workflow = parseDefinition(app.workflowPublished);
        return {
          moduleId: app.id,
          displayName: app.displayName,
          moduleVersion: app.moduleVersion,
          workflow: workflow ? exportDefinition(workflow) : null,
        };
      });
    },
  };
}
