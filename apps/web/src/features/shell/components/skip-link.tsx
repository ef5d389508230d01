import theme from 'antd/es/theme';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../shared/ui/visually-hidden.ts';
import { MAIN_CONTENT_ID } from '../shell-constants.ts';

/**
 * WCAG 2.4.1 (bypass blocks): the first stop of the keyboard, drawn only while it has focus, takes
 * focus past the top bar and the sidebar to the page.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const shown: CSSProperties = {
    position: 'fixed',
    top: token.paddingXS,
    left: token.paddingXS,
    zIndex: 2000,
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 44,
    padding: `0 ${token.padding}px`,
    background: token.colorBgContainer,
    color: token.colorLink,
    border: `2px solid ${token.colorPrimary}`,
    borderRadius: token.borderRadius,
    fontWeight: 600,
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={focused ? shown : VISUALLY_HIDDEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('topBar.skipToContent')}
    </a>
  );
}
