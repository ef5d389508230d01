// Who may open which signed-in route (spec §2 route lists, §6 roles): the route table (route-table.ts)
// names each route's level, and these rules decide each level from @formloop/domain's predicates.
// The router's guards use exactly these, and the test checks them route by route.
import { canUseBuilder, canUseSettings, isSystemAdminOnly, type UserFlags } from '@formloop/domain';
import { ROUTE_ACCESS, type AccessLevel } from './route-table.ts';

export { ROUTE_ACCESS, type AccessLevel, type RouteAccess } from './route-table.ts';

export const ACCESS_RULES: Readonly<Record<AccessLevel, (flags: UserFlags) => boolean>> = {
  /** All signed-in users. */
  signedIn: () => true,
  /** Full users and consultants. */
  builder: canUseBuilder,
  /** System administrators, administrators and consultants. */
  settings: canUseSettings,
  /** System administrators only. */
  sysAdmin: isSystemAdminOnly,
};

/** Whether a user with these flags may open the route with this pattern; unknown patterns: no. */
export function canOpenRoute(path: string, flags: UserFlags): boolean {
  const entry = ROUTE_ACCESS.find((candidate) => candidate.path === path);
  return entry !== undefined && ACCESS_RULES[entry.access](flags);
}
