import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore, syncAuthAcrossTabs } from '../features/auth/auth-store.ts';
import { configureHttp } from '../shared/api/http.ts';
import { FALLBACK_LANGUAGE, isAppLanguage } from '../shared/i18n/languages.ts';
import { ToastProvider } from '../shared/ui/toast.tsx';
import { defaultAntdLocale, loadAntdLocale } from './antd-locale.ts';
import { appTheme } from './theme.ts';

// The HTTP client reads the token from the auth store and signs out on a 401 (spec §8).
configureHttp({
  getToken: () => authStore.getState().authToken,
  onUnauthorized: () => authStore.signOut(),
});

/** antd's own texts (date pickers, pagination, empty states) follow the UI language. */
function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  const language = isAppLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const [locale, setLocale] = useState<Locale>(defaultAntdLocale);
  useEffect(() => {
    let live = true;
    loadAntdLocale(language).then(
      (value) => {
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
  useEffect(() => syncAuthAcrossTabs(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={appTheme}>
        <ToastProvider>{children}</ToastProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
