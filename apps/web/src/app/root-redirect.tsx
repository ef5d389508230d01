import { LAUNCH_PAGE_ROUTES, rootRouteFor } from '@formloop/domain';
import { Navigate } from 'react-router';
import { useAuth } from '../shared/auth/auth-store.ts';

/**
 * '/' (spec §2): the task list, or for full users and administrators the page their launch_page
 * preference names (dashboard&reports → /dashboard, quickreport → /inquiry, apps → /applications).
 */
export function RootRedirect() {
  const { config } = useAuth();
  const target = config
    ? rootRouteFor(config, config.userInfo.preference?.launch_page)
    : LAUNCH_PAGE_ROUTES.home;
  return <Navigate to={target} replace />;
}
