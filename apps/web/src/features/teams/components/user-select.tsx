import type { TeamUserOption } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useTeamUsers } from '../api.ts';

/** A person a select already shows (the current lead), so the label is right before any search. */
export interface KnownUser {
  id: string;
  fullname: string;
  username?: string;
}

export const userLabel = (user: { fullname: string; username?: string }) =>
  user.username && user.username !== user.fullname ? `${user.fullname} (${user.username})` : user.fullname;

interface CommonProps {
  id?: string;
  known?: readonly KnownUser[];
  /** Users that may not be picked (already members), left out of the options. */
  exclude?: ReadonlySet<string>;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

type UserSelectProps = CommonProps &
  (
    | { mode: 'single'; value?: string | null; onChange?: (value: string | null) => void }
    | { mode: 'multiple'; value?: string[]; onChange?: (value: string[]) => void }
  );

/**
 * Picks active users of the tenant: the search asks the server (500 ms after the last key, spec
 * §9), 20 a page, and scrolling to the end of the list loads the next page.
 */
export function UserSelect(props: UserSelectProps) {
  const { t } = useTranslation('teams');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Nothing is fetched until the list is opened: a form with a picker costs no call by itself.
  const users = useTeamUsers(settled, open);

  const options = useMemo(() => {
    const seen = new Set<string>();
    const list: Array<{ value: string; label: string }> = [];
    const add = (user: KnownUser | TeamUserOption) => {
      if (seen.has(user.id) || props.exclude?.has(user.id)) return;
      seen.add(user.id);
      list.push({ value: user.id, label: userLabel(user) });
    };
    // Known users only while not searching: a search shows what the server found.
    if (settled === '') props.known?.forEach(add);
    users.data?.pages.forEach((page) => page.records.forEach(add));
    return list;
  }, [users.data, props.known, props.exclude, settled]);

  // The selected value's label must exist even when it is not among the fetched options.
  const selectedOptions = useMemo(() => {
    const values = props.mode === 'single' ? (props.value ? [props.value] : []) : (props.value ?? []);
    const have = new Set(options.map((option) => option.value));
    const extra = values
      .filter((value) => !have.has(value))
      .map((value) => {
        const known = props.known?.find((user) => user.id === value);
        return { value, label: known ? userLabel(known) : value };
      });
    return [...extra, ...options];
  }, [options, props.mode, props.value, props.known]);

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    const nearEnd = target.scrollTop + target.clientHeight >= target.scrollHeight - 32;
    if (nearEnd && users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage();
  };

  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    placeholder: props.placeholder ?? t('picker.placeholder'),
    disabled: props.disabled,
    options: selectedOptions,
    showSearch: { filterOption: false, onSearch: setSearch, searchValue: search },
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (!next) setSearch('');
    },
    onPopupScroll,
    loading: users.isFetching,
    notFoundContent: users.isFetching ? <Spin size="small" /> : t('picker.noUsers'),
    style: { width: '100%' },
  };

  if (props.mode === 'single') {
    const onChange = props.onChange;
    return (
      <Select<string | null>
        {...common}
        allowClear
        value={props.value ?? null}
        onChange={(value) => onChange?.(value ?? null)}
      />
    );
  }
  const onChange = props.onChange;
  return (
    <Select<string[]>
      {...common}
      mode="multiple"
      value={props.value ?? []}
      onChange={(value) => {
        onChange?.(value);
        setSearch('');
      }}
    />
  );
}
