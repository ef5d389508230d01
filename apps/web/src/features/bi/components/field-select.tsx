// One field of any app the question reads, grouped by app (the base app first, then each join).
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../records/index.ts';
import { parseRefKey, refKey, type Source } from '../lib/question.ts';
import type { SourceInfo } from '../lib/sources.ts';
import { BI_NAMESPACE } from '../messages.ts';

export function FieldSelect({
  label,
  sources,
  value,
  suits,
  columnLabel,
  onChange,
  allowClear = false,
  disabled = false,
}: {
  /** The select's accessible name. */
  label: string;
  sources: readonly SourceInfo[];
  value: { source: Source; field: string } | null;
  /** Which columns may be picked here. */
  suits: (column: ListColumn) => boolean;
  columnLabel: (column: ListColumn, key: string) => string;
  onChange: (ref: { source: Source; field: string } | null) => void;
  allowClear?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(BI_NAMESPACE);
  const options = sources
    .map((info) => ({
      label: info.label,
      title: info.label,
      options: info.columns.filter(suits).map((column) => ({
        value: refKey({ source: info.source, field: column.key }),
        label: columnLabel(column, column.key),
      })),
    }))
    .filter((group) => group.options.length > 0);
  return (
    <Select
      aria-label={label}
      placeholder={t('builder.chooseField')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value && value.field ? refKey(value) : undefined}
      onChange={(key: string | undefined) => onChange(key ? parseRefKey(key) : null)}
      options={options}
      allowClear={allowClear}
      disabled={disabled}
      loading={sources.some((info) => info.loading)}
      // Every app's fields in one list: short enough to render whole, so each group stays reachable.
      virtual={false}
      notFoundContent={t('builder.noFields')}
      style={{ width: '100%', minWidth: 0 }}
    />
  );
}
