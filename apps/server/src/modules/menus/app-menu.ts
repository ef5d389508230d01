import type { AppMenuEntry } from '@formloop/contracts';
import { canUseSettings, type flagsForKind } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { storedAppMenu } from './menu-sidebar.ts';

type Flags = ReturnType<typeof flagsForKind>;

/**
 * The built-in areas a user may open, as the application menu list of spec §3. Stored, editable menus
 * (/settings/menu) follow them: see appMenuFor.
 */
export function builtInAppMenu(flags: Flags): AppMenuEntry[] {
  const entry = (id: string, title: string, href: string, icon: string): AppMenuEntry => ({
    id,
    title,
    href,
    icon,
    items: [],
    disabled: false,
  });
  const menu = [entry('home', 'Home', '/tasks', 'home'), entry('apps', 'Apps', '/applications', 'appstore')];
  if (canUseSettings(flags)) menu.push(entry('settings', 'Settings', '/settings', 'setting'));
  return menu;
}

/**
 * A user's whole application menu list: the built-in entries, then the stored menus they may see,
 * nested and in order. The session token's config.appMenu and GET /api/sys/permissions/menu/sidebar
 * both come from here, so the two always agree.
 */
export async function appMenuFor(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  flags: Flags,
): Promise<AppMenuEntry[]> {
  return [...builtInAppMenu(flags), ...(await storedAppMenu(tx, tenantId, userId, flags))];
}
