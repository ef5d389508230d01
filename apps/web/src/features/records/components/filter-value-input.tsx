import { APP_SETTINGS_PATHS, type LookupUser } from '@formloop/contracts';
import { parseLocaleNumber, SEARCH_DEBOUNCE_MS, validateSearch } from '@formloop/domain';
import { useQuery } from '@tanstack/react-query';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import TimePicker from 'antd/es/time-picker';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { recordKeys } from '../api.ts';
import type { FilterValueKind } from '../lib/filter-operators.ts';
import { STATUS_KEYS } from './status-tag.tsx';

const FILTER_STATUSES = ['Draft', 'In Progress', 'Completed', 'Faulted'] as const;
const TIME = 'HH:mm:ss';

interface ValueInputProps {
  kind: FilterValueKind;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  invalid: boolean;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Users by name for user filters (UserLookup2: the first 50 matches). */
function UserSelect({ multiple, ...props }: Omit<ValueInputProps, 'kind'> & { multiple: boolean }) {
  const { t } = useTranslation('records');
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const valid = validateSearch(search) === null;
  const users = useQuery({
    queryKey: [...recordKeys.all, 'userSearch', search],
    queryFn: async () =>
      (await http.get<LookupUser[]>(APP_SETTINGS_PATHS.userLookup2, { query: { search } })).data ?? [],
    enabled: valid,
    meta: { errorToast: false },
  });
  return (
    <Select
      aria-label={props.label}
      status={props.invalid ? 'error' : undefined}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      placeholder={t('filters.searchUsers')}
      value={multiple ? strings(props.value) : ((props.value as string | undefined) ?? undefined)}
      onChange={(next: string | string[]) => props.onChange(next)}
      notFoundContent={users.isFetching ? <Spin size="small" /> : t('filters.noUsers')}
      options={(users.data ?? []).map((user) => ({ value: user.id, label: user.fullname || user.username }))}
      style={{ minWidth: 200, width: '100%' }}
    />
  );
}

/** The typed value input of one filter row (numbers, dates, lists…), or nothing for valueless operators. */
export function FilterValueInput({ kind, value, onChange, label, invalid }: ValueInputProps) {
  const { t } = useTranslation('records');
  const status = invalid ? 'error' : undefined;
  const common = { 'aria-label': label, status, style: { width: '100%', minWidth: 160 } } as const;
  switch (kind) {
    case 'none':
      return null;
    case 'number':
    case 'length':
      return (
        <InputNumber
          {...common}
          min={kind === 'length' ? 0 : undefined}
          precision={kind === 'length' ? 0 : undefined}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          showTime={kind === 'datetime'}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(next) =>
            onChange(next ? (kind === 'date' ? next.format('YYYY-MM-DD') : next.toISOString()) : undefined)
          }
        />
      );
    case 'time':
      return (
        <TimePicker
          {...common}
          value={typeof value === 'string' && value ? dayjs(value, TIME) : null}
          onChange={(next) => onChange(next ? next.format(TIME) : undefined)}
        />
      );
    case 'boolean':
      return (
        <Select
          {...common}
          value={typeof value === 'boolean' ? value : undefined}
          onChange={(next: boolean) => onChange(next)}
          options={[
            { value: true, label: t('yes') },
            { value: false, label: t('no') },
          ]}
        />
      );
    case 'status':
    case 'statuses':
      return (
        <Select
          {...common}
          mode={kind === 'statuses' ? 'multiple' : undefined}
          value={kind === 'statuses' ? strings(value) : ((value as string | undefined) ?? undefined)}
          onChange={(next: string | string[]) => onChange(next)}
          options={FILTER_STATUSES.map((status) => ({ value: status, label: t(STATUS_KEYS[status]) }))}
        />
      );
    case 'user':
    case 'users':
      return (
        <UserSelect
          multiple={kind === 'users'}
          value={value}
          onChange={onChange}
          label={label}
          invalid={invalid}
        />
      );
    case 'texts':
    case 'numbers':
      return (
        <Select
          {...common}
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[';']}
          placeholder={t('filters.typeValues')}
          value={strings(value)}
          onChange={(next: string[]) =>
            onChange(
              kind === 'numbers'
                ? next.map((text) => parseLocaleNumber(text)).filter((number) => number !== null)
                : next.map((text) => text.trim()).filter(Boolean),
            )
          }
        />
      );
    default:
      return (
        <Input
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
