import { MESSAGES } from '@formloop/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import theme from 'antd/es/theme';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore } from '../shared/auth/auth-store.ts';
import { configureHttp } from '../shared/api/http.ts';
import { FALLBACK_LANGUAGE, isAppLanguage } from '../shared/i18n/languages.ts';
import { applyColorScheme, currentColorScheme, useColorScheme } from '../shared/ui/color-scheme.ts';
import { ToastProvider } from '../shared/ui/toast.tsx';
import { applyDayjsLocale, defaultAntdLocale, loadAntdLocale } from './antd-locale.ts';
import { appThemeFor } from './theme.ts';
import './color-scheme.css';
import './touch-targets.css';

// Neither is needed to show the first page, so both load just after it (the login route stays small).
const ErrorToasts = lazy(async () => ({ default: (await import('./error-toasts.tsx')).ErrorToasts }));

/** Keeps this tab's sign-in in step with the other tabs (auth-sync.ts); returns the stop function. */
function useAuthSync(queryClient: QueryClient): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void import('../features/auth/auth-sync.ts').then(({ startAuthSync }) => {
      // Another tab's logout also drops this tab's cached data of that session.
      if (live) stop = startAuthSync({ onRemoteSignOut: () => queryClient.clear() });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [queryClient]);
}

// The HTTP client reads the token from the auth store and signs out on a 401 (spec §8): the session
// is gone, so the login page says 'Your session has expired'.
configureHttp({
  getToken: () => authStore.getState().authToken,
  onUnauthorized: () => authStore.signOut(MESSAGES.sessionExpired),
});

// The page is marked with its colour scheme before the first render, so it never flashes the other one.
if (typeof document !== 'undefined') applyColorScheme(currentColorScheme());

/**
 * The colour scheme (issue 25 item 8): the user's choice or the system's, followed live. The document
 * root carries it (data-theme, color-scheme) for plain CSS and the browser's own controls.
 */
function useAppColorScheme() {
  const scheme = useColorScheme();
  useLayoutEffect(() => applyColorScheme(scheme), [scheme]);
  return scheme;
}

/** The theme's page colours as CSS variables, for color-scheme.css (body text, plain links). */
function PageColours() {
  const { token } = theme.useToken();
  const { colorText, colorBgLayout, colorLink } = token;
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--formloop-color-text', colorText);
    root.setProperty('--formloop-color-bg-layout', colorBgLayout);
    root.setProperty('--formloop-color-link', colorLink);
  }, [colorText, colorBgLayout, colorLink]);
  return null;
}

/**
 * antd's own texts (date pickers, pagination, empty states) and dayjs's month and day names follow
 * the UI language; both switch together, before the new antd locale is applied.
 */
function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  const language = isAppLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const [locale, setLocale] = useState<Locale>(defaultAntdLocale);
  useEffect(() => {
    let live = true;
    Promise.all([loadAntdLocale(language), applyDayjsLocale(language)]).then(
      ([value]) => {
        if (live) setLocale(value);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return locale;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const locale = useAntdLocale();
  const scheme = useAppColorScheme();
  useAuthSync(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={appThemeFor(scheme)}>
        <PageColours />
        <ToastProvider>
          <Suspense fallback={null}>
            <ErrorToasts />
          </Suspense>
          {children}
        </ToastProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
