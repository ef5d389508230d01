import type { Notification } from '@formloop/contracts';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { formatTimeSince } from '../../shell/index.ts';
import { factsOf, NOTIFICATIONS_NAMESPACE, useNotificationWords } from '../wording.ts';

/**
 * One notification on /notifications: its type, its sentence (bold while unread), and below it the
 * app, the step and how long ago. The whole row is one button that opens it.
 */
export function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const { token } = theme.useToken();
  const words = useNotificationWords();
  const unread = !notification.read_on;
  const params = notification.notification_params;
  const step = params.step ?? notification.current_step;
  const meta = [params.app, step].filter((part): part is string => Boolean(part));

  return (
    <li style={{ borderBottom: `1px solid ${token.colorSplit}` }} data-unread={unread}>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        style={{
          display: 'grid',
          gap: token.marginXXS,
          width: '100%',
          padding: `${token.paddingSM}px ${token.padding}px`,
          border: 0,
          borderLeft: `3px solid ${unread ? token.colorPrimary : 'transparent'}`,
          background: unread ? token.colorPrimaryBg : 'transparent',
          textAlign: 'left',
          cursor: 'pointer',
          font: 'inherit',
          color: token.colorText,
        }}
      >
        <span style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, flexWrap: 'wrap' }}>
          <Tag style={{ marginInlineEnd: 0 }}>{words.kind(notification.notification_type_name)}</Tag>
          {unread ? (
            <Tag color="processing" style={{ marginInlineEnd: 0 }}>
              {t('page.unread')}
            </Tag>
          ) : null}
        </span>
        <span style={{ fontWeight: unread ? 600 : 400 }}>{words.text(factsOf(notification))}</span>
        <span
          style={{
            display: 'flex',
            gap: token.marginXS,
            flexWrap: 'wrap',
            color: token.colorTextSecondary,
            fontSize: token.fontSizeSM,
          }}
        >
          {meta.map((part) => (
            <span key={part}>{part} ·</span>
          ))}
          <time dateTime={notification.created_on}>
            {formatTimeSince(notification.time_since, i18n.language)}
          </time>
        </span>
      </button>
    </li>
  );
}
