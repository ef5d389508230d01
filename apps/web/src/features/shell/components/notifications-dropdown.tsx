import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import type { Notification } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { reportRequestError } from '../../../shared/api/request-errors.ts';
import { CountBadge } from '../../../shared/ui/count-badge.tsx';
import { unreadOf, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api.ts';
import { formatCount, notificationTarget } from '../format.ts';
import { NotificationList } from './notification-list.tsx';

// The bell has room for two digits; the exact count is in the badge's label.
const BELL_BADGE_MAX = 99;

/**
 * Spec §8: a failed 'load more' shows the server's message, or the request error's, in an error
 * toast (the app's error toasts stay until clicked). A broken connection or a timeout was already
 * toasted by the HTTP client, and a 401 signs the user out, so those are not repeated.
 */
export function reportLoadMoreFailure(error: unknown): void {
  if (isApiError(error) && [0, 401, 504].includes(error.status)) return;
  const message = error instanceof Error ? error.message.trim() : '';
  reportRequestError({ message: message || MESSAGES.queryFailed });
}

/** The bell with its unread badge and the notifications dropdown (spec §2, §4, §8). */
export function NotificationsDropdown() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = unreadOf(query.data);
  const items = query.data?.pages.flatMap((page) => page.notif) ?? [];

  const changeOpen = (next: boolean) => {
    setOpen(next);
    // The list is cached without expiry (spec §9); opening the dropdown is when fresh news matters.
    if (next && query.isSuccess && !query.isFetching) void query.refetch();
  };

  const openNotification = (notification: Notification) => {
    setOpen(false);
    if (!notification.read_on) markRead.mutate(notification.id);
    void navigate(notificationTarget(notification));
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) reportLoadMoreFailure(result.error);
  };

  const title = (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
      <span>{t('notifications.title')}</span>
      <Button
        type="link"
        size="small"
        disabled={unread === 0}
        loading={markAll.isPending}
        onClick={() => markAll.mutate()}
      >
        {t('notifications.markAllRead')}
      </Button>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={changeOpen}
      title={title}
      styles={{ container: { width: 360 } }}
      content={
        <NotificationList
          loading={query.isPending}
          items={items}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onOpen={openNotification}
          onLoadMore={() => void loadMore()}
        />
      }
    >
      <Button
        type="text"
        shape="circle"
        aria-label={t('notifications.title')}
        aria-haspopup="dialog"
        aria-expanded={open}
        style={{ position: 'relative' }}
        icon={<BellOutlined aria-hidden />}
      >
        {unread > 0 ? (
          <CountBadge
            corner
            text={formatCount(unread, BELL_BADGE_MAX)}
            label={t('notifications.unreadCount', { count: unread })}
          />
        ) : null}
      </Button>
    </Popover>
  );
}
