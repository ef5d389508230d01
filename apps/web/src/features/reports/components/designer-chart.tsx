// The chart a grouped report draws: its type, which measure, and a target for gauges and numbers.
import { CHART_TYPES, type ChartType } from '@formloop/contracts';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import type { DesignerState } from '../lib/designer-state.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';

export function DesignerChart({
  chart,
  measureLabels,
  grouped,
  onChange,
}: {
  chart: DesignerState['chart'];
  measureLabels: string[];
  /** Charts draw groups and measures: a plain list has none. */
  grouped: boolean;
  onChange: (chart: DesignerState['chart']) => void;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const field = {
    display: 'flex',
    flexDirection: 'column',
    gap: token.marginXXS,
    flex: '1 1 160px',
  } as const;
  return (
    <div data-testid="designer-chart">
      {!grouped ? (
        <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('designer.chartNeedsGroups')}</p>
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM }}>
        <label style={field}>
          {t('designer.chartType')}
          <Select
            aria-label={t('designer.chartType')}
            disabled={!grouped}
            value={chart.type}
            onChange={(type: ChartType | 'none') => onChange({ ...chart, type })}
            options={[
              { value: 'none', label: t('chartTypes.none') },
              ...CHART_TYPES.map((type) => ({ value: type, label: t(`chartTypes.${type}`) })),
            ]}
          />
        </label>
        {chart.type !== 'none' && measureLabels.length > 1 ? (
          <label style={field}>
            {t('designer.chartMeasure')}
            <Select
              aria-label={t('designer.chartMeasure')}
              value={Math.min(chart.measure, measureLabels.length - 1)}
              onChange={(measure: number) => onChange({ ...chart, measure })}
              options={measureLabels.map((label, index) => ({ value: index, label }))}
            />
          </label>
        ) : null}
        {chart.type === 'gauge' || chart.type === 'number' ? (
          <label style={field}>
            {t('designer.target')}
            <InputNumber
              aria-label={t('designer.target')}
              value={chart.target}
              onChange={(target) =>
                onChange({ ...chart, target: typeof target === 'number' ? target : null })
              }
              style={{ width: '100%' }}
            />
          </label>
        ) : null}
      </div>
    </div>
  );
}
