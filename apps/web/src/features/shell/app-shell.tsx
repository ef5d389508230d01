import { MESSAGES } from '@formloop/domain';
import theme from 'antd/es/theme';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { loadUnkeyedTexts } from '../../shared/i18n/translate-message.ts';
import { useUserLanguageSync } from '../../shared/i18n/use-user-language.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { PageSpinner } from '../../shared/ui/page-spinner.tsx';
import { useTenantInfo } from './api.ts';
import { usePageFocus } from './hooks/use-page-focus.ts';
import { useSplash } from './hooks/use-splash.ts';
import { useOrganizationPreference } from '../../shared/organization/use-organization-preference.ts';
import { readSidebarCookie } from './hooks/use-sidebar-minimised.ts';
import {
  FULL_LAYOUT,
  LAYOUT_PARAM,
  MAIN_CONTENT_ID,
  PHONE_QUERY,
  SIDEBAR_MINIMISED_WIDTH,
  SIDEBAR_WIDTH,
  TOP_BAR_HEIGHT,
} from './shell-constants.ts';

const chrome = () => import('./shell-chrome.tsx');
const ShellHeader = lazy(async () => ({ default: (await chrome()).ShellHeader }));
const ShellSidebar = lazy(async () => ({ default: (await chrome()).ShellSidebar }));
const ShellBreadcrumbs = lazy(async () => ({ default: (await chrome()).ShellBreadcrumbs }));
const ShellFooter = lazy(async () => ({ default: (await chrome()).ShellFooter }));
const ScrollTopButton = lazy(async () => ({ default: (await chrome()).ScrollTopButton }));
const LoadingSplash = lazy(async () => ({ default: (await chrome()).LoadingSplash }));
const RealtimeConnection = lazy(async () => ({ default: (await chrome()).RealtimeConnection }));

/**
 * Spec §2: with ?layout=full on a back (POP) or replace navigation the page shows alone, without
 * top bar, sidebar or footer. A plain link (PUSH) with the parameter still gets the shell.
 */
export function useFullLayout(): boolean {
  const [params] = useSearchParams();
  const navigationType = useNavigationType();
  return params.get(LAYOUT_PARAM) === FULL_LAYOUT && navigationType !== 'PUSH';
}

/** Spec §6: a 403 on tenant info means the licence expired; /403 says so. */
function useLicenceCheck(): void {
  const { error } = useTenantInfo();
  const navigate = useNavigate();
  useEffect(() => {
    if (isApiError(error) && error.status === 403) {
      const message = error.message || MESSAGES.licenceExpired;
      void navigate(`/403?message=${encodeURIComponent(message)}`, { replace: true });
    }
  }, [error, navigate]);
}

function Page() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A piece of chrome: while it loads its place stays empty, and if it fails the page carries on without it. */
function Part({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  return (
    <ErrorBoundary fallback={placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The signed-in application shell (spec §1, §2): a react-router layout element that draws the
 * fixed top bar, the dark sidebar, the breadcrumb bar and the footer around the matched page.
 */
export function AppShell() {
  const { token } = theme.useToken();
  const full = useFullLayout();
  const splash = useSplash();
  const main = useRef<HTMLElement>(null);
  usePageFocus(main);
  useUserLanguageSync();
  useLicenceCheck();
  // Loads the organization's date formats and time zone once per sign-in (kept in local storage, spec §3),
  // so every page formats dates the organization's way from the first screen on.
  useOrganizationPreference();
  // Success answers carry no key: their texts are found in every area's catalogue, loaded here once.
  useEffect(() => {
    void loadUnkeyedTexts();
  }, []);
  // The live connection (spec §4, §7): beside the page in either layout, and never in its way.
  const live = (
    <Part>
      <RealtimeConnection />
    </Part>
  );
  if (full)
    return (
      <>
        <Page />
        {live}
      </>
    );

  // The sidebar's place while the chrome loads: none on a phone (it is a drawer there, spec §9 md).
  const phone = typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;
  const sidebarWidth = phone ? 0 : readSidebarCookie() ? SIDEBAR_MINIMISED_WIDTH : SIDEBAR_WIDTH;
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        background: token.colorBgLayout,
      }}
    >
      <Part placeholder={<div style={{ height: TOP_BAR_HEIGHT }} />}>
        <ShellHeader />
      </Part>
      <div style={{ display: 'flex', alignItems: 'flex-start', flex: 1 }}>
        <Part placeholder={<div style={{ width: sidebarWidth, flex: 'none' }} />}>
          <ShellSidebar />
        </Part>
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            flex: 1,
            minWidth: 0,
            alignSelf: 'stretch',
            minHeight: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
          }}
        >
          <Part>
            <ShellBreadcrumbs />
          </Part>
          <main
            ref={main}
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            style={{
              position: 'relative',
              flex: 1,
              padding: phone ? token.paddingSM : token.paddingLG,
              outline: 'none',
            }}
          >
            <Page />
            {splash ? (
              <Part>
                <LoadingSplash />
              </Part>
            ) : null}
          </main>
          <Part>
            <ShellFooter />
          </Part>
        </div>
      </div>
      <Part>
        <ScrollTopButton />
      </Part>
      {live}
    </div>
  );
}

export default AppShell;
