import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { reportExportJobFilePath, type Notification } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { getFile, saveFile } from '../../../shared/api/file-request.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import {
  useMarkNotificationRead,
  useNotificationDetail,
  formatTimeSince,
  notificationTarget,
  NOTIFICATIONS_PATH,
} from '../../shell/index.ts';
import { factsOf, NOTIFICATIONS_NAMESPACE, useNotificationWords } from '../wording.ts';

/** Marks the notification read once when it is shown unread (spec §4: opening one marks it read). */
function useMarkReadOnOpen(notification: Notification | undefined): void {
  const { mutate: markRead } = useMarkNotificationRead();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!notification || notification.read_on || marked.current === notification.id) return;
    marked.current = notification.id;
    markRead(notification.id);
  }, [notification, markRead]);
}

function NotificationDetail({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const { token } = theme.useToken();
  const { preference } = useOrganizationPreference();
  const words = useNotificationWords();
  const params = notification.notification_params;
  const text = words.text(factsOf(notification));
  const hasRecord = Boolean(notification.module_id && notification.record_id);
  const optional = (key: string, label: string, value: string | null | undefined) =>
    value ? [{ key, label, children: value }] : [];

  return (
    <Card
      title={t('detail.title')}
      extra={
        notification.read_on ? (
          <Tag>{t('detail.read')}</Tag>
        ) : (
          <Tag color="processing">{t('detail.unread')}</Tag>
        )
      }
      data-testid="notification-detail"
    >
      <p style={{ marginTop: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>{text}</p>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'type', label: t('detail.type'), children: words.kind(notification.notification_type_name) },
          ...optional('app', t('detail.app'), params.app),
          ...optional('step', t('detail.step'), params.step ?? notification.current_step),
          ...optional('from', t('detail.from'), params.actor),
          ...optional('note', t('detail.note'), params.message),
          {
            key: 'time',
            label: t('detail.time'),
            children: (
              <time dateTime={notification.created_on}>
                {formatDate(notification.created_on, 'datetime', preference) || notification.created_on} (
                {formatTimeSince(notification.time_since, i18n.language)})
              </time>
            ),
          },
          // The stored wording, as the server wrote it, when the sentence above is a translation of it.
          ...optional(
            'content',
            t('detail.content'),
            notification.notification_content !== text ? notification.notification_content : null,
          ),
        ]}
      />
      {hasRecord ? (
        <Link to={notificationTarget(notification)} style={{ display: 'inline-block', marginTop: 16 }}>
          {t('detail.openEntry')}
        </Link>
      ) : null}
      {notification.notification_type_name === 'exportready' && params.exportId ? (
        <ExportDownload exportId={params.exportId} />
      ) : null}
    </Card>
  );
}

/** A finished report export's file (issue 24 item 4): the notice's own way to it. */
function ExportDownload({ exportId }: { exportId: string }) {
  const { t } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveFile(await getFile(reportExportJobFilePath(exportId), 'export'));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div style={{ marginTop: 16, display: 'grid', gap: 8, justifyItems: 'start' }}>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={state === 'busy'}
        onClick={() => void download()}
        data-testid="notification-export-download"
      >
        {t('detail.download')}
      </Button>
      {state === 'failed' ? (
        <Alert type="error" showIcon role="alert" title={t('detail.downloadFailed')} />
      ) : null}
    </div>
  );
}

/**
 * /notifications/{id} (spec §2): one notification, usually one without a record to open: its text,
 * type, app, step, who caused it and when. Showing it marks it read, and the badge goes down.
 */
export function NotificationDetailPage() {
  const { t } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const { token } = theme.useToken();
  const { id = '' } = useParams();
  const query = useNotificationDetail(id);
  useMarkReadOnOpen(query.data);
  const missing = isApiError(query.error) && [400, 404].includes(query.error.status);

  let content;
  if (query.isPending) {
    content = <Skeleton active paragraph={{ rows: 5 }} data-testid="notification-loading" />;
  } else if (missing) {
    content = <Empty description={t('detail.notFound')} data-testid="notification-missing" />;
  } else if (query.isError) {
    content = (
      <LoadFailedAlert
        title={t('detail.loadFailed')}
        retryLabel={t('detail.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <NotificationDetail notification={query.data} />;
  }

  return (
    <div style={{ display: 'grid', gap: token.margin, maxWidth: 880 }} data-testid="notification-page">
      <div>
        <Link to={NOTIFICATIONS_PATH}>← {t('detail.back')}</Link>
      </div>
      {content}
    </div>
  );
}

export default NotificationDetailPage;
