import { NOTIFICATION_REFRESH_DELAY_MS } from '@formloop/domain';
import type { QueryClient } from '@tanstack/react-query';
import { refreshNotifications } from '../shell/index.ts';
import { refreshModuleData } from './module-refresh.ts';
import type { NotificationPush } from './notification-push.ts';

export interface PushHandler {
  handle(push: NotificationPush): void;
  /** Drops the module refreshes still waiting (sign-out, unmount). */
  dispose(): void;
}

/**
 * What a pushed notice does (spec §4): it shows at once; the notification list, the bell's badge and
 * the Home badge are fetched again at once; 7.5 s later (spec §9) the module's lists, summary,
 * history and record refresh. Each notice schedules its own refresh, so none is lost to a later one.
 */
export function createPushHandler({
  queryClient,
  showNotice,
}: {
  queryClient: QueryClient;
  showNotice: (push: NotificationPush) => void;
}): PushHandler {
  const waiting = new Set<ReturnType<typeof setTimeout>>();
  return {
    handle(push) {
      showNotice(push);
      refreshNotifications(queryClient);
      const { moduleId, recordId } = push;
      if (!moduleId) return;
      const timer = setTimeout(() => {
        waiting.delete(timer);
        refreshModuleData(queryClient, moduleId, recordId);
      }, NOTIFICATION_REFRESH_DELAY_MS);
      waiting.add(timer);
    },
    dispose() {
      waiting.forEach((timer) => clearTimeout(timer));
      waiting.clear();
    },
  };
}
