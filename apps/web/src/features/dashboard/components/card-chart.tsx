// A chart card: the report's chart (the reports' option and points) with its data as a table for
// screen readers and keyboard users. A bar or slice — or its row's buttons — sets the dashboard
// filter wired to the chart's first group (cross-filtering) or opens its records (drill).
import type { ReportChart, ReportResult } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chartPoints,
  DRAWN_CHARTS,
  GroupedResultTable,
  headlineValue,
  reportChartOption,
  useNumberFormat,
} from '../../reports/index.ts';

const ClickableChart = lazy(() => import('./clickable-chart.tsx'));

export function CardChart({
  chart,
  result,
  title,
  height,
  filterLabel,
  onFilter,
  onDrill,
}: {
  chart: ReportChart;
  result: ReportResult;
  title: string;
  height: number;
  /** The dashboard filter a click sets (cross-filtering), when there is one. */
  filterLabel?: string;
  onFilter?: (index: number) => void;
  onDrill: (index: number) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const empty = t('cards.empty');
  const points = useMemo(() => chartPoints(result, chart.measure, empty), [result, chart.measure, empty]);
  const headline = useMemo(() => headlineValue(result, chart.measure), [result, chart.measure]);
  const option = useMemo(
    () => reportChartOption(chart.type, points, title, headline, chart.target),
    [chart.type, chart.target, points, title, headline],
  );
  const single = chart.type === 'number' || chart.type === 'gauge';

  if (chart.type === 'table' && result.kind === 'grouped') {
    const labels = (prefix: string) =>
      result.columns.filter((column) => column.key.startsWith(prefix)).map((column) => column.label);
    return (
      <GroupedResultTable result={result} groupLabels={labels('group:')} measureLabels={labels('measure:')} />
    );
  }

  let drawn;
  if (chart.type === 'number') {
    drawn = (
      <div style={{ fontSize: token.fontSizeHeading2, fontWeight: 600 }}>
        {headline === null ? '—' : format(headline)}
      </div>
    );
  } else if (!single && points.length === 0) {
    drawn = <Empty description={t('cards.noData')} />;
  } else if (option && DRAWN_CHARTS.includes(chart.type)) {
    drawn = (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <ClickableChart
          option={option}
          label={title}
          height={height}
          onPoint={single ? undefined : (onFilter ?? onDrill)}
          // The card's own table below (with its filter and drill buttons) is the chart's table alternative.
          dataTable={false}
        />
      </Suspense>
    );
  }

  return (
    <div data-testid="card-chart">
      {drawn}
      {filterLabel && !single ? (
        <p style={{ margin: 0, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t('cards.crossFilterHint', { filter: filterLabel })}
        </p>
      ) : null}
      <details style={{ marginTop: token.marginXS }}>
        <summary style={{ cursor: 'pointer' }}>{t('cards.asTable')}</summary>
        <div style={{ overflowX: 'auto' }}>
          <table data-testid="card-chart-table" style={{ borderCollapse: 'collapse', width: '100%' }}>
            <caption style={{ textAlign: 'start' }}>{title}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'start' }}>
                  {t('cards.group')}
                </th>
                <th scope="col" style={{ textAlign: 'end' }}>
                  {t('cards.value')}
                </th>
                {single ? null : <th scope="col">{t('cards.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {single ? (
                <tr>
                  <th scope="row" style={{ textAlign: 'start', fontWeight: 400 }}>
                    {title}
                  </th>
                  <td style={{ textAlign: 'end' }}>{headline === null ? '' : format(headline)}</td>
                </tr>
              ) : (
                points.map((point, index) => (
                  <tr key={`${point.name}-${index}`}>
                    <th scope="row" style={{ textAlign: 'start', fontWeight: 400 }}>
                      {point.name}
                    </th>
                    <td style={{ textAlign: 'end' }}>{point.value === null ? '' : format(point.value)}</td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {onFilter && filterLabel ? (
                        <Button size="small" type="link" onClick={() => onFilter(index)}>
                          {t('cards.filterBy', { name: point.name })}
                        </Button>
                      ) : null}
                      <Button size="small" type="link" onClick={() => onDrill(index)}>
                        {t('cards.drill', { name: point.name })}
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
