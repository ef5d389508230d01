import {
  EMAIL_LOG_STATUSES,
  PROCESS_PAGE_SIZES,
  type EmailLogRow,
  type EmailLogStatus,
} from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { ServerTable } from '../../../shared/ui/server-table.tsx';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useEmailLog } from '../api.ts';
import { formatInstant } from '../format.ts';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';
import { EmailStatusTag } from './status-tag.tsx';

type PageSize = (typeof PROCESS_PAGE_SIZES)[number];
const ALL = 'all';

/** The event e-mails' send log (issue 8: sent by a job with retries): newest first, by status. */
export function EmailLogPanel() {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const { token } = theme.useToken();
  const paging = useServerTable<string, PageSize>({
    pageSize: PROCESS_PAGE_SIZES[0],
    pageSizes: PROCESS_PAGE_SIZES,
  });
  const { page, length } = paging;
  const [status, setStatus] = useState<EmailLogStatus | undefined>(undefined);
  const [search, setSearch] = useState('');
  const query = useEmailLog({ page, length, search, status });

  const columns: ColumnsType<EmailLogRow> = [
    {
      key: 'created',
      title: t('emailLog.columns.created'),
      render: (_: unknown, row) => formatInstant(row.created_on),
    },
    {
      key: 'event',
      title: t('emailLog.columns.event'),
      render: (_: unknown, row) => (
        <span title={row.display_name ?? undefined}>
          {t(`events.${row.event}`, { defaultValue: row.event })}
        </span>
      ),
    },
    {
      key: 'recipients',
      title: t('emailLog.columns.recipients'),
      render: (_: unknown, row) => row.recipients.join(', '),
    },
    { key: 'subject', title: t('emailLog.columns.subject'), dataIndex: 'subject', ellipsis: true },
    {
      key: 'status',
      title: t('emailLog.columns.status'),
      render: (_: unknown, row) => <EmailStatusTag status={row.status} />,
    },
    { key: 'attempts', title: t('emailLog.columns.attempts'), dataIndex: 'attempts', align: 'end' },
    {
      key: 'error',
      title: t('emailLog.columns.error'),
      render: (_: unknown, row) =>
        row.error ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: row.error }} style={{ maxWidth: 260 }}>
            {row.error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'sent',
      title: t('emailLog.columns.sent'),
      render: (_: unknown, row) => formatInstant(row.sent_on),
    },
  ];

  const filtered = status !== undefined || search !== '';
  return (
    <div data-testid="email-log-panel">
      <Space wrap style={{ marginBottom: token.marginMD }}>
        <Segmented<string>
          aria-label={t('emailLog.status')}
          value={status ?? ALL}
          onChange={(value) => {
            setStatus(value === ALL ? undefined : (value as EmailLogStatus));
            paging.firstPage();
          }}
          options={[
            { value: ALL, label: t('emailLog.all') },
            ...EMAIL_LOG_STATUSES.map((value) => ({ value, label: t(`emailStatuses.${value}`) })),
          ]}
        />
        <Input.Search
          aria-label={t('emailLog.search')}
          placeholder={t('emailLog.searchPlaceholder')}
          allowClear
          style={{ width: 280 }}
          onSearch={(value) => {
            setSearch(value.trim());
            paging.firstPage();
          }}
        />
        <Button onClick={() => void query.refetch()}>{t('refresh')}</Button>
      </Space>
      {query.isError ? (
        <div style={{ marginBottom: token.marginMD }}>
          <LoadFailedAlert
            title={t('emailLog.loadFailed')}
            retryLabel={t('retryLoad')}
            onRetry={() => void query.refetch()}
          />
        </div>
      ) : null}
      <ServerTable<EmailLogRow>
        data-testid="email-log-table"
        rowKey="id"
        size="middle"
        table={paging}
        columns={columns}
        rows={query.data?.records}
        total={query.data?.recordsFiltered ?? 0}
        loading={query.isFetching}
        locale={{ emptyText: <Empty description={t(filtered ? 'emailLog.noMatch' : 'emailLog.empty')} /> }}
        showTotal={(total) => t(query.data?.estimated ? 'totalEstimated' : 'total', { count: total })}
      />
    </div>
  );
}
