import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { INSTANCE_STATUSES, THROUGHPUT_DAYS, type InstanceStatus } from '@formloop/contracts';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import theme from 'antd/es/theme';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useProcessDashboard } from '../api.ts';
import { STATUS_CHART_COLORS } from '../components/status-tag.tsx';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';

// ECharts is the heaviest thing here: it loads after the numbers, in its own chunk.
const DashboardCharts = lazy(() => import('../components/dashboard-charts.tsx'));

/** The periods the throughput chart offers, in days. */
export const DASHBOARD_PERIODS = [7, THROUGHPUT_DAYS.default, 30, 90] as const;

function StatusCard({ status, count }: { status: InstanceStatus | 'total'; count: number }) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const label = status === 'total' ? t('dashboard.total') : t(`statuses.${status}`);
  return (
    <Card size="small" data-testid={`stat-${status}`}>
      <Statistic
        title={label}
        value={count}
        styles={{ content: status === 'total' ? {} : { color: STATUS_CHART_COLORS[status] } }}
      />
    </Card>
  );
}

/**
 * /process/dashboard (spec §2: "Process", opened in a new tab; system administrators only): instances
 * by status as statistic cards and a chart, and the throughput per day over a chosen period.
 */
export function ProcessDashboardPage() {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const { token } = theme.useToken();
  const [days, setDays] = useState<number>(THROUGHPUT_DAYS.default);
  const query = useProcessDashboard(days);
  const data = query.data;
  const total = data ? INSTANCE_STATUSES.reduce((sum, status) => sum + data.counts[status], 0) : 0;

  return (
    <div style={{ padding: token.paddingLG }} data-testid="process-dashboard-page">
      <div
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('dashboard.title')}</h1>
        <Space wrap>
          <Segmented<number>
            aria-label={t('dashboard.period')}
            value={days}
            onChange={setDays}
            options={DASHBOARD_PERIODS.map((value) => ({
              value,
              label: t('dashboard.days', { count: value }),
            }))}
          />
          <Button
            icon={<ReloadOutlined aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('refresh')}
          </Button>
        </Space>
      </div>
      {data ? (
        <p style={{ color: token.colorTextSecondary }}>
          {t(data.estimated ? 'dashboard.introEstimated' : 'dashboard.intro', { zone: data.timeZone })}
        </p>
      ) : null}
      {query.isError ? (
        <LoadFailedAlert
          title={t('dashboard.loadFailed')}
          retryLabel={t('retryLoad')}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <div data-testid="dashboard-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : (
        <div style={{ display: 'grid', gap: token.marginLG }}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={8} xl={4}>
              <StatusCard status="total" count={total} />
            </Col>
            {INSTANCE_STATUSES.map((status) => (
              <Col key={status} xs={12} md={8} xl={4}>
                <StatusCard status={status} count={data.counts[status]} />
              </Col>
            ))}
          </Row>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <DashboardCharts counts={data.counts} throughput={data.throughput} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

export default ProcessDashboardPage;
