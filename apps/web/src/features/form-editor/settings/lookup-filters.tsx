import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { FILTER_OPERATORS, VALUELESS_FILTER_OPERATORS, type LookupFilter } from '@formloop/domain';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** The most filters a lookup keeps (the contract's limit). */
export const MAX_LOOKUP_FILTERS = 20;

const valueless = (operator: string) => (VALUELESS_FILTER_OPERATORS as readonly string[]).includes(operator);

/**
 * The lookup's filters, one row each: a field of the looked-up app, an operator of spec §3, and a
 * constant or (valueFromField) a field of this form whose current value is compared.
 */
export function LookupFilters({
  filters,
  columns,
  formFields,
  onChange,
}: {
  filters: LookupFilter[];
  columns: { value: string; label: string }[];
  formFields: { name: string; label: string }[];
  onChange(filters: LookupFilter[]): void;
}) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const set = (index: number, patch: Partial<LookupFilter>) =>
    onChange(filters.map((filter, at) => (at === index ? { ...filter, ...patch } : filter)));

  return (
    <div role="group" aria-labelledby="lookup-filters-title" style={{ display: 'grid', gap: token.marginXS }}>
      <Typography.Text id="lookup-filters-title" style={{ fontWeight: 500 }}>
        {t('settings.lookup.filters')}
      </Typography.Text>
      {filters.map((filter, index) => {
        const n = index + 1;
        return (
          <div
            key={index}
            data-testid={`lookup-filter-${index}`}
            style={{
              display: 'grid',
              gap: token.marginXXS,
              padding: token.paddingXS,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
            }}
          >
            <Select
              aria-label={t('settings.lookup.filterField', { n })}
              placeholder={t('settings.lookup.filterField', { n })}
              value={filter.field || undefined}
              onChange={(field: string) => set(index, { field })}
              options={columns}
            />
            <Select
              aria-label={t('settings.lookup.filterOperator', { n })}
              value={filter.operator}
              onChange={(operator: string) => set(index, { operator })}
              options={FILTER_OPERATORS.map((operator) => ({
                value: operator,
                label: t(`operators.${operator}`),
              }))}
            />
            {valueless(filter.operator) ? null : filter.valueFromField ? (
              <Select
                aria-label={t('settings.lookup.filterValueField', { n })}
                placeholder={t('settings.lookup.filterValueField', { n })}
                value={filter.value || undefined}
                onChange={(value: string) => set(index, { value })}
                options={formFields.map((field) => ({ value: field.name, label: field.label || field.name }))}
              />
            ) : (
              <Input
                aria-label={t('settings.lookup.filterValue', { n })}
                placeholder={t('settings.lookup.filterValue', { n })}
                value={filter.value}
                onChange={(event) => set(index, { value: event.target.value })}
              />
            )}
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Checkbox
                checked={filter.valueFromField}
                disabled={valueless(filter.operator)}
                onChange={(event) => set(index, { valueFromField: event.target.checked, value: '' })}
              >
                {t('settings.lookup.valueFromField')}
              </Checkbox>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('settings.lookup.removeFilter', { n })}
                onClick={() => onChange(filters.filter((_, at) => at !== index))}
              />
            </div>
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined aria-hidden />}
        disabled={filters.length >= MAX_LOOKUP_FILTERS}
        onClick={() =>
          onChange([...filters, { field: '', operator: 'eq', value: '', valueFromField: false }])
        }
      >
        {t('settings.lookup.addFilter')}
      </Button>
    </div>
  );
}
