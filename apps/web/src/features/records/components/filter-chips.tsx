import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import type { RecordFilter, RecordStatus } from '@formloop/domain';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { useUserNames } from '../api.ts';
import type { ListColumn } from '../lib/list-columns.ts';
import { STATUS_KEYS } from './status-tag.tsx';

export interface FilterChipsProps {
  filters: readonly RecordFilter[];
  columns: readonly ListColumn[];
  labelOf: (key: string) => string;
  onRemove: (index: number) => void;
  onClear: () => void;
}

const values = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** The applied filters as removable chips ('Amount is at least 10'), with a Clear filters button. */
export function FilterChips({ filters, columns, labelOf, onRemove, onClear }: FilterChipsProps) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const kinds = useMemo(() => new Map(columns.map((column) => [column.key, column.kind])), [columns]);
  const userIds = useMemo(
    () =>
      [
        ...new Set(
          filters
            .filter((filter) => ['user', 'users'].includes(kinds.get(filter.field) ?? ''))
            .flatMap((filter) => values(filter.value).map(String)),
        ),
      ].sort(),
    [filters, kinds],
  );
  const users = useUserNames(userIds);
  if (filters.length === 0) return null;

  const valueText = (filter: RecordFilter): string => {
    const kind = kinds.get(filter.field);
    return values(filter.value)
      .map((value) => {
        if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
        if (kind === 'status') return t(STATUS_KEYS[value as RecordStatus] ?? String(value));
        if (kind === 'user' || kind === 'users') return users.data?.get(String(value)) ?? String(value);
        if (kind === 'datetime') return formatDate(String(value), 'datetime');
        if (kind === 'date') return formatDate(String(value), 'date');
        return String(value);
      })
      .join(', ');
  };

  return (
    <div
      data-testid="filter-chips"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: token.marginXS,
        alignItems: 'center',
        marginBottom: token.margin,
      }}
    >
      {filters.map((filter, index) => {
        const text = [labelOf(filter.field), t(`operators.${filter.operator}`), valueText(filter)]
          .filter(Boolean)
          .join(' ');
        return (
          <Tag key={`${filter.field}-${index}`} color="blue" style={{ marginInlineEnd: 0 }}>
            <span data-testid="filter-chip">{text}</span>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('filters.removeChip', { filter: text })}
              onClick={() => onRemove(index)}
              style={{ marginInlineStart: token.marginXXS, height: 'auto', padding: 0 }}
            />
          </Tag>
        );
      })}
      <Button type="link" size="small" onClick={onClear}>
        {t('empty.clearFilters')}
      </Button>
    </div>
  );
}
