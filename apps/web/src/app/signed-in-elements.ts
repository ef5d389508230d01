// What every signed-in page needs besides the shell, as one chunk loaded after sign-in.
export { RequireAuth } from '../features/auth/require-auth.tsx';
export { AreaNotBuiltPage } from '../features/home/pages/area-not-built-page.tsx';
export { AccessGuard } from './access-guard.tsx';
export { RootRedirect } from './root-redirect.tsx';
export { AreaPage } from './area-pages.tsx';
