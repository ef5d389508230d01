import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { SEARCH_DEBOUNCE_MS, validateSearch } from '@formloop/domain';
import Input from 'antd/es/input/Input';
import theme from 'antd/es/theme';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage, translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';

/**
 * The sidebar search box (spec §2, §5): placeholder 'Type here to Search', special characters are
 * rejected with 'Search value cannot contain special characters', and the menu is filtered 500 ms
 * after the last keystroke. While the text is invalid the previous filter stays.
 */
export function SidebarSearch({ onSearch }: { onSearch: (query: string) => void }) {
  const { t } = useTranslation(['shell', 'validation']);
  const { token } = theme.useToken();
  const [value, setValue] = useState('');
  const settled = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const error = validateSearch(value);
  const errorId = useId();

  useEffect(() => {
    if (validateSearch(settled) === null) onSearch(settled);
  }, [settled, onSearch]);

  return (
    <div style={{ padding: `0 ${token.paddingSM}px ${token.paddingSM}px` }}>
      <Input
        type="search"
        allowClear
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={translateMessageKey(t, 'searchPlaceholder')}
        aria-label={t('sidebar.search')}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        status={error ? 'error' : undefined}
        prefix={<SearchOutlined aria-hidden />}
      />
      {error ? (
        <div
          id={errorId}
          role="alert"
          style={{ color: token.colorErrorText, fontSize: token.fontSizeSM, marginTop: 4 }}
        >
          {translateMessage(t, error)}
        </div>
      ) : null}
    </div>
  );
}
