import type { RecordSummary } from '@formloop/contracts';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';

interface Item {
  key: string;
  label: string;
  value: number;
  estimate: boolean;
  colour: string;
}

/** The app's entries by status, the caller's drafts and the total (spec §7 summary/{moduleId}). */
export function SummaryCards({ summary, loading }: { summary: RecordSummary | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('records');
  const { token } = theme.useToken();
  if (!summary) {
    // A failed summary leaves the cards out; the list below still works.
    return loading ? <Skeleton active title={false} paragraph={{ rows: 1 }} /> : null;
  }
  const number = new Intl.NumberFormat(i18n.language);
  const items: Item[] = [
    {
      key: 'inProgress',
      label: t('summary.inProgress'),
      value: summary.byStatus['In Progress'],
      estimate: false,
      colour: token.colorInfo,
    },
    {
      key: 'completed',
      label: t('summary.completed'),
      value: summary.byStatus.Completed,
      estimate: false,
      colour: token.colorSuccess,
    },
    {
      key: 'faulted',
      label: t('summary.faulted'),
      value: summary.byStatus.Faulted,
      estimate: false,
      colour: token.colorError,
    },
    {
      key: 'drafts',
      label: t('summary.drafts'),
      value: summary.drafts,
      estimate: false,
      colour: token.colorTextSecondary,
    },
    // Past 100,000 entries the total is the planner's estimate (DESIGN.md), and says so.
    {
      key: 'total',
      label: t('summary.total'),
      value: summary.total,
      estimate: summary.countIsEstimate,
      colour: token.colorText,
    },
  ];
  return (
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
}
