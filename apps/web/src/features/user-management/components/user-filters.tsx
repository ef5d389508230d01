import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { USER_STATUS_FILTERS, type UserStatusFilter } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsersMessage } from '../messages.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { searchMessage } from '../validation.ts';

/**
 * Search (debounced 500 ms, special characters refused with the spec's message and never sent)
 * and the status filter. `onSearch` gets the trimmed search once it has settled and is valid.
 */
export function UserFilters({
  status,
  onStatus,
  onSearch,
}: {
  status: UserStatusFilter;
  onStatus: (status: UserStatusFilter) => void;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation('userManagement');
  const translate = useUsersMessage();
  const [input, setInput] = useState('');
  const settled = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const error = searchMessage(input);
  // The latest callback without restarting the effect (and its timer) on every parent render.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  useEffect(() => {
    if (!searchMessage(settled)) onSearchRef.current(settled.trim());
  }, [settled]);

  return (
    <Form layout="inline" data-testid="user-filters" onFinish={() => undefined} style={{ rowGap: 8 }}>
      <Form.Item
        label={t('filters.search')}
        htmlFor="user-search"
        validateStatus={error ? 'error' : undefined}
        help={error ? translate(error) : undefined}
      >
        <Input
          id="user-search"
          allowClear
          value={input}
          onChange={(event) => setInput(event.target.value)}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('filters.searchPlaceholder')}
          style={{ width: 260 }}
          maxLength={200}
        />
      </Form.Item>
      <Form.Item label={t('filters.status')} htmlFor="user-status">
        <Select<UserStatusFilter>
          id="user-status"
          value={status}
          onChange={onStatus}
          style={{ width: 150 }}
          options={USER_STATUS_FILTERS.map((value) => ({ value, label: t(`filters.statuses.${value}`) }))}
        />
      </Form.Item>
    </Form>
  );
}
