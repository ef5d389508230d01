import type { ReportChart, ReportResult } from '@formloop/contracts';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWN_CHARTS, reportChartOption } from '../lib/chart-options.ts';
import { chartPointKeys, chartPoints, headlineValue } from '../lib/result-data.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';
import { DrillButton } from './result-tables.tsx';
import type { DrillTo } from './use-drill.ts';
import { useNumberFormat } from './use-number-format.ts';

const DrawnChart = lazy(() => import('./drawn-chart.tsx'));
const CHART_HEIGHT = 320;

/**
 * A report's chart with its data as a table for screen readers and keyboard users (every chart,
 * the number card too). A table chart draws nothing: the result table below is the chart.
 */
export function ChartPanel({
  chart,
  result,
  seriesName,
  onDrill,
}: {
  chart: ReportChart;
  result: ReportResult;
  /** The drawn measure's label. */
  seriesName: string;
  /** Opens the records behind a segment (or, for a number or gauge, the whole report). */
  onDrill?: DrillTo;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const points = useMemo(
    () => chartPoints(result, chart.measure, t('viewer.empty')),
    [result, chart.measure, t],
  );
  const pointKeys = useMemo(() => chartPointKeys(result), [result]);
  const headline = useMemo(() => headlineValue(result, chart.measure), [result, chart.measure]);
  const option = useMemo(
    () => reportChartOption(chart.type, points, seriesName, headline, chart.target),
    [chart.type, chart.target, points, seriesName, headline],
  );
  if (chart.type === 'table') return null;
  const title = t('viewer.chartTitle', { type: t(`chartTypes.${chart.type}`), measure: seriesName });
  const single = chart.type === 'number' || chart.type === 'gauge';

  let body;
  if (chart.type === 'number') {
    body = (
      <div data-testid="report-number" style={{ fontSize: token.fontSizeHeading1, fontWeight: 600 }}>
        {headline === null ? '—' : format(headline)}
        {chart.target !== undefined ? (
          <div style={{ fontSize: token.fontSize, color: token.colorTextSecondary, fontWeight: 400 }}>
            {t('viewer.target', { target: format(chart.target) })}
          </div>
        ) : null}
      </div>
    );
  } else if (!single && points.length === 0) {
    body = <Empty description={t('viewer.noChartData')} />;
  } else if (option && DRAWN_CHARTS.includes(chart.type)) {
    body = (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />}>
        <DrawnChart
          option={option}
          label={title}
          height={CHART_HEIGHT}
          // The panel's own table below (with its drill buttons) is the chart's table alternative.
          dataTable={false}
          onSegment={
            onDrill
              ? (index) => {
                  if (single) onDrill([]);
                  else {
                    const keys = pointKeys[index];
                    if (keys) onDrill(keys);
                  }
                }
              : undefined
          }
        />
      </Suspense>
    );
  }

  return (
    <Card size="small" title={title} data-testid="report-chart">
      {body}
      <details style={{ marginTop: token.marginSM }}>
        <summary style={{ cursor: 'pointer' }}>{t('viewer.chartAsTable')}</summary>
        <div style={{ overflowX: 'auto' }}>
          <table data-testid="chart-data-table" style={{ borderCollapse: 'collapse', minWidth: 240 }}>
            <caption style={{ textAlign: 'start' }}>{title}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'start', paddingInlineEnd: token.padding }}>
                  {single ? t('viewer.measure') : t('viewer.group')}
                </th>
                <th scope="col" style={{ textAlign: 'end' }}>
                  {single ? t('viewer.value') : seriesName}
                </th>
              </tr>
            </thead>
            <tbody>
              {single ? (
                <tr>
                  <th scope="row" style={{ textAlign: 'start', fontWeight: 400 }}>
                    {onDrill ? (
                      <DrillButton label={t('drill.openAll')} onOpen={() => onDrill([])}>
                        {seriesName}
                      </DrillButton>
                    ) : (
                      seriesName
                    )}
                  </th>
                  <td style={{ textAlign: 'end' }}>{headline === null ? '' : format(headline)}</td>
                </tr>
              ) : (
                points.map((point, index) => (
                  <tr key={`${point.name}-${index}`}>
                    <th scope="row" style={{ textAlign: 'start', fontWeight: 400 }}>
                      {onDrill && pointKeys[index] ? (
                        <DrillButton
                          label={t('drill.open', { label: point.name })}
                          onOpen={() => onDrill(pointKeys[index] ?? [])}
                        >
                          {point.name}
                        </DrillButton>
                      ) : (
                        point.name
                      )}
                    </th>
                    <td style={{ textAlign: 'end' }}>{point.value === null ? '' : format(point.value)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
