import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { PublicOnly } from '../features/auth/guards.tsx';
import { LOGIN_PATH } from '../features/auth/return-url.ts';
import { SSO_SETTINGS_PATH } from '../features/sso/paths.ts';
import type { AreaKey } from '../features/home/areas.ts';
import { isLoginHost } from '../features/public/login-host.ts';
import { LoadingScreen } from '../features/auth/components/loading-screen.tsx';
import { page } from './lazy-page.ts';
import { ROUTE_ACCESS, type AccessLevel } from './route-table.ts';

// Pages load lazily, so the login route loads only what signing in needs.
const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const MfaPage = page(() => import('../features/auth/pages/mfa-page.tsx'), 'MfaPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const LogoutPage = page(() => import('../features/auth/pages/logout-page.tsx'), 'LogoutPage');
// /authentication/sso: where a SAML or OpenID Connect sign-in comes back to ('Verifying...').
const SsoPage = page(() => import('../features/auth/pages/sso-page.tsx'), 'SsoPage');
// Small pages travel in groups: one chunk compresses better than five, and the login route's
// shared code then splits into fewer pieces.
const publicPages = () => import('../features/public/pages/public-pages.ts');
const DomainEntryPage = page(publicPages, 'DomainEntryPage');
const MaintenancePage = page(publicPages, 'MaintenancePage');
const MtdPage = page(publicPages, 'MtdPage');
const errorPages = () => import('../features/errors/pages/error-pages.ts');
const NotFoundPage = page(errorPages, 'NotFoundPage');
const ForbiddenPage = page(errorPages, 'ForbiddenPage');
const ErrorPage = page(errorPages, 'ErrorPage');
// The session check, the role rules, the launch-page choice and the not-yet-built page load with
// the first signed-in page.
const signedIn = () => import('./signed-in-elements.ts');
const RequireAuth = page(signedIn, 'RequireAuth');
const AccessGuard = page<'AccessGuard', { level: AccessLevel }>(signedIn, 'AccessGuard');
const RootRedirect = page(signedIn, 'RootRedirect');
// Every signed-in page is declared there too (area-pages.tsx): their lazy imports stay out of the
// login route's entry chunk.
const AreaPage = page<'AreaPage', { area: AreaKey }>(signedIn, 'AreaPage');
// The error screen is fetched just after the first page (see Root), so it is there when a later
// render fails, even offline; the sign-in page does not wait for it.
const errorScreen = () => import('../shared/ui/error-boundary.tsx');
const ErrorFallback = page(errorScreen, 'ErrorFallback');
// The application shell: top bar, sidebar, breadcrumbs and footer around every signed-in page.
const AppShell = page(() => import('../features/shell/app-shell.tsx'), 'AppShell');
// Single sign-on settings (issue 9): not a spec §2 route, so not in the route table; the page's module
// sends anyone but administrators and system administrators to /404, as the route guards do.
const SsoSettingsRoute = page(
  () => import('../features/sso/pages/sso-settings-page.tsx'),
  'SsoSettingsRoute',
);
/** A render failure anywhere: the error screen of spec §2. */
function RouteError() {
  return (
    <Suspense fallback={null}>
      <ErrorFallback />
    </Suspense>
  );
}

function Root() {
  useEffect(() => {
    // Offline now: the screen is fetched again on the first failure instead.
    errorScreen().catch(() => undefined);
  }, []);
  // Spec §2: the login host shows the domain-entry page instead of anything else.
  if (isLoginHost(window.location.hostname)) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <DomainEntryPage />
      </Suspense>
    );
  }
  // A render failure below shows the route error screen; the shell also catches its own pages'.
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

const ACCESS_ORDER: readonly AccessLevel[] = ['signedIn', 'builder', 'settings', 'sysAdmin'];

/** The signed-in routes of spec §2, one guard per role level of spec §6 (rules: route-access.ts). */
const signedInRoutes: RouteObject[] = ACCESS_ORDER.map((level) => ({
  element: <AccessGuard level={level} />,
  children: ROUTE_ACCESS.filter((entry) => entry.access === level).map((entry) => ({
    path: entry.path,
    element: <AreaPage area={entry.area} />,
    // The shell titles a page outside every menu by its area (features/shell/trail.ts).
    handle: { area: entry.area },
  })),
}));

/** The public, sign-in and signed-in routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'authentication',
        element: <PublicOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
              { path: 'login', element: <LoginPage /> },
              { path: 'mfa', element: <MfaPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'sso', element: <SsoPage /> },
            ],
          },
        ],
      },
      // Spec §2: forgot-password "returns to /auth".
      { path: 'auth', element: <Navigate to={LOGIN_PATH} replace /> },
      { element: <AuthLayout />, children: [{ path: 'reset-password', element: <ResetPasswordPage /> }] },
      { path: 'logout', element: <LogoutPage /> },
      { path: 'maintenance', element: <MaintenancePage /> },
      // Making Tax Digital placeholder: public, and linked from no menu (spec §2).
      { path: 'mtd', element: <MtdPage /> },
      { path: '403', element: <ForbiddenPage /> },
      { path: '404', element: <NotFoundPage /> },
      { path: 'error', element: <ErrorPage /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <RootRedirect /> },
          {
            element: <AppShell />,
            children: [...signedInRoutes, { path: SSO_SETTINGS_PATH, element: <SsoSettingsRoute /> }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
