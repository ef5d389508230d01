import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

/** Toasts (antd message): short notices that survive a page change. */
export interface Toast {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

const ToastContext = createContext<Toast | null>(null);

// antd's message machinery loads on the first toast, not with the sign-in page.
const ToastHost = lazy(() => import('./toast-host.tsx'));

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Mount above the routes that show toasts; lighter than antd's App (no modal, no notification up front). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [ready] = useState(() => deferred<MessageInstance>());
  const toast = useMemo<Toast>(() => {
    let next = 0;
    const show = (kind: keyof Toast) => (text: string) => {
      setWanted(true);
      void ready.promise.then((api) => {
        if (kind !== 'error') return void api[kind](text);
        // Spec §8: an error toast without a duration stays until it is clicked.
        const key = `toast-error-${(next += 1)}`;
        void api.open({ key, type: 'error', content: text, duration: 0, onClick: () => api.destroy(key) });
      });
    };
    return { success: show('success'), error: show('error'), info: show('info') };
  }, [ready]);
  return (
    <ToastContext.Provider value={toast}>
      {wanted ? (
        <Suspense fallback={null}>
          <ToastHost onReady={ready.resolve} />
        </Suspense>
      ) : null}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider above it');
  return toast;
}
