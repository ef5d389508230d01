import type { RecordSummary, SummaryCount } from '@formloop/contracts';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { CountExactly, type CountExactlyProps } from './count-exactly.tsx';

interface Item {
  key: string;
  label: string;
  value: number;
  estimate: boolean;
  colour: string;
}

export interface SummaryCardsProps {
  summary: RecordSummary | undefined;
  loading: boolean;
  /** When figures are estimates: having them counted exactly (absent: no such offer). */
  countExactly?: Omit<CountExactlyProps, 'label'>;
}

/** The app's entries by status, the caller's drafts and the total (spec §7 summary/{moduleId}). */
export function SummaryCards({ summary, loading, countExactly }: SummaryCardsProps) {
  const { t, i18n } = useTranslation('records');
  const { token } = theme.useToken();
  if (!summary) {
    // A failed summary leaves the cards out; the list below still works.
    return loading ? <Skeleton active title={false} paragraph={{ rows: 1 }} /> : null;
  }
  const number = new Intl.NumberFormat(i18n.language);
  // Past EXACT_COUNT_LIMIT entries a figure is the planner's estimate (the server names which):
  // "about N", and the exact figures on request.
  const estimated = (key: SummaryCount) => summary.estimates.includes(key);
  const items: Item[] = [
    {
      key: 'inProgress',
      label: t('summary.inProgress'),
      value: summary.byStatus['In Progress'],
      estimate: estimated('In Progress'),
      colour: token.colorInfo,
    },
    {
      key: 'completed',
      label: t('summary.completed'),
      value: summary.byStatus.Completed,
      estimate: estimated('Completed'),
      colour: token.colorSuccess,
    },
    {
      key: 'faulted',
      label: t('summary.faulted'),
      value: summary.byStatus.Faulted,
      estimate: estimated('Faulted'),
      colour: token.colorError,
    },
    {
      key: 'drafts',
      label: t('summary.drafts'),
      value: summary.drafts,
      estimate: estimated('drafts'),
      colour: token.colorTextSecondary,
    },
    {
      key: 'total',
      label: t('summary.total'),
      value: summary.total,
      estimate: estimated('total'),
      colour: token.colorText,
    },
  ];
  const grid = (
    <div
      data-testid="record-summary"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
        gap: token.margin,
      }}
    >
      {items.map((item) => (
        <Card key={item.key} size="small" data-testid={`summary-${item.key}`}>
          <div style={{ color: token.colorTextSecondary }}>{item.label}</div>
          <div
            style={{
              fontSize: token.fontSizeHeading3,
              fontWeight: token.fontWeightStrong,
              color: item.colour,
            }}
          >
            {item.estimate
              ? t('summary.about', { value: number.format(item.value) })
              : number.format(item.value)}
          </div>
        </Card>
      ))}
    </div>
  );
  if (!summary.countIsEstimate || !countExactly) return grid;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }}>
      {grid}
      <div data-testid="summary-estimated" style={{ color: token.colorTextSecondary }}>
        {t('summary.estimated')} <CountExactly {...countExactly} label={t('count.exactlySummary')} />
      </div>
    </div>
  );
}
