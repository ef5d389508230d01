// A workflow card's metric as a small table: time in each activity (median, 90th percentile),
// waiting work per activity and assignee, completed tasks per week, or rejections and send-backs.
import type { WorkflowMetrics } from '@formloop/contracts';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../reports/index.ts';

type Metric = 'timeInActivity' | 'waiting' | 'throughput' | 'rejections';

function Figures({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  return (
    <div style={{ overflowX: 'auto' }}>
      <table data-testid="workflow-figures" style={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={{ textAlign: 'start', color: token.colorTextSecondary }}>{caption}</caption>
        <thead>
          <tr>
            {head.map((label, index) => (
              <th key={label} scope="col" style={{ textAlign: index === 0 ? 'start' : 'end' }}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>{t('cards.noData')}</td>
            </tr>
          ) : (
            rows.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" style={{ textAlign: 'start', fontWeight: 400 }}>
                      {cell}
                    </th>
                  ) : (
                    <td key={column} style={{ textAlign: 'end' }}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function WorkflowFigures({ metrics, metric }: { metrics: WorkflowMetrics; metric?: Metric }) {
  const { t } = useTranslation('dashboard');
  const format = useNumberFormat();
  const hours = (value: number | null) =>
    value === null ? '—' : t('workflow.hours', { hours: format(value) });
  const rate = (value: number | null) =>
    value === null ? '—' : `${format(Math.round(value * 1000) / 10)} %`;
  const caption = t(`workflow.metrics.${metric ?? 'timeInActivity'}`);
  if (metric === 'waiting')
    return (
      <Figures
        caption={caption}
        head={[t('workflow.activity'), t('workflow.assignee'), t('workflow.waiting')]}
        rows={metrics.waitingByAssignee.map((row) => [row.title, row.name, format(row.waiting)])}
      />
    );
  if (metric === 'throughput')
    return (
      <Figures
        caption={caption}
        head={[t('workflow.week'), t('workflow.completed')]}
        rows={metrics.throughput.map((row) => [row.week, format(row.completed)])}
      />
    );
  if (metric === 'rejections')
    return (
      <Figures
        caption={caption}
        head={[t('workflow.activity'), t('workflow.rejected'), t('workflow.sentBack')]}
        rows={metrics.activities.map((row) => [
          row.title,
          `${format(row.rejected)} (${rate(row.rejectedRate)})`,
          `${format(row.sentBack)} (${rate(row.sentBackRate)})`,
        ])}
      />
    );
  return (
    <Figures
      caption={caption}
      head={[t('workflow.activity'), t('workflow.p50'), t('workflow.p90'), t('workflow.waiting')]}
      rows={metrics.activities.map((row) => [
        row.title,
        hours(row.p50Hours),
        hours(row.p90Hours),
        format(row.waiting),
      ])}
    />
  );
}
