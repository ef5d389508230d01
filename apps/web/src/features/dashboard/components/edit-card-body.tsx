// A card's body in edit mode: what it shows in words, and what is edited in place — a text card's
// text, a number card's target and comparison with the previous period, and for cards with a query
// which field of their app each dashboard filter applies to (issue 24 item 5: wired by field name
// unless the card says otherwise).
import type { DashboardCard, DashboardFilter } from '@formloop/contracts';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listColumns, useRecordForm } from '../../records/index.ts';
import { wiringChoice, withWiring, WIRING_AUTO, WIRING_NONE } from '../lib/dashboard-logic.ts';

/** Per dashboard filter: automatic (by name), not applied, or wired to a field of the card's app. */
function FilterWiring({
  card,
  filters,
  onChange,
}: {
  card: DashboardCard;
  filters: readonly DashboardFilter[];
  onChange: (patch: Partial<DashboardCard>) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const form = useRecordForm(card.definition?.moduleId ?? '');
  const columns = useMemo(
    () => (form.data ? listColumns(form.data.definition.fieldGroups) : []),
    [form.data],
  );
  return (
    <fieldset
      style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: token.marginXXS, minWidth: 0 }}
    >
      <legend style={{ fontWeight: token.fontWeightStrong, fontSize: token.fontSizeSM }}>
        {t('edit.wiringTitle')}
      </legend>
      {filters.map((filter) => {
        const name = filter.label || filter.field;
        return (
          <label key={filter.id} style={{ display: 'grid', minWidth: 0 }}>
            {t('edit.wiring', { filter: name })}
            <Select
              aria-label={t('edit.wiringOf', {
                filter: name,
                title: card.title || t(`cardTypes.${card.type}`),
              })}
              size="small"
              loading={form.isPending && card.definition !== undefined}
              value={wiringChoice(card, filter.id)}
              onChange={(choice: string) => onChange({ filterFields: withWiring(card, filter.id, choice) })}
              options={[
                { value: WIRING_AUTO, label: t('edit.wiringAuto', { field: filter.field }) },
                { value: WIRING_NONE, label: t('edit.wiringNone') },
                ...columns.map((column) => ({ value: column.key, label: column.label })),
              ]}
              style={{ width: '100%' }}
            />
          </label>
        );
      })}
    </fieldset>
  );
}

export function EditCardBody({
  card,
  filters,
  onChange,
}: {
  card: DashboardCard;
  /** The dashboard's filters (as being edited). */
  filters: readonly DashboardFilter[];
  onChange: (patch: Partial<DashboardCard>) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const kind = t(`cardTypes.${card.type}`);
  if (card.type === 'text')
    return (
      <Input.TextArea
        aria-label={t('edit.text')}
        value={card.text ?? ''}
        maxLength={4000}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(event) => onChange({ text: event.target.value })}
      />
    );
  return (
    <div style={{ display: 'grid', gap: token.marginXS, color: token.colorTextSecondary }}>
      <span>{t('edit.cardKind', { kind })}</span>
      {card.type === 'number' ? (
        <>
          <label style={{ display: 'grid' }}>
            {t('edit.target')}
            <InputNumber
              aria-label={t('edit.target')}
              value={card.target ?? null}
              onChange={(value) => onChange({ target: typeof value === 'number' ? value : undefined })}
              style={{ width: '100%' }}
            />
          </label>
          <Checkbox checked={card.compare} onChange={(event) => onChange({ compare: event.target.checked })}>
            {t('edit.compare')}
          </Checkbox>
        </>
      ) : null}
      {card.definition && filters.length > 0 ? (
        <FilterWiring card={card} filters={filters} onChange={onChange} />
      ) : null}
    </div>
  );
}
