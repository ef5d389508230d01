import notification from 'antd/es/notification';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { authStore, useAuth } from '../../shared/auth/auth-store.ts';
import { useNotificationWords } from '../notifications/index.ts';
import { refreshDashboardCards } from '../dashboard/index.ts';
import { refreshNotifications, useOpenNotification } from '../shell/index.ts';
import type { NotificationPush } from './notification-push.ts';
import { createPushHandler } from './push-handler.ts';
import { createSignalRConnection, openTaskHub, type CreateTaskHubConnection } from './task-hub.ts';

export interface RealtimeConnectionProps {
  /** Makes the hub connection; the real SignalR client unless a test passes its own. */
  createConnection?: CreateTaskHubConnection;
}

let noticeCount = 0;

/**
 * Shows pushed notices as antd notifications in the UI language (the type's sentence, the content
 * when the type is unknown); clicking one opens it like the dropdown does.
 */
function useNoticeToasts() {
  const [api, holder] = notification.useNotification({ placement: 'topRight' });
  const words = useNotificationWords();
  const { openPushed } = useOpenNotification();

  const show = (push: NotificationPush) => {
    noticeCount += 1;
    const key = push.notificationId ?? `notice-${noticeCount}`;
    const note = push.params.message?.trim();
    api.open({
      key,
      type: 'info',
      title: words.kind(push.type),
      description: (
        <>
          <span style={{ display: 'block' }}>{words.text(push)}</span>
          {note ? <q style={{ display: 'block', marginTop: 4 }}>{note}</q> : null}
        </>
      ),
      style: { cursor: 'pointer' },
      props: { 'data-testid': 'realtime-notice' },
      onClick: () => {
        api.destroy(key);
        void openPushed(push);
      },
    });
  };
  return { show, holder };
}

function Connection({ createConnection = createSignalRConnection }: RealtimeConnectionProps) {
  const { authToken, user } = useAuth();
  const userId = user?.uid ?? null;
  const queryClient = useQueryClient();
  const toasts = useNoticeToasts();

  // The connection outlives renders; it shows notices with this render's words and navigation.
  const showNotice = useRef(toasts.show);
  useEffect(() => {
    showNotice.current = toasts.show;
  });

  // Refreshes still waiting survive a reconnect with a refreshed token; they end with the session.
  const pushes = useMemo(
    () => createPushHandler({ queryClient, showNotice: (push) => showNotice.current(push) }),
    [queryClient],
  );
  useEffect(() => () => pushes.dispose(), [pushes]);

  // One connection per token: after a refresh it reconnects with the new token, so it never rests on
  // one that is about to expire or was revoked; signing out closes it.
  useEffect(() => {
    if (!authToken || !userId) return undefined;
    return openTaskHub(
      createConnection,
      { userId, accessToken: () => authStore.getState().authToken ?? '' },
      {
        onNotification: (push) => pushes.handle(push),
        // Pushes sent while the connection was down were missed: catch up on the list and badges.
        onReconnected: () => refreshNotifications(queryClient),
        // Open dashboards show the changed apps' figures (issue 24 item 12).
        onAppsChanged: (moduleIds) => refreshDashboardCards(queryClient, moduleIds),
      },
    );
  }, [authToken, userId, createConnection, pushes, queryClient]);

  return toasts.holder;
}

/**
 * The signed-in user's live connection (spec §4, §7): pushed notifications show at once, refresh
 * the notification list and badges, and refresh the module's data 7.5 s later. Mounted beside every
 * signed-in page; waits for its translations without holding anything else up.
 */
export function RealtimeConnection(props: RealtimeConnectionProps) {
  return (
    <Suspense fallback={null}>
      <Connection {...props} />
    </Suspense>
  );
}
