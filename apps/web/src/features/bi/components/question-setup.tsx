// The question's setup: the apps joined through lookup fields, the pivot rows and column (date
// fields by a period), and the measure. Every control is a labelled select or button.
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { DATE_GRAINS, REPORT_AGGREGATES, type DateGrain, type ReportAggregate } from '@formloop/contracts';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../records/index.ts';
import { canGroupBy, hasGrain, suitsAggregate } from '../../reports/index.ts';
import {
  freeAlias,
  MAX_JOINS,
  MAX_ROWS,
  withoutJoin,
  type FieldRef,
  type QuestionState,
  type Source,
} from '../lib/question.ts';
import { joinLabel, type LookupOption, type SourceInfo } from '../lib/sources.ts';
import { BI_NAMESPACE } from '../messages.ts';
import { FieldSelect } from './field-select.tsx';

export interface SetupProps {
  state: QuestionState;
  sources: readonly SourceInfo[];
  lookups: readonly LookupOption[];
  columnLabel: (column: ListColumn | undefined, key: string) => string;
  columnOf: (ref: { source: Source; field: string }) => ListColumn | undefined;
  onChange: (state: QuestionState) => void;
}

const groupable = (column: ListColumn) => canGroupBy(column.kind);

function Line({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center', minWidth: 0 }}
    >
      {children}
    </div>
  );
}

/** A group field with its period when it is a date. */
function GroupPicker({
  label,
  value,
  props,
  allowClear,
  onPick,
  extra,
}: {
  label: string;
  value: FieldRef | null;
  props: SetupProps;
  allowClear?: boolean;
  onPick: (ref: FieldRef | null) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(BI_NAMESPACE);
  const column = value ? props.columnOf(value) : undefined;
  return (
    <Line>
      <div style={{ flex: '1 1 180px', minWidth: 0 }}>
        <FieldSelect
          label={label}
          sources={props.sources}
          value={value}
          suits={groupable}
          columnLabel={props.columnLabel}
          allowClear={allowClear}
          onChange={(ref) => {
            if (!ref) return onPick(null);
            const picked = props.columnOf(ref);
            onPick({ ...ref, ...(picked && hasGrain(picked.kind) ? { grain: 'month' as DateGrain } : {}) });
          }}
        />
      </div>
      {value && column && hasGrain(column.kind) ? (
        <Select
          aria-label={t('builder.grainOf', { field: label })}
          value={value.grain ?? 'month'}
          onChange={(grain: DateGrain) => onPick({ ...value, grain })}
          options={DATE_GRAINS.map((grain) => ({ value: grain, label: t(`grains.${grain}`) }))}
          style={{ flex: '0 1 140px', minWidth: 110 }}
        />
      ) : null}
      {extra}
    </Line>
  );
}

export function JoinsSetup(props: SetupProps) {
  const { t } = useTranslation(BI_NAMESPACE);
  const { token } = theme.useToken();
  const { state, lookups, onChange } = props;
  const alias = freeAlias(state.joins);
  const open = lookups.filter((option) => !state.joins.some((join) => join.field === option.field));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }} data-testid="bi-joins">
      {state.joins.length === 0 ? (
        <p style={{ margin: 0, color: token.colorTextSecondary }}>
          {lookups.length === 0 ? t('builder.noLookups') : t('builder.joinHint')}
        </p>
      ) : null}
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}
      >
        {state.joins.map((join) => {
          const lookup = lookups.find((option) => option.field === join.field);
          const name = lookup ? joinLabel(lookup) : join.field;
          return (
            <li key={join.alias}>
              <Line>
                <span style={{ flex: '1 1 160px', overflowWrap: 'anywhere' }}>{name}</span>
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('builder.removeJoin', { name })}
                  onClick={() => onChange(withoutJoin(state, join.alias))}
                />
              </Line>
            </li>
          );
        })}
      </ul>
      {alias && open.length > 0 && state.joins.length < MAX_JOINS ? (
        <Select
          aria-label={t('builder.addJoin')}
          placeholder={t('builder.addJoin')}
          value={null}
          onChange={(field: string) => onChange({ ...state, joins: [...state.joins, { alias, field }] })}
          options={open.map((option) => ({ value: option.field, label: joinLabel(option) }))}
          style={{ width: '100%' }}
        />
      ) : null}
      {state.joins.length >= MAX_JOINS ? (
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('builder.maxJoins')}</p>
      ) : null}
    </div>
  );
}

export function PivotSetup(props: SetupProps) {
  const { t } = useTranslation(BI_NAMESPACE);
  const { token } = theme.useToken();
  const { state, onChange } = props;
  const rows = state.rows.length > 0 ? state.rows : [{ source: 'base' as const, field: '' }];
  const setRow = (index: number, ref: FieldRef | null) => {
    const next = [...rows];
    if (ref) next[index] = ref;
    else next.splice(index, 1);
    onChange({ ...state, rows: next.filter((row) => row.field !== '') });
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM }} data-testid="bi-pivot">
      {rows.map((row, index) => (
        <GroupPicker
          key={index}
          label={t('builder.row', { n: index + 1 })}
          value={row.field ? row : null}
          props={props}
          onPick={(ref) => setRow(index, ref)}
          extra={
            row.field && rows.length > 1 ? (
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('builder.removeRow', { n: index + 1 })}
                onClick={() => setRow(index, null)}
              />
            ) : null
          }
        />
      ))}
      {state.rows.length > 0 && state.rows.length < MAX_ROWS ? (
        <div>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => onChange({ ...state, rows: [...state.rows, { source: 'base', field: '' }] })}
          >
            {t('builder.addRow')}
          </Button>
        </div>
      ) : null}
      <GroupPicker
        label={t('builder.column')}
        value={state.column}
        props={props}
        allowClear
        onPick={(column) => onChange({ ...state, column })}
      />
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('builder.columnHint')}</p>
    </div>
  );
}

export function MeasureSetup(props: SetupProps) {
  const { t } = useTranslation(BI_NAMESPACE);
  const { state, onChange } = props;
  const { measure } = state;
  const setAggregate = (aggregate: ReportAggregate) => {
    const column = measure.field ? props.columnOf(measure) : undefined;
    const keep = aggregate !== 'count' && column !== undefined && suitsAggregate(aggregate, column.kind);
    onChange({
      ...state,
      measure: keep ? { ...measure, aggregate } : { aggregate, source: 'base', field: '' },
    });
  };
  return (
    <Line>
      <Select
        aria-label={t('builder.aggregate')}
        value={measure.aggregate}
        onChange={setAggregate}
        options={REPORT_AGGREGATES.map((aggregate) => ({
          value: aggregate,
          label: t(`aggregates.${aggregate}`),
        }))}
        style={{ flex: '1 1 140px', minWidth: 0 }}
      />
      {measure.aggregate !== 'count' ? (
        <div style={{ flex: '2 1 180px', minWidth: 0 }}>
          <FieldSelect
            label={t('builder.measureField')}
            sources={props.sources}
            value={measure.field ? measure : null}
            suits={(column) => suitsAggregate(measure.aggregate, column.kind)}
            columnLabel={props.columnLabel}
            onChange={(ref) =>
              onChange({
                ...state,
                measure: {
                  aggregate: measure.aggregate,
                  source: ref?.source ?? 'base',
                  field: ref?.field ?? '',
                },
              })
            }
          />
        </div>
      ) : null}
    </Line>
  );
}
