// Group by (up to three levels, date fields by a period), measures, the totals row and the pivot.
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  DATE_GRAINS,
  REPORT_AGGREGATES,
  REPORT_GROUP_LIMIT,
  REPORT_MAX_GROUPS,
  REPORT_MAX_MEASURES,
  type ReportGroup,
  type ReportMeasure,
} from '@formloop/contracts';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../records/index.ts';
import { canGroupBy, hasGrain, suitsAggregate, type DesignerState } from '../lib/designer-state.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';

interface Common {
  columns: readonly ListColumn[];
  labelOf: (key: string) => string;
}

const SELECT_WIDTH = { flex: '1 1 160px', minWidth: 0, maxWidth: 260 } as const;

function GroupRow({
  group,
  n,
  columns,
  labelOf,
  onChange,
  onRemove,
  removeLabel,
  scope,
}: Common & {
  group: ReportGroup;
  n: number;
  onChange: (group: ReportGroup) => void;
  onRemove?: () => void;
  removeLabel?: string;
  /** Pivot rows and the pivot column get their own field names read out. */
  scope?: 'pivotRow' | 'pivotColumn';
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const kind = columns.find((column) => column.key === group.field)?.kind ?? '';
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}>
      <Select
        aria-label={t(scope ? `designer.${scope}Field` : 'designer.groupField', { n })}
        placeholder={t('designer.chooseField')}
        showSearch={{ optionFilterProp: 'label' }}
        value={group.field || undefined}
        onChange={(field: string) => {
          const fieldKind = columns.find((column) => column.key === field)?.kind ?? '';
          onChange({ field, ...(hasGrain(fieldKind) ? { grain: group.grain ?? 'month' } : {}) });
        }}
        options={columns
          .filter((column) => canGroupBy(column.kind))
          .map((column) => ({ value: column.key, label: labelOf(column.key) }))}
        style={SELECT_WIDTH}
      />
      {hasGrain(kind) ? (
        <Select
          aria-label={t(scope ? `designer.${scope}Grain` : 'designer.grain', { n })}
          value={group.grain}
          onChange={(grain: ReportGroup['grain']) => onChange({ field: group.field, grain })}
          options={DATE_GRAINS.map((grain) => ({ value: grain, label: t(`grains.${grain}`) }))}
          style={{ width: 130 }}
        />
      ) : null}
      {onRemove ? (
        <Button type="text" icon={<DeleteOutlined />} aria-label={removeLabel} onClick={onRemove} />
      ) : null}
    </div>
  );
}

function MeasureRow({
  measure,
  n,
  columns,
  labelOf,
  onChange,
  onRemove,
  pivot,
}: Common & {
  measure: ReportMeasure;
  n: number;
  onChange: (m: ReportMeasure) => void;
  onRemove?: () => void;
  /** The pivot's measure (its own names read out). */
  pivot?: boolean;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const fields = columns.filter((column) => suitsAggregate(measure.aggregate, column.kind));
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}>
      <Select
        aria-label={pivot ? t('designer.pivotAggregate') : t('designer.aggregate', { n })}
        value={measure.aggregate}
        onChange={(aggregate: ReportMeasure['aggregate']) => {
          const kind = columns.find((column) => column.key === measure.field)?.kind ?? '';
          const keep = aggregate !== 'count' && measure.field && suitsAggregate(aggregate, kind);
          onChange({ aggregate, ...(keep ? { field: measure.field } : {}) });
        }}
        options={REPORT_AGGREGATES.map((aggregate) => ({
          value: aggregate,
          label: t(`aggregates.${aggregate}`),
        }))}
        style={SELECT_WIDTH}
      />
      {measure.aggregate !== 'count' ? (
        <Select
          aria-label={pivot ? t('designer.pivotMeasureField') : t('designer.measureField', { n })}
          placeholder={t('designer.chooseField')}
          showSearch={{ optionFilterProp: 'label' }}
          value={measure.field}
          status={measure.field ? undefined : 'warning'}
          onChange={(field: string) => onChange({ aggregate: measure.aggregate, field })}
          options={fields.map((column) => ({ value: column.key, label: labelOf(column.key) }))}
          style={SELECT_WIDTH}
        />
      ) : null}
      {onRemove ? (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('designer.removeMeasure', { n })}
          onClick={onRemove}
        />
      ) : null}
    </div>
  );
}

export function DesignerGrouping({
  state,
  columns,
  labelOf,
  onChange,
}: Common & { state: DesignerState; onChange: (patch: Partial<DesignerState>) => void }) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const section = { display: 'flex', flexDirection: 'column', gap: token.marginXS } as const;
  const heading = { margin: `${token.marginSM}px 0 0`, fontSize: token.fontSize, fontWeight: 600 } as const;
  const pivot = state.pivot;
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM }}
      data-testid="designer-grouping"
    >
      <h3 style={heading}>{t('designer.groupBy')}</h3>
      <div style={section}>
        {state.groupBy.map((group, index) => (
          <GroupRow
            key={index}
            n={index + 1}
            group={group}
            columns={columns}
            labelOf={labelOf}
            onChange={(next) =>
              onChange({ groupBy: state.groupBy.map((one, i) => (i === index ? next : one)) })
            }
            onRemove={() => onChange({ groupBy: state.groupBy.filter((_, i) => i !== index) })}
            removeLabel={t('designer.removeGroup', { n: index + 1 })}
          />
        ))}
        {state.groupBy.length < REPORT_MAX_GROUPS ? (
          <Button
            icon={<PlusOutlined />}
            onClick={() => onChange({ groupBy: [...state.groupBy, { field: '' }] })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('designer.addGroup')}
          </Button>
        ) : (
          <span style={{ color: token.colorTextSecondary }}>
            {t('designer.maxGroups', { count: REPORT_MAX_GROUPS })}
          </span>
        )}
      </div>

      <h3 style={heading}>{t('designer.measures')}</h3>
      <div style={section}>
        {state.measures.length === 0 ? (
          <span style={{ color: token.colorTextSecondary }}>{t('designer.measuresDefault')}</span>
        ) : null}
        {state.measures.map((measure, index) => (
          <MeasureRow
            key={index}
            n={index + 1}
            measure={measure}
            columns={columns}
            labelOf={labelOf}
            onChange={(next) =>
              onChange({ measures: state.measures.map((one, i) => (i === index ? next : one)) })
            }
            onRemove={() => onChange({ measures: state.measures.filter((_, i) => i !== index) })}
          />
        ))}
        {state.measures.length < REPORT_MAX_MEASURES ? (
          <Button
            icon={<PlusOutlined />}
            onClick={() => onChange({ measures: [...state.measures, { aggregate: 'count' }] })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('designer.addMeasure')}
          </Button>
        ) : null}
      </div>

      <label style={{ display: 'flex', gap: token.marginXS, alignItems: 'center' }}>
        <Switch checked={state.totals} onChange={(totals) => onChange({ totals })} />
        {t('designer.totals')}
      </label>

      <label style={{ display: 'flex', gap: token.marginXS, alignItems: 'center' }}>
        <Switch
          checked={pivot.enabled}
          onChange={(enabled) =>
            onChange({
              pivot: {
                ...pivot,
                enabled,
                rows: pivot.rows.length > 0 ? pivot.rows : [{ field: '' }],
                column: pivot.column ?? { field: '' },
              },
            })
          }
        />
        {t('designer.pivot')}
      </label>
      {pivot.enabled ? (
        <div style={{ ...section, paddingInlineStart: token.paddingSM }} data-testid="designer-pivot">
          <span>{t('designer.pivotRows')}</span>
          {pivot.rows.map((group, index) => (
            <GroupRow
              key={index}
              n={index + 1}
              group={group}
              columns={columns}
              labelOf={labelOf}
              onChange={(next) =>
                onChange({
                  pivot: { ...pivot, rows: pivot.rows.map((one, i) => (i === index ? next : one)) },
                })
              }
              onRemove={
                pivot.rows.length > 1
                  ? () => onChange({ pivot: { ...pivot, rows: pivot.rows.filter((_, i) => i !== index) } })
                  : undefined
              }
              removeLabel={t('designer.removePivotRow', { n: index + 1 })}
              scope="pivotRow"
            />
          ))}
          {pivot.rows.length < 2 ? (
            <Button
              icon={<PlusOutlined />}
              onClick={() => onChange({ pivot: { ...pivot, rows: [...pivot.rows, { field: '' }] } })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('designer.addPivotRow')}
            </Button>
          ) : null}
          <span>{t('designer.pivotColumn')}</span>
          <GroupRow
            n={1}
            group={pivot.column ?? { field: '' }}
            columns={columns}
            labelOf={labelOf}
            onChange={(column) => onChange({ pivot: { ...pivot, column } })}
            scope="pivotColumn"
          />
          <span>{t('designer.pivotMeasure')}</span>
          <MeasureRow
            n={1}
            measure={pivot.measure}
            columns={columns}
            labelOf={labelOf}
            onChange={(measure) => onChange({ pivot: { ...pivot, measure } })}
            pivot
          />
        </div>
      ) : null}
    </div>
  );
}

/** How the groups are ordered (by a group or a measure, up or down) and how many at most (top N). */
export function DesignerSort({
  state,
  groupLabels,
  measureLabels,
  onChange,
}: {
  state: DesignerState;
  groupLabels: string[];
  measureLabels: string[];
  onChange: (patch: Partial<DesignerState>) => void;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const first = state.sort[0];
  const value = first ? ('group' in first ? `group:${first.group}` : `measure:${first.measure}`) : 'default';
  const dir = first?.dir ?? 'asc';
  const choose = (next: string, nextDir: 'asc' | 'desc') => {
    if (next === 'default') return onChange({ sort: [] });
    const [kind, index] = next.split(':');
    const n = Number(index);
    onChange({ sort: [kind === 'group' ? { group: n, dir: nextDir } : { measure: n, dir: nextDir }] });
  };
  const field = {
    display: 'flex',
    flexDirection: 'column',
    gap: token.marginXXS,
    flex: '1 1 150px',
  } as const;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM }} data-testid="designer-sort">
      <label style={field}>
        {t('designer.sortBy')}
        <Select
          aria-label={t('designer.sortBy')}
          value={value}
          onChange={(next: string) => choose(next, dir)}
          options={[
            { value: 'default', label: t('designer.sortDefault') },
            ...groupLabels.map((label, index) => ({ value: `group:${index}`, label })),
            ...measureLabels.map((label, index) => ({ value: `measure:${index}`, label })),
          ]}
        />
      </label>
      <label style={field}>
        {t('designer.sortDir')}
        <Select
          aria-label={t('designer.sortDir')}
          disabled={!first}
          value={dir}
          onChange={(next: 'asc' | 'desc') => choose(value, next)}
          options={[
            { value: 'asc', label: t('designer.ascending') },
            { value: 'desc', label: t('designer.descending') },
          ]}
        />
      </label>
      <label style={field}>
        {t('designer.limit')}
        <InputNumber
          aria-label={t('designer.limit')}
          min={1}
          max={REPORT_GROUP_LIMIT}
          precision={0}
          value={state.limit}
          onChange={(limit) => onChange({ limit: typeof limit === 'number' ? limit : REPORT_GROUP_LIMIT })}
          style={{ width: '100%' }}
        />
      </label>
    </div>
  );
}
