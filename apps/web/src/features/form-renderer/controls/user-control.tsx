import { APP_SETTINGS_PATHS, USER_LOOKUP_MAX_LENGTH } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

/** The Editor API's user search (UserLookup2, GET ?search=): the first 50 matching active users. */
export const USER_LOOKUP_PATH = APP_SETTINGS_PATHS.userLookup2;

export interface UserOption {
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

/** Whatever user rows a lookup answers with → select options (id and the best name it has). */
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
  byIds: (ids: string[]) => ['formRenderer', 'userLookup', 'ids', ...ids] as const,
};

/** The ids a user field stores (one id, or several for multi-select-user). */
export const storedUserIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(asText) : value ? [asText(value)] : []).filter(Boolean);

function useUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.search(search),
    queryFn: async () =>
      toUserOptions((await http.get<unknown>(USER_LOOKUP_PATH, { query: { search } })).data),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A failing lookup leaves the picker without options; the form itself still works.
    retry: false,
    meta: { errorToast: false },
  });
}

/** The names behind stored ids (UserLookup with ids), so a saved record shows people, not ids. */
export function useUserNames(ids: string[]) {
  const sorted = useMemo(() => [...new Set(ids)].sort(), [ids]);
  const query = useQuery({
    queryKey: userKeys.byIds(sorted),
    queryFn: async () => {
      const pages: UserOption[] = [];
      // The lookup takes at most 50 ids per call.
      for (let at = 0; at < sorted.length; at += USER_LOOKUP_MAX_LENGTH) {
        const chunk = sorted.slice(at, at + USER_LOOKUP_MAX_LENGTH);
        const answer = await http.post<{ items?: unknown }>(APP_SETTINGS_PATHS.userLookup, {
          ids: chunk,
          page: 1,
          length: chunk.length,
        });
        pages.push(...toUserOptions(answer.data?.items));
      }
      return pages;
    },
    enabled: sorted.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { errorToast: false },
  });
  return { names: query.data ?? [], isPending: sorted.length > 0 && query.isPending };
}

/** user and multi-select-user: search debounced as typed; stored ids shown with their names. */
export function UserControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const many = props.field.fieldType === 'multi-select-user' || Boolean(props.field.multiUserSelected);
  const selected = storedUserIds(props.value);
  const known = useUserNames(selected);
  // The search runs once someone opens or types in the picker, not for every user field on the page.
  const found = useUserSearch(settled, !props.readOnly && (open || settled !== ''));

  const nameOf = (id: string) => known.names.find((option) => option.value === id)?.label;
  if (props.readOnly) {
    const text = known.isPending ? '' : selected.map((id) => nameOf(id) ?? id).join(', ');
    return <ReadOnlyValue control={props} text={text} />;
  }
  const options: UserOption[] = [...(found.data ?? [])];
  for (const id of selected) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: nameOf(id) ?? id });
  }
  return (
    <Select
      {...a11y(props)}
      mode={many ? 'multiple' : undefined}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={setOpen}
      loading={found.isFetching || known.isPending}
      options={options}
      value={many ? selected : selected[0]}
      placeholder={props.field.placeholder || t(many ? 'user.placeholderMany' : 'user.placeholder')}
      notFoundContent={found.isFetching ? t('user.searching') : t('user.empty')}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: string | string[] | undefined) => {
        setSearch('');
        props.onChange(next === undefined || (Array.isArray(next) && next.length === 0) ? null : next);
      }}
    />
  );
}
