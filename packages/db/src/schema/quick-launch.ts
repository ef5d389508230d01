import { index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { userIdColumn } from './identity.ts';
import { modules } from './apps.ts';

/**
 * Quick launch (spec §7 userpreference get/set quicklaunch, sortupdate; issue 24 item 10): the apps a
 * user pinned as tiles on /dashboard, in the user's order. Whether a tile still shows is decided when
 * it is read (the app must still be visible to the user and offered for quick launch); deleting the
 * app or the user deletes the tile.
 */
export const userQuickLaunch = pgTable(
  'user_quick_launch',
  {
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId] }),
    index('user_quick_launch_tenant_user_idx').on(t.tenantId, t.userId, t.orderIndex),
    index('user_quick_launch_module_idx').on(t.moduleId),
  ],
);
