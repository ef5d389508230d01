// The report chart drawn by ECharts. ECharts loads with this module only (chart-panel imports it
// lazily), and only the parts a report draws: bar, line, pie, funnel and gauge, tooltip, legend, grid.
import { BarChart, FunnelChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { getInstanceByDom, use, type EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';
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
  onSegment,
  dataTable,
}: {
  option: EChartsCoreOption;
  label: string;
  height: number;
  /** A clicked bar, point or slice, by its index in the series' data (drill to records). */
  onSegment?: (index: number) => void;
  /** The wrapper's data table toggle; false where the caller shows the data as a table itself. */
  dataTable?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const handler = useRef(onSegment);
  handler.current = onSegment;
  const clickable = onSegment !== undefined;
  // The shared wrapper owns the ECharts instance (made in its effect, which runs before this one);
  // the click is listened to on that instance, found by its element.
  useEffect(() => {
    const element = box.current?.firstElementChild;
    const instance = element instanceof HTMLElement ? getInstanceByDom(element) : undefined;
    if (!instance || !clickable) return undefined;
    const onClick = (params: { dataIndex?: number }) => {
      if (typeof params.dataIndex === 'number') handler.current?.(params.dataIndex);
    };
    instance.on('click', onClick);
    return () => {
      if (!instance.isDisposed()) instance.off('click', onClick);
    };
  }, [clickable]);
  return (
    <div ref={box} style={clickable ? { cursor: 'pointer' } : undefined}>
      <EChart option={option} height={height} label={label} dataTable={dataTable} />
    </div>
  );
}
