import { RequireRole } from '../features/auth/guards.tsx';
import { ACCESS_RULES, type AccessLevel } from './route-access.ts';

/** The role guard of one level of spec §6; loads with the first signed-in page, not with login. */
export function AccessGuard({ level }: { level: AccessLevel }) {
  return <RequireRole allow={ACCESS_RULES[level]} />;
}
