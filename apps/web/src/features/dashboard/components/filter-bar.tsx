// The dashboard's filters above its cards: a day range (from, to) for date filters, a status list,
// and a value for field and user filters. Values apply to every card wired to them; "Clear filters"
// empties them all.
import ClearOutlined from '@ant-design/icons/es/icons/ClearOutlined';
import type { DashboardFilter, DashboardFilterValues } from '@formloop/contracts';
import { RECORD_STATUSES } from '@formloop/domain';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { hasValue } from '../lib/dashboard-logic.ts';

type Value = DashboardFilterValues[string];
type Range = { from?: string; to?: string };

const isRange = (value: Value | undefined): value is Range =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: Value | undefined) =>
  value === undefined || value === null || isRange(value)
    ? ''
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);
const statusKey = (status: string) =>
  status
    .replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase())
    .replace(/^\w/, (letter) => letter.toLowerCase());

export function FilterBar({
  filters,
  values,
  onChange,
  onClear,
}: {
  filters: readonly DashboardFilter[];
  values: DashboardFilterValues;
  onChange: (id: string, value: Value) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'records']);
  const { token } = theme.useToken();
  if (filters.length === 0) return null;
  const labelOf = (filter: DashboardFilter) => filter.label || filter.field;
  const any = filters.some((filter) => hasValue(values[filter.id]));
  return (
    <div
      role="group"
      aria-label={t('filters.title')}
      data-testid="dashboard-filters"
      style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-end' }}
    >
      {filters.map((filter) => {
        const value = values[filter.id];
        const label = labelOf(filter);
        if (filter.kind === 'dateRange') {
          const range = isRange(value) ? value : {};
          const set = (patch: Range) => onChange(filter.id, { ...range, ...patch });
          return (
            <fieldset key={filter.id} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <legend style={{ fontSize: token.fontSizeSM, marginBottom: 2 }}>{label}</legend>
              <span style={{ display: 'flex', gap: token.marginXS, flexWrap: 'wrap' }}>
                <Input
                  type="date"
                  aria-label={t('filters.from', { filter: label })}
                  value={range.from ?? ''}
                  onChange={(event) => set({ from: event.target.value || undefined })}
                  style={{ width: 160 }}
                />
                <Input
                  type="date"
                  aria-label={t('filters.to', { filter: label })}
                  value={range.to ?? ''}
                  onChange={(event) => set({ to: event.target.value || undefined })}
                  style={{ width: 160 }}
                />
              </span>
            </fieldset>
          );
        }
        if (filter.kind === 'status') {
          return (
            <label key={filter.id} style={{ display: 'grid', fontSize: token.fontSizeSM, minWidth: 0 }}>
              {label}
              <Select
                allowClear
                aria-label={label}
                value={typeof value === 'string' && value !== '' ? value : undefined}
                placeholder={t('filters.any')}
                options={RECORD_STATUSES.map((status) => ({
                  value: status,
                  label: t(`records:status.${statusKey(status)}`, { defaultValue: status }),
                }))}
                onChange={(next: string | undefined) => onChange(filter.id, next ?? null)}
                style={{ width: 180 }}
              />
            </label>
          );
        }
        return (
          <label key={filter.id} style={{ display: 'grid', fontSize: token.fontSizeSM, minWidth: 0 }}>
            {label}
            <Input
              allowClear
              aria-label={label}
              value={textOf(value)}
              placeholder={t('filters.any')}
              onChange={(event) => onChange(filter.id, event.target.value === '' ? null : event.target.value)}
              style={{ width: 180, maxWidth: '100%' }}
            />
          </label>
        );
      })}
      <Button icon={<ClearOutlined />} onClick={onClear} disabled={!any}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}
