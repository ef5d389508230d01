import type { z } from 'zod';
import {
  msg,
  recordListConfigSchema,
  type RecordListConfig,
  type UserConfig,
  type applyConfigAllUserBodySchema,
  type setUserConfigBodySchema,
} from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { recordAppOr404 } from '../records/index.ts';
import * as repo from './record-list-config.repository.ts';
import { buildListQuery, listColumnsFor, type ListScope } from './record-query/list-query.ts';
import { callerOf } from './record-lists.service.ts';

// The record list's table configuration per user (spec §7 setuserconfig, applyconfigalluser):
// columns, page size, order and filters. A user's own configuration wins over the one a builder
// applied to every user of the app; applying copies the builder's own to everyone and clears the
// personal ones, so everyone sees it.

type SetBody = z.output<typeof setUserConfigBodySchema>;
type AppBody = z.output<typeof applyConfigAllUserBodySchema>;

const audit = auditorFor('record_list_config');

const parsed = (data: unknown): RecordListConfig | null => {
  const result = recordListConfigSchema.safeParse(data);
  return result.success ? result.data : null;
};

/** The caller's own configuration, else everyone's, else none. */
function visible(rows: repo.ConfigRow[], userId: string): UserConfig {
  const mine = rows.find((row) => row.userId === userId);
  if (mine) return { scope: 'user', data: parsed(mine.data) };
  const everyone = rows.find((row) => row.userId === null);
  if (everyone) return { scope: 'all', data: parsed(everyone.data) };
  return { scope: 'none', data: null };
}

/** 400 unless every column, order and filter names a list column and the filters' values suit them. */
function assertValid(definition: ModuleDefinition, scope: ListScope, config: RecordListConfig): void {
  const columns = listColumnsFor(definition, scope);
  const unknown = config.columns.find((name) => !columns.isSystem(name) && !columns.hasField(name));
  if (unknown !== undefined) {
    throw badRequest(msg('records.unknownField'), [fieldError(unknown, msg('records.unknownField'))]);
  }
  buildListQuery(
    definition,
    { page: 1, length: 10, search: '', orders: config.orders ?? [], filters: config.filters ?? [] },
    scope,
  );
}

/** What saving a configuration calls after the commit: its filters and sorts feed the index plan. */
export type OnConfigSaved = (tenantId: string, moduleId: string) => void;

export function createRecordListConfigService(db: TenantDb, onSaved: OnConfigSaved = () => {}) {
  return {
    /** GET getuserconfig: what the caller's list starts from. */
    async get(ctx: CallContext, auth: RequestAuth, query: AppBody): Promise<UserConfig> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { app } = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), query.moduleId);
        return visible(
          await repo.findConfigs(tx, ctx.tenantId, app.id, auth.userId, query.tabConfig),
          auth.userId,
        );
      });
    },

    /** PUT setuserconfig: the caller's own configuration of the app's list. */
    async set(ctx: CallContext, auth: RequestAuth, body: SetBody): Promise<UserConfig> {
      const saved = await db.inTenant(ctx.tenantId, async (tx) => {
        const { app, definition } = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), body.moduleId);
        assertValid(definition, { tenantId: ctx.tenantId, moduleId: app.id }, body.data);
        const before = await repo.findConfigs(tx, ctx.tenantId, app.id, auth.userId, body.tabConfig);
        await repo.upsertConfig(tx, ctx.tenantId, app.id, auth.userId, body.tabConfig, body.data);
        await audit(tx, ctx, auth, {
          entityId: app.id,
          action: 'user_config_saved',
          before: before.find((row) => row.userId === auth.userId)?.data ?? null,
          after: { tabConfig: body.tabConfig, data: body.data },
        });
        return { app: app.id, config: { scope: 'user' as const, data: body.data } };
      });
      onSaved(ctx.tenantId, saved.app);
      return saved.config;
    },

    /** POST applyconfigalluser (builders): the caller's configuration becomes everyone's. */
    async applyToAll(ctx: CallContext, auth: RequestAuth, body: AppBody): Promise<UserConfig> {
      const applied = await db.inTenant(ctx.tenantId, async (tx) => {
        const { app } = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), body.moduleId);
        const rows = await repo.findConfigs(tx, ctx.tenantId, app.id, auth.userId, body.tabConfig);
        const current = visible(rows, auth.userId);
        if (!current.data) throw badRequest(msg('records.noListConfig'));
        const previous = rows.find((row) => row.userId === null)?.data ?? null;
        await repo.upsertConfig(tx, ctx.tenantId, app.id, null, body.tabConfig, current.data);
        const cleared = await repo.deletePersonalConfigs(tx, ctx.tenantId, app.id, body.tabConfig);
        await audit(tx, ctx, auth, {
          entityId: app.id,
          action: 'config_applied_to_all',
          before: { tabConfig: body.tabConfig, data: previous, personalConfigs: cleared },
          after: { tabConfig: body.tabConfig, data: current.data },
        });
        return { app: app.id, config: { scope: 'all' as const, data: current.data } };
      });
      onSaved(ctx.tenantId, applied.app);
      return applied.config;
    },
  };
}
