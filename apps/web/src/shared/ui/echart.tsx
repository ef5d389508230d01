// A chart drawn by ECharts (core only: the caller registers the chart types it uses). A small binding
// of our own: echarts-for-react imports tslib without declaring it, and this workspace has no tslib
// to give it (see the issue-8 report); init, setOption, resize and dispose are all it did for us.
// The drawing is an image named by its label; its data is offered as a table below it (a toggle),
// whenever the option gives one (chart-table.ts), so it can be read without seeing the chart.
import { init, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartDataTable } from './chart-data-table.tsx';
import { chartTable, chartTitle } from './chart-table.ts';
import { useColorScheme } from './color-scheme.ts';

/** The card shows through (the dark theme would paint its own navy), unless the option says otherwise. */
const withBackground = (option: EChartsCoreOption): EChartsCoreOption => ({
  backgroundColor: 'transparent',
  ...option,
});

export function EChart({
  option,
  height,
  label,
  dataTable = true,
}: {
  option: EChartsCoreOption;
  height: number;
  /** The chart's accessible name (and the data table's caption when the option has no title). */
  label: string;
  /**
   * Offer the option's data as a table (default). False only where the caller shows the same data
   * as a table of its own, next to the chart.
   */
  dataTable?: boolean;
}) {
  const { t } = useTranslation('common');
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  // ECharts' own dark theme writes axes, labels and legends in light greys; a theme is fixed at init,
  // so a change of scheme draws the chart anew.
  const scheme = useColorScheme();

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // SVG: a handful of shapes, crisp at any zoom, and no canvas needed.
    const instance = init(element, scheme === 'dark' ? 'dark' : undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => instance.resize()) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    // notMerge: a series or a slice that is gone from the option must go from the chart too.
    // A chart drawn anew for a change of scheme gets its option here too (this effect runs after that one).
    chart.current?.setOption(withBackground(option), { notMerge: true });
  }, [option, scheme]);

  const category = t('chartTable.category');
  const value = t('chartTable.value');
  const table = useMemo(
    () => (dataTable ? chartTable(option, { category, value }) : null),
    [dataTable, option, category, value],
  );

  const name = label || chartTitle(option);
  // The chart's element comes first: callers find the ECharts instance by it (firstElementChild).
  return (
    <>
      <div ref={container} role="img" aria-label={name} style={{ width: '100%', height }} />
      {table ? <ChartDataTable table={table} caption={chartTitle(option) || name} /> : null}
    </>
  );
}
