import type { AppMenuEntry } from '@formloop/contracts';
import { seesEveryMenu, type UserFlags } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { grantedResources } from '../access/index.ts';
import { visibleAppMenu } from './menu-tree.ts';
import * as repo from './menus.repository.ts';

/**
 * The stored menus one user sees, nested and in order. Read inside the caller's transaction and never
 * cached, so a role granted or withdrawn by an administrator shows on the user's very next request.
 */
export async function storedAppMenu(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  flags: UserFlags,
): Promise<AppMenuEntry[]> {
  const rows = await repo.listMenus(tx, tenantId);
  if (rows.length === 0) return [];
  const granted = seesEveryMenu(flags)
    ? new Set<string>()
    : await grantedResources(tx, tenantId, userId, 'view', 'menu:');
  return visibleAppMenu(rows, flags, granted);
}
