// The report chart drawn by ECharts. ECharts loads with this module only (chart-panel imports it
// lazily), and only the parts a report draws: bar, line, pie, funnel and gauge, tooltip, legend, grid.
import { BarChart, FunnelChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { EChart } from '../../../shared/ui/echart.tsx';

use([
  BarChart,
  LineChart,
  PieChart,
  FunnelChart,
  GaugeChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export default function DrawnChart({
  option,
  label,
  height,
}: {
  option: EChartsCoreOption;
  label: string;
  height: number;
}) {
  return <EChart option={option} height={height} label={label} />;
}
