import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';

/**
 * The wait while a page or its translations load. A plain animated SVG rather than antd's Spin: the
 * sign-in route shows it first thing, and Spin's code would count against the route's size budget.
 */
export function LoadingScreen() {
  // Never suspends: it is what shows while something else suspends.
  const { t } = useTranslation('common', { useSuspense: false });
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      aria-label={t('loading')}
      style={{ display: 'flex', minHeight: '60vh', alignItems: 'center', justifyContent: 'center' }}
    >
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r="16" fill="none" stroke={token.colorFillSecondary} strokeWidth="4" />
        <path
          d="M20 4 a16 16 0 0 1 16 16"
          fill="none"
          stroke={token.colorPrimary}
          strokeWidth="4"
          strokeLinecap="round"
        >
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 20 20"
            to="360 20 20"
            dur="0.8s"
            repeatCount="indefinite"
          />
        </path>
      </svg>
    </div>
  );
}
