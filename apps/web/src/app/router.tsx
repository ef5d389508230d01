import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { PublicOnly, RequireAuth } from '../features/auth/guards.tsx';
import { LOGIN_PATH } from '../features/auth/return-url.ts';
import { PageSpinner } from '../shared/ui/page-spinner.tsx';
import { RouteError } from './route-error.tsx';

// Every page is its own chunk, so the login route loads only what signing in needs.
const page = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(async () => ({ default: (await load())[name] }));

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
const HomePage = page(() => import('../features/home/pages/home-page.tsx'), 'HomePage');
const NotFoundPage = page(() => import('../features/errors/pages/not-found-page.tsx'), 'NotFoundPage');
const ForbiddenPage = page(() => import('../features/errors/pages/forbidden-page.tsx'), 'ForbiddenPage');

function Root() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** The public and sign-in routes of spec §2, and the signed-in home page. */
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
            ],
          },
        ],
      },
      // Spec §2: forgot-password "returns to /auth".
      { path: 'auth', element: <Navigate to={LOGIN_PATH} replace /> },
      { element: <AuthLayout />, children: [{ path: 'reset-password', element: <ResetPasswordPage /> }] },
      { path: 'logout', element: <LogoutPage /> },
      { path: '403', element: <ForbiddenPage /> },
      { path: '404', element: <NotFoundPage /> },
      { element: <RequireAuth />, children: [{ index: true, element: <HomePage /> }] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
