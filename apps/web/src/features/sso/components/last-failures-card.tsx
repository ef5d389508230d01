import type { SsoFailure } from '@formloop/contracts';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useSsoFailures } from '../api.ts';
import { SSO_NAMESPACE } from '../messages.ts';

/**
 * The tenant's last refused single sign-ons, newest first: when, through which provider, the cause in
 * the reader's language, who the provider vouched for, and the provider's or library's own words.
 * What an administrator needs when a user says "it does not let me in" (the audit trail has them all).
 */
export function LastFailuresCard() {
  const { t } = useTranslation(SSO_NAMESPACE);
  const { token } = theme.useToken();
  const failures = useSsoFailures();
  const { preference } = useOrganizationPreference();

  let content;
  if (failures.isPending) {
    content = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (failures.isError) {
    content = (
      <LoadFailedAlert
        title={t('failures.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void failures.refetch()}
      />
    );
  } else if (failures.data.length === 0) {
    content = (
      <Typography.Text type="secondary" data-testid="sso-failures-empty">
        {t('failures.empty')}
      </Typography.Text>
    );
  } else {
    content = (
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="sso-failures-list">
        {failures.data.map((failure, index) => (
          <FailureItem
            key={failure.id}
            failure={failure}
            first={index === 0}
            when={formatDate(failure.occurredOn, 'datetime', preference)}
          />
        ))}
      </ol>
    );
  }

  return (
    <Card
      title={t('failures.title')}
      style={{ marginBottom: token.marginLG }}
      data-testid="sso-failures-card"
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void failures.refetch()}
          loading={failures.isFetching && !failures.isPending}
        >
          {t('failures.refresh')}
        </Button>
      }
    >
      <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('failures.intro')}</p>
      {content}
    </Card>
  );
}

function FailureItem({ failure, first, when }: { failure: SsoFailure; first: boolean; when: string }) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const { token } = theme.useToken();
  return (
    <li
      style={{
        padding: `${token.paddingSM}px 0`,
        borderTop: first ? undefined : `1px solid ${token.colorSplit}`,
        overflowWrap: 'anywhere',
      }}
      data-testid="sso-failure"
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}>
        <time dateTime={failure.occurredOn}>{when}</time>
        <Tag>{t(`failures.provider.${failure.provider}`)}</Tag>
        <Typography.Text strong>{t(`failures.cause.${failure.cause}`)}</Typography.Text>
      </div>
      {failure.subject ? (
        <div>
          {t('failures.subject')}: <Typography.Text code>{failure.subject}</Typography.Text>
        </div>
      ) : null}
      {failure.detail ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {failure.detail}
        </Typography.Text>
      ) : null}
    </li>
  );
}
