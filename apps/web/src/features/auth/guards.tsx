import { LOGIN_STATUS_PARAM, MESSAGES, loginStatusKey, type UserFlags } from '@formloop/domain';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-store.ts';
import { LOGIN_PATH, loginRedirectFor, RETURN_URL_PARAM, safeReturnUrl } from './return-url.ts';

/** Query parameter the login page shows as its status banner (spec §2). */
export const STATUS_PARAM = LOGIN_STATUS_PARAM;

/**
 * Where a signed-out visitor of `wanted` goes: login, with ReturnUrl set to the wanted page, and the
 * reason of the last sign-out as its status key. After an explicit logout there is nothing to return to.
 */
export function loginRedirect(wanted: string, reason: string | null): string {
  const status = loginStatusKey(reason);
  if (reason === MESSAGES.loggedOut) return `${LOGIN_PATH}?${STATUS_PARAM}=${status}`;
  const target = loginRedirectFor(wanted);
  if (!status) return target;
  return `${target}${target.includes('?') ? '&' : '?'}${STATUS_PARAM}=${status}`;
}

/** Pages for some roles only (spec §6): anyone else is sent to /404. */
export function RequireRole({ allow }: { allow: (flags: UserFlags) => boolean }) {
  const { config } = useAuth();
  if (!config || !allow(config)) return <Navigate to="/404" replace />;
  return <Outlet />;
}

/** /authentication/*: a signed-in user goes on to ReturnUrl or '/' (spec §2). */
export function PublicOnly() {
  const { authToken } = useAuth();
  const [params] = useSearchParams();
  if (authToken) return <Navigate to={safeReturnUrl(params.get(RETURN_URL_PARAM))} replace />;
  return <Outlet />;
}
