import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/auth-store.ts';
import { loginRedirect } from './guards.tsx';
import { useSessionCheck } from './queries.ts';

// The session timers, the countdown modal and the licence check load with the first signed-in page.
const SignedInServices = lazy(() => import('./session/signed-in-services.tsx'));

/**
 * Signed-in routes. Signed-out users go to login with ReturnUrl set to the page they wanted; the
 * session check signs out on a 401, which brings them back here (spec §2, §4).
 */
export function RequireAuth() {
  const { authToken, signOutReason } = useAuth();
  const location = useLocation();
  useSessionCheck(authToken);
  if (!authToken) {
    return (
      <Navigate
        to={loginRedirect(`${location.pathname}${location.search}${location.hash}`, signOutReason)}
        replace
      />
    );
  }
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <SignedInServices />
      </Suspense>
    </>
  );
}
