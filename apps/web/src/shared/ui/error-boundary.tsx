import { MESSAGES } from '@formloop/domain';
import Button from 'antd/es/button';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** navigator.onLine, kept current by the browser's online/offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The error fallback screen (spec §2): 'Something went wrong.' with a Reload button, or 'Your
 * internet connection is offline.' when the browser is offline. It never suspends: when the
 * translations cannot load (offline, or the failure was in loading them) the English texts show.
 */
export function ErrorFallback() {
  const { t } = useTranslation('shell', { useSuspense: false });
  const online = useOnline();
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, fontWeight: 600 }}>
        {online
          ? t('errorBoundary.somethingWentWrong', { defaultValue: MESSAGES.somethingWentWrong })
          : t('errorBoundary.offline', { defaultValue: MESSAGES.offline })}
      </h1>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('errorBoundary.reload', { defaultValue: 'Reload' })}
      </Button>
    </div>
  );
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When any of these change (for example the route), a shown error is cleared and the children retried. */
  resetKeys?: readonly unknown[];
  /** Replaces the standard fallback screen; null draws nothing. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

const changed = (before: readonly unknown[] = [], after: readonly unknown[] = []): boolean =>
  before.length !== after.length || before.some((value, index) => !Object.is(value, after[index]));

/** Catches render failures below it and shows the error fallback screen instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for support: the screen itself stays generic on purpose.
    console.error('Render failure', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && changed(previous.resetKeys, this.props.resetKeys)) {
      this.setState({ error: null, failed: false });
    }
  }

  override render(): ReactNode {
    // fallback={null} is a real choice (draw nothing), so only a missing prop means the standard screen.
    if (this.state.failed) return this.props.fallback === undefined ? <ErrorFallback /> : this.props.fallback;
    return this.props.children;
  }
}
