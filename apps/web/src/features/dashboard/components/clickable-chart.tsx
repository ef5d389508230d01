// A card's chart drawn by the reports' ECharts chart, with clicks on a bar or slice reported by the
// point's index. Loaded lazily with ECharts itself.
import { getInstanceByDom } from 'echarts/core';
import Skeleton from 'antd/es/skeleton';
import type { EChartsCoreOption } from 'echarts/core';
import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { LazyDrawnChart } from '../../reports/index.ts';

/** Rendered after the chart inside one Suspense boundary: its effect runs once the chart exists. */
function Clicks({
  container,
  onPoint,
}: {
  container: RefObject<HTMLDivElement | null>;
  onPoint?: (index: number) => void;
}) {
  useEffect(() => {
    const element = container.current?.querySelector<HTMLElement>('[role="img"]');
    const instance = element ? getInstanceByDom(element) : undefined;
    if (!instance || !onPoint) return undefined;
    const handler = (params: { dataIndex?: number }) => {
      if (typeof params.dataIndex === 'number') onPoint(params.dataIndex);
    };
    instance.on('click', handler);
    return () => {
      instance.off('click', handler);
    };
  }, [container, onPoint]);
  return null;
}

export default function ClickableChart({
  option,
  label,
  height,
  onPoint,
  dataTable,
}: {
  option: EChartsCoreOption;
  label: string;
  height: number;
  onPoint?: (index: number) => void;
  /** The wrapper's data table toggle; false where the caller shows the data as a table itself. */
  dataTable?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  return (
    <div ref={container} style={{ cursor: onPoint ? 'pointer' : undefined }}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <LazyDrawnChart option={option} label={label} height={height} dataTable={dataTable} />
        <Clicks container={container} onPoint={onPoint} />
      </Suspense>
    </div>
  );
}
