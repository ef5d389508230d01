import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import type { Notification } from '@formloop/contracts';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../../../shared/ui/count-badge.tsx';
import {
  reportNotificationCallFailure,
  unreadOf,
  useMarkAllNotificationsRead,
  useNotifications,
} from '../api.ts';
import { formatCount } from '../format.ts';
import { useOpenNotification } from '../hooks/use-open-notification.ts';
import { NOTIFICATIONS_PATH } from '../shell-constants.ts';
import { NotificationList } from './notification-list.tsx';

// The bell has room for two digits; the exact count is in the badge's label.
const BELL_BADGE_MAX = 99;

/** The bell with its unread badge and the notifications dropdown (spec §2, §4, §8). */
export function NotificationsDropdown() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const { open: openTarget } = useOpenNotification();
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
    openTarget(notification);
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) reportNotificationCallFailure(result.error);
  };

  const title = (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
      <span>{t('notifications.title')}</span>
      <Button
        type="link"
        size="small"
        disabled={unread === 0}
        loading={markAll.isPending}
        onClick={() => markAll.mutate(undefined, { onError: reportNotificationCallFailure })}
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
        <>
          <NotificationList
            loading={query.isPending}
            items={items}
            hasMore={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onOpen={openNotification}
            onLoadMore={() => void loadMore()}
          />
          <Link
            to={NOTIFICATIONS_PATH}
            onClick={() => setOpen(false)}
            style={{ display: 'block', marginTop: 8, textAlign: 'center' }}
          >
            {t('notifications.viewAll')}
          </Link>
        </>
      }
    >
      <Button
        type="text"
        shape="circle"
        // The badge's figure is part of the button's text, so its name says it too (WCAG 2.5.3);
        // axe reads "Title (3 unread)" as not containing it, "Title, 3 unread" as containing it.
        aria-label={
          unread > 0
            ? `${t('notifications.title')}, ${t('notifications.unreadCount', { count: unread })}`
            : t('notifications.title')
        }
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
