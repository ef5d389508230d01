// The permission matrix of /settings/roles-permissions (spec §1 "roles", §6). A role grants actions on
// resources; a user holds roles; the server checks the grants. The resource names are ours:
//
//   menu:{menuId}   view                         a stored application menu entry (/settings/menu)
//   app:{moduleId}  view, create, edit, delete   an app and its records (arrives with the app builder)
//
// The user kind is the ceiling the spec fixes (§6); roles decide within it. Users with the settings
// access (system administrators, administrators, consultants) manage menus and roles, so they see
// every menu whatever their roles say.

import type { UserFlags } from '../users/user-kinds.ts';
import { canUseSettings } from '../users/user-kinds.ts';

export const PERMISSION_ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const RESOURCE_KINDS = ['menu', 'app'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** The actions a matrix row of each resource kind offers. */
export const ACTIONS_BY_RESOURCE_KIND: Readonly<Record<ResourceKind, readonly PermissionAction[]>> = {
  menu: ['view'],
  app: ['view', 'create', 'edit', 'delete'],
};

export const menuResource = (menuId: string): string => `menu:${menuId}`;
export const appResource = (moduleId: string): string => `app:${moduleId}`;

/** Splits `menu:{id}` into its kind and id; null for anything that is not a known resource. */
export function parseResource(resource: string): { kind: ResourceKind; id: string } | null {
  const colon = resource.indexOf(':');
  if (colon <= 0) return null;
  const kind = resource.slice(0, colon);
  const id = resource.slice(colon + 1);
  if (!id || !(RESOURCE_KINDS as readonly string[]).includes(kind)) return null;
  return { kind: kind as ResourceKind, id };
}

/** Whether an action may appear in a matrix row for the resource (e.g. no 'delete' on a menu). */
export function isActionOf(resource: string, action: string): boolean {
  const parsed = parseResource(resource);
  return parsed !== null && (ACTIONS_BY_RESOURCE_KIND[parsed.kind] as readonly string[]).includes(action);
}

/** Settings roles see every stored menu; everyone else sees show_on_seed entries and what their roles grant. */
export function seesEveryMenu(flags: UserFlags): boolean {
  return canUseSettings(flags);
}

/**
 * Whether a user may see a menu entry. A group is shown when it is itself visible, or when any entry
 * below it is (a granted link inside an ungranted group would be unreachable otherwise).
 */
export function menuVisible(
  entry: { id: string; showOnSeed: boolean },
  flags: UserFlags,
  granted: ReadonlySet<string>,
): boolean {
  return seesEveryMenu(flags) || entry.showOnSeed || granted.has(menuResource(entry.id));
}
