import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';

/** A plain full page for public notices (maintenance, Making Tax Digital): name, language, content. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: `${token.paddingSM}px ${token.paddingLG}px`,
          background: token.colorBgContainer,
        }}
      >
        <span style={{ fontSize: token.fontSizeHeading4, fontWeight: 600, color: token.colorPrimary }}>
          {t('appName')}
        </span>
        <LanguageSwitcher />
      </header>
      <main style={{ maxWidth: 720, margin: '0 auto', padding: token.paddingXL }}>{children}</main>
    </div>
  );
}
