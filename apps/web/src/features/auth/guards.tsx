import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSessionCheck } from './api.ts';
import { useAuth } from './auth-store.ts';
import { loginRedirectFor, RETURN_URL_PARAM, safeReturnUrl } from './return-url.ts';

/**
 * Signed-in routes. Signed-out users go to login with ReturnUrl set to the page they wanted; the
 * session check signs out on a 401, which brings them back here (spec §2, §4).
 */
export function RequireAuth() {
  const { authToken } = useAuth();
  const location = useLocation();
  useSessionCheck(authToken);
  if (!authToken) {
    return (
      <Navigate to={loginRedirectFor(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
  }
  return <Outlet />;
}

/** /authentication/*: a signed-in user goes on to ReturnUrl or '/' (spec §2). */
export function PublicOnly() {
  const { authToken } = useAuth();
  const [params] = useSearchParams();
  if (authToken) return <Navigate to={safeReturnUrl(params.get(RETURN_URL_PARAM))} replace />;
  return <Outlet />;
}
