import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

/** The Editor API's user search. Until the server offers it the picker simply has no options. */
export const USER_LOOKUP_PATH = '/api/form/Editor/UserLookup2';

interface UserOption {
  value: string;
  label: string;
}

const pick = (row: Record<string, unknown>, keys: string[]): string => {
  for (const key of keys) {
    const value = row[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
};

/** Whatever user rows the lookup answers with → select options (id and the best name it has). */
export function toUserOptions(data: unknown): UserOption[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const row = item as Record<string, unknown>;
    const value = pick(row, ['uid', 'id', 'user_id', 'value', 'username']);
    const label = pick(row, ['fullname', 'full_name', 'name', 'label', 'username', 'email']) || value;
    return value ? [{ value, label }] : [];
  });
}

export const userKeys = {
  search: (search: string) => ['formRenderer', 'userLookup', search] as const,
};

function useUserOptions(search: string) {
  return useQuery({
    queryKey: userKeys.search(search),
    queryFn: async () =>
      toUserOptions((await http.get<unknown>(USER_LOOKUP_PATH, { query: { search } })).data),
    // A missing or failing lookup leaves the picker empty; the form itself still works.
    retry: false,
    meta: { errorToast: false },
  });
}

export function UserControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useUserOptions(settled);
  const many = props.field.fieldType === 'multi-select-user' || Boolean(props.field.multiUserSelected);
  const options = query.data ?? [];
  const selected = Array.isArray(props.value)
    ? props.value.map(asText)
    : props.value
      ? [asText(props.value)]
      : [];
  if (props.readOnly) {
    const names = selected.map((id) => options.find((option) => option.value === id)?.label ?? id);
    return <ReadOnlyValue control={props} text={names.join(', ')} />;
  }
  return (
    <Select
      {...a11y(props)}
      mode={many ? 'multiple' : undefined}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={options}
      value={many ? selected : selected[0]}
      placeholder={props.field.placeholder || t(many ? 'user.placeholderMany' : 'user.placeholder')}
      notFoundContent={t('user.empty')}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: string | string[] | undefined) => props.onChange(next === undefined ? null : next)}
    />
  );
}
