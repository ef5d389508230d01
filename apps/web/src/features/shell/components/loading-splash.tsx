import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';

/** The splash over the page area: a spinner and a line of text. */
export function LoadingSplash() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      data-testid="loading-splash"
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 40,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: token.margin,
        background: token.colorBgLayout,
      }}
    >
      <Spin size="large" />
      <span style={{ color: token.colorTextSecondary }}>{t('splash')}</span>
    </div>
  );
}
