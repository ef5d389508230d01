import type { Notification } from '@formloop/contracts';
import { NOTIFICATION_SKELETONS } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import {
  reportNotificationCallFailure,
  unreadOf,
  useMarkAllNotificationsRead,
  useNotifications,
  useOpenNotification,
} from '../../shell/index.ts';
import { NotificationRow } from '../components/notification-row.tsx';
import { NOTIFICATIONS_NAMESPACE } from '../wording.ts';

/**
 * /notifications (spec §2, §4): every notification of the user, newest first, 10 at a time with
 * 'Load more'; unread ones stand out; 'Mark all as read'; opening one marks it read and opens its
 * record (at its task), or /notifications/{id} when it has none. It shares the dropdown's list, so a
 * mark made here shows there (and on the bell's badge) at once.
 */
export function NotificationsPage() {
  const { t } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const { token } = theme.useToken();
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const { open } = useOpenNotification();
  const unread = unreadOf(query.data);
  const items: Notification[] = query.data?.pages.flatMap((page) => page.notif) ?? [];

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) reportNotificationCallFailure(result.error);
  };

  let content;
  if (query.isPending) {
    content = (
      <div data-testid="notifications-loading" aria-busy="true">
        {Array.from({ length: NOTIFICATION_SKELETONS }, (_, index) => (
          <Skeleton key={index} active title={false} paragraph={{ rows: 2 }} />
        ))}
      </div>
    );
  } else if (query.isError && !query.data) {
    // A failed 'load more' keeps what was loaded (and says so in a toast); only a failed first page is this.
    content = (
      <LoadFailedAlert
        title={t('page.loadFailed')}
        retryLabel={t('page.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (items.length === 0) {
    content = <Empty description={t('page.empty')} data-testid="notifications-empty" />;
  } else {
    content = (
      <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
        <ul
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('page.title')}
          data-testid="notifications-list"
        >
          {items.map((item) => (
            <NotificationRow key={item.id} notification={item} onOpen={open} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button type="link" block loading={query.isFetchingNextPage} onClick={() => void loadMore()}>
            {t('page.loadMore')}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div style={{ display: 'grid', gap: token.margin, maxWidth: 880 }} data-testid="notifications-page">
      <div style={{ display: 'flex', alignItems: 'center', gap: token.margin, flexWrap: 'wrap' }}>
        {/* Plain elements, not antd Typography: its editing mode would bring Input along. */}
        <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>{t('page.title')}</h1>
        {unread > 0 ? (
          <span style={{ color: token.colorTextSecondary }}>{t('page.unreadCount', { count: unread })}</span>
        ) : null}
        <Button
          style={{ marginLeft: 'auto' }}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: reportNotificationCallFailure })}
        >
          {t('page.markAllRead')}
        </Button>
      </div>
      {content}
    </div>
  );
}

export default NotificationsPage;
