// Where the root route / sends a signed-in user (spec §2): /tasks, unless the launch page
// preference applies to them and names another page.
import { LAUNCH_PAGE_ROUTES, LAUNCH_PAGE_TYPES, type LaunchPageType } from '../constants.ts';
import { launchPageApplies, type UserFlags } from './user-kinds.ts';

export function isLaunchPageType(value: unknown): value is LaunchPageType {
  return typeof value === 'string' && (LAUNCH_PAGE_TYPES as readonly string[]).includes(value);
}

/** The user preference's launch_page is an object with a type; older data may hold the bare type. */
export type LaunchPagePreference = { type?: string | null } | string | null | undefined;

/** The launch page type a preference names, or null when it names none we know. */
export function launchPageTypeOf(preference: LaunchPagePreference): LaunchPageType | null {
  const type = typeof preference === 'string' ? preference : preference?.type;
  return isLaunchPageType(type) ? type : null;
}

/** The route for '/': the launch page's route when the preference applies, '/tasks' otherwise. */
export function rootRouteFor(flags: UserFlags, preference: LaunchPagePreference): string {
  const type = launchPageTypeOf(preference);
  if (type === null || !launchPageApplies(flags)) return LAUNCH_PAGE_ROUTES.home;
  return LAUNCH_PAGE_ROUTES[type];
}
