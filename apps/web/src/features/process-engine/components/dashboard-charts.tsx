// The dashboard's two charts. ECharts loads with this module only (the dashboard page imports it
// lazily), and only the parts drawn here: pie and line charts, tooltip, legend and grid, drawn as SVG.
import type { InstanceStatusCounts, ThroughputDay } from '@formloop/contracts';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { statusChartOption, throughputChartOption } from '../chart-options.ts';
import { formatDay } from '../format.ts';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';
import { EChart } from '../../../shared/ui/echart.tsx';

use([PieChart, LineChart, GridComponent, LegendPlainComponent, TooltipComponent, SVGRenderer]);

const CHART_HEIGHT = 320;

export function DashboardCharts({
  counts,
  throughput,
}: {
  counts: InstanceStatusCounts;
  throughput: ThroughputDay[];
}) {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const anyInstance = Object.values(counts).some((count) => count > 0);
  const statusOption = useMemo(
    () => statusChartOption(counts, (status) => t(`statuses.${status}`)),
    [counts, t],
  );
  const throughputOption = useMemo(
    () =>
      throughputChartOption(
        throughput,
        {
          started: t('dashboard.started'),
          completed: t('dashboard.completed'),
          faulted: t('dashboard.faulted'),
        },
        formatDay,
      ),
    [throughput, t],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title={t('dashboard.byStatus')} data-testid="status-chart">
          {anyInstance ? (
            <EChart option={statusOption} height={CHART_HEIGHT} label={t('dashboard.byStatus')} />
          ) : (
            <Empty description={t('dashboard.noInstances')} style={{ height: CHART_HEIGHT - 48 }} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('dashboard.throughput')} data-testid="throughput-chart">
          <EChart option={throughputOption} height={CHART_HEIGHT} label={t('dashboard.throughput')} />
        </Card>
      </Col>
    </Row>
  );
}

export default DashboardCharts;
