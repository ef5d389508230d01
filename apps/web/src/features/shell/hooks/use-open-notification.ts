import type { Notification } from '@formloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notificationDetailQuery, useMarkNotificationRead } from '../api.ts';
import { notificationTarget } from '../format.ts';
import { NOTIFICATIONS_PATH } from '../shell-constants.ts';

/** Where a pushed notice leads, known before its stored notification is read. */
export interface PushedNotificationRef {
  notificationId: string | null;
  moduleId: string | null;
  recordId: string | null;
}

const fallbackTarget = ({ moduleId, recordId }: PushedNotificationRef): string =>
  moduleId && recordId
    ? `/item-editor/${encodeURIComponent(moduleId)}/${encodeURIComponent(recordId)}`
    : NOTIFICATIONS_PATH;

/**
 * Opening a notification, the same from the dropdown, /notifications and a pushed notice (spec §2,
 * §4): an unread one is marked read (the badge goes down), then its record opens (at its task), or
 * /notifications/{id} when it has none.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMarkNotificationRead();

  const open = useCallback(
    (notification: Notification) => {
      if (!notification.read_on) markRead(notification.id);
      void navigate(notificationTarget(notification));
    },
    [markRead, navigate],
  );

  /**
   * A push names the notification but not its task, so the stored notification is read first to
   * open the record at its task. If that read fails the record (or the list) opens all the same.
   */
  const openPushed = useCallback(
    async (pushed: PushedNotificationRef) => {
      const id = pushed.notificationId;
      if (!id) return void navigate(fallbackTarget(pushed));
      try {
        // No retries: the person clicked and waits; a failure opens the fallback at once.
        open(await queryClient.fetchQuery({ ...notificationDetailQuery(id), retry: false }));
      } catch {
        markRead(id);
        void navigate(fallbackTarget(pushed));
      }
    },
    [markRead, navigate, open, queryClient],
  );

  return { open, openPushed };
}
