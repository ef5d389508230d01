import type { Notification } from '@formloop/contracts';
import { NOTIFICATION_LIST_MAX_HEIGHT_PX, NOTIFICATION_SKELETONS } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { factsOf, useNotificationWords } from '../../notifications/index.ts';
import { formatTimeSince } from '../format.ts';

export interface NotificationListProps {
  loading: boolean;
  items: readonly Notification[];
  hasMore: boolean;
  loadingMore: boolean;
  onOpen: (notification: Notification) => void;
  onLoadMore: () => void;
}

/** The dropdown's body: skeletons while the first page loads, then the list (max 300 px high) or an empty state. */
export function NotificationList({
  loading,
  items,
  hasMore,
  loadingMore,
  onOpen,
  onLoadMore,
}: NotificationListProps) {
  const { t, i18n } = useTranslation('shell');
  const { token } = theme.useToken();
  const words = useNotificationWords();

  if (loading) {
    return (
      <div data-testid="notification-skeletons" aria-busy="true">
        {Array.from({ length: NOTIFICATION_SKELETONS }, (_, index) => (
          <Skeleton key={index} active avatar={false} title={false} paragraph={{ rows: 2 }} />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />;
  }
  return (
    <div
      style={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT_PX, overflowY: 'auto' }}
      data-testid="notification-list"
    >
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('notifications.title')}>
        {items.map((item) => {
          const unread = !item.read_on;
          return (
            <li key={item.id} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
              <button
                type="button"
                onClick={() => onOpen(item)}
                style={{
                  display: 'block',
                  width: '100%',
                  padding: `${token.paddingXS}px ${token.paddingSM}px`,
                  border: 0,
                  background: unread ? token.colorPrimaryBg : 'transparent',
                  textAlign: 'left',
                  cursor: 'pointer',
                  font: 'inherit',
                  color: token.colorText,
                }}
              >
                <span style={{ display: 'block', fontWeight: unread ? 600 : 400 }}>
                  {words.text(factsOf(item))}
                </span>
                <span
                  style={{
                    display: 'flex',
                    gap: token.marginXS,
                    color: token.colorTextSecondary,
                    fontSize: token.fontSizeSM,
                  }}
                >
                  <time dateTime={item.created_on}>{formatTimeSince(item.time_since, i18n.language)}</time>
                  {unread ? <span>· {t('notifications.unread')}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <Button type="link" block loading={loadingMore} onClick={onLoadMore}>
          {t('notifications.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
