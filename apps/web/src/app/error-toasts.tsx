import type { MessageInstance } from 'antd/es/message/interface';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onRequestError, type RequestErrorNotice } from '../shared/api/request-errors.ts';
import { translationOf } from '../shared/i18n/message-locations.ts';
import { MESSAGE_NAMESPACE, translateMessage } from '../shared/i18n/translate-message.ts';

const ErrorToastHost = lazy(() => import('./error-toast-host.tsx'));

/**
 * Shows the failures the HTTP client and the query cache report (spec §8) as error toasts. A toast
 * without a duration stays until it is clicked; the same text twice (a query's retries) is one toast.
 */
export function ErrorToasts() {
  // No suspending here: this sits above every page, and the texts are loaded when a toast is shown.
  const { i18n } = useTranslation(MESSAGE_NAMESPACE, { useSuspense: false });
  const [wanted, setWanted] = useState(false);
  const api = useRef<MessageInstance | null>(null);
  const waiting = useRef<RequestErrorNotice[]>([]);

  const show = useCallback(
    (target: MessageInstance, notice: RequestErrorNotice) => {
      const key = `request-error:${notice.message}`;
      const open = () =>
        void target.open({
          key,
          type: 'error',
          content: translateMessage(i18n.t, notice),
          duration: notice.duration ?? 0,
          onClick: () => target.destroy(key),
          style: { cursor: 'pointer' },
        });
      // A keyed message's text lives in its area's namespace, the others in the validation one; the
      // English text is shown if they cannot load.
      const where = notice.key ? translationOf(notice.key) : null;
      i18n.loadNamespaces([MESSAGE_NAMESPACE, ...(where ? [where.namespace] : [])]).then(open, open);
    },
    [i18n],
  );

  useEffect(
    () =>
      onRequestError((notice) => {
        if (api.current) show(api.current, notice);
        else {
          waiting.current.push(notice);
          setWanted(true);
        }
      }),
    [show],
  );

  const ready = useCallback(
    (instance: MessageInstance) => {
      api.current = instance;
      const pending = waiting.current;
      waiting.current = [];
      pending.forEach((notice) => show(instance, notice));
    },
    [show],
  );

  return wanted ? (
    <Suspense fallback={null}>
      <ErrorToastHost onReady={ready} />
    </Suspense>
  ) : null;
}
