import { PROGRESS_BAR_STEP, PROGRESS_BAR_STEP_MS } from '@formloop/domain';
import theme from 'antd/es/theme';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

const FULL = 100;

/**
 * Spec §2, §9: on every route change a thin bar grows by 10 % every 30 ms, and the page scrolls
 * back to the top. The first render is not a change, so nothing animates on arrival.
 */
export function RouteProgress() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const [progress, setProgress] = useState<number | null>(null);
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0 });
    let value = 0;
    setProgress(value);
    let hide: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      value = Math.min(FULL, value + PROGRESS_BAR_STEP);
      setProgress(value);
      if (value >= FULL) {
        clearInterval(timer);
        // Let the full bar show for one more step before it goes.
        hide = setTimeout(() => setProgress(null), PROGRESS_BAR_STEP_MS);
      }
    }, PROGRESS_BAR_STEP_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(hide);
    };
  }, [pathname]);

  if (progress === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('progress')}
      aria-valuemin={0}
      aria-valuemax={FULL}
      aria-valuenow={progress}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1100,
        height: 3,
        width: `${progress}%`,
        background: token.colorPrimary,
        transition: `width ${PROGRESS_BAR_STEP_MS}ms linear`,
        pointerEvents: 'none',
      }}
    />
  );
}
