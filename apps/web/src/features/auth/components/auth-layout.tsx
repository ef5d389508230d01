import theme from 'antd/es/theme';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { LoadingScreen } from './loading-screen.tsx';

/** The frame around every sign-in page: product name, language picker, and the page's card. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </AuthFrame>
  );
}

/** The card itself, for public pages that are not routes of their own (the domain-entry page). */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: token.paddingLG,
        background: token.colorBgLayout,
      }}
    >
      <section
        style={{
          width: 420,
          maxWidth: '100%',
          padding: token.paddingXL,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            marginBottom: token.marginLG,
          }}
        >
          <span style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorPrimary }}>
            {t('appName')}
          </span>
          <LanguageSwitcher />
        </header>
        {children}
      </section>
    </main>
  );
}

/** A page heading inside the auth card. */
export function AuthTitle({ children }: { children: string }) {
  const { token } = theme.useToken();
  return (
    <h1 style={{ fontSize: token.fontSizeHeading4, margin: `0 0 ${token.marginMD}px`, fontWeight: 600 }}>
      {children}
    </h1>
  );
}
