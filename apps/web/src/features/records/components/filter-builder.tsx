import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { RecordFilter } from '@formloop/domain';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasValue,
  offersIgnoreCase,
  offersMatchesAll,
  operatorsFor,
  toRequestFilter,
  valueKindFor,
  type FilterDraft,
} from '../lib/filter-operators.ts';
import type { ListColumn } from '../lib/list-columns.ts';
import { FilterValueInput } from './filter-value-input.tsx';

export interface FilterBuilderProps {
  columns: readonly ListColumn[];
  labelOf: (key: string) => string;
  applied: readonly RecordFilter[];
  onApply: (filters: RecordFilter[]) => void;
  onClear: () => void;
}

let nextId = 0;
const newId = () => `filter-${(nextId += 1)}`;

const toDraft = (filter: RecordFilter): FilterDraft => ({
  id: newId(),
  field: filter.field,
  operator: filter.operator,
  value: filter.value,
  ignoreCase: filter.ignoreCase ?? false,
  matchesAll: filter.matchesAll ?? false,
});

const blank = (): FilterDraft => ({
  id: newId(),
  field: '',
  operator: undefined,
  value: undefined,
  ignoreCase: false,
  matchesAll: false,
});

/**
 * Rows of field + operator + value (spec §3 filters): operators offered per the field's type, a typed
 * value input, ignoreCase for text comparisons and matchesAll for multi-value fields. Apply sends
 * them; Clear removes them all.
 */
export function FilterBuilder({ columns, labelOf, applied, onApply, onClear }: FilterBuilderProps) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const [drafts, setDrafts] = useState<FilterDraft[]>(() =>
    applied.length > 0 ? applied.map(toDraft) : [blank()],
  );
  const [checked, setChecked] = useState(false);
  const byKey = new Map(columns.map((column) => [column.key, column]));

  const update = (id: string, patch: Partial<FilterDraft>) =>
    setDrafts((rows) => rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  const changeField = (draft: FilterDraft, field: string) => {
    const column = byKey.get(field);
    update(draft.id, {
      field,
      operator: column ? operatorsFor(column.kind)[0] : undefined,
      value: undefined,
    });
  };

  const changeOperator = (draft: FilterDraft, operator: FilterDraft['operator']) => {
    const column = byKey.get(draft.field);
    const same =
      column &&
      draft.operator &&
      operator &&
      valueKindFor(column.kind, draft.operator) === valueKindFor(column.kind, operator);
    update(draft.id, { operator, value: same ? draft.value : undefined });
  };

  const problemOf = (draft: FilterDraft): string | null => {
    const column = byKey.get(draft.field);
    if (!column || !draft.operator) return t('filters.fieldRequired');
    return hasValue(valueKindFor(column.kind, draft.operator), draft.value)
      ? null
      : t('filters.valueRequired');
  };

  const apply = () => {
    setChecked(true);
    // Untouched blank rows are simply left out; half-filled ones must be finished first.
    const filled = drafts.filter((draft) => draft.field !== '');
    if (filled.some((draft) => problemOf(draft) !== null)) return;
    onApply(filled.flatMap((draft) => toRequestFilter(draft, byKey.get(draft.field) as ListColumn) ?? []));
  };

  const clear = () => {
    setDrafts([blank()]);
    setChecked(false);
    onClear();
  };

  return (
    <Card
      size="small"
      title={t('filters.title')}
      data-testid="filter-builder"
      style={{ marginBottom: token.margin }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM }}>
        {drafts.map((draft, index) => {
          const n = index + 1;
          const column = byKey.get(draft.field);
          const operator = draft.operator;
          const valueKind = column && operator ? valueKindFor(column.kind, operator) : 'none';
          const problem = checked && draft.field !== '' ? problemOf(draft) : null;
          return (
            <div key={draft.id} data-testid="filter-row">
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}>
                <Select
                  aria-label={t('filters.field', { n })}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('filters.chooseField')}
                  value={draft.field || undefined}
                  onChange={(field: string) => changeField(draft, field)}
                  options={columns.map((one) => ({ value: one.key, label: labelOf(one.key) }))}
                  style={{ width: 200 }}
                />
                <Select
                  aria-label={t('filters.operator', { n })}
                  disabled={!column}
                  // At most fifteen operators: all rendered, none virtualised away.
                  virtual={false}
                  value={operator}
                  onChange={(next: FilterDraft['operator']) => changeOperator(draft, next)}
                  options={(column ? operatorsFor(column.kind) : []).map((one) => ({
                    value: one,
                    label: t(`operators.${one}`),
                  }))}
                  style={{ width: 200 }}
                />
                {column && operator && valueKind !== 'none' ? (
                  <div style={{ flex: '1 1 200px', minWidth: 160 }}>
                    <FilterValueInput
                      kind={valueKind}
                      value={draft.value}
                      onChange={(value) => update(draft.id, { value })}
                      label={t('filters.value', { n })}
                      invalid={problem !== null}
                    />
                  </div>
                ) : null}
                {column && operator && offersIgnoreCase(column.kind, operator) ? (
                  <Checkbox
                    checked={draft.ignoreCase}
                    onChange={(event) => update(draft.id, { ignoreCase: event.target.checked })}
                  >
                    {t('filters.ignoreCase')}
                  </Checkbox>
                ) : null}
                {column && operator && offersMatchesAll(column.kind, operator) ? (
                  <Checkbox
                    checked={draft.matchesAll}
                    onChange={(event) => update(draft.id, { matchesAll: event.target.checked })}
                  >
                    {t('filters.matchesAll')}
                  </Checkbox>
                ) : null}
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('filters.remove', { n })}
                  onClick={() =>
                    setDrafts((rows) =>
                      rows.length === 1 ? [blank()] : rows.filter((row) => row.id !== draft.id),
                    )
                  }
                />
              </div>
              {problem ? (
                <div role="alert" style={{ color: token.colorError, marginTop: token.marginXXS }}>
                  {problem}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      <div style={{ display: 'flex', gap: token.marginXS, marginTop: token.margin }}>
        <Button icon={<PlusOutlined />} onClick={() => setDrafts((rows) => [...rows, blank()])}>
          {t('filters.add')}
        </Button>
        <span style={{ flex: 1 }} />
        <Button onClick={clear}>{t('filters.clear')}</Button>
        <Button type="primary" onClick={apply}>
          {t('filters.apply')}
        </Button>
      </div>
    </Card>
  );
}
