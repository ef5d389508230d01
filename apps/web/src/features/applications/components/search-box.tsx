import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { SEARCH_DEBOUNCE_MS, validateSearch } from '@formloop/domain';
import Input from 'antd/es/input/Input';
import theme from 'antd/es/theme';
import { useEffect, useId, useState, type CSSProperties } from 'react';
import { useMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';

/**
 * An app search box (spec §5): special characters are rejected with 'Search value cannot contain
 * special characters', and onSearch hears the text 500 ms after the last keystroke. While the text
 * is invalid the previous search stays.
 */
export function SearchBox({
  label,
  placeholder,
  onSearch,
  style,
}: {
  label: string;
  placeholder?: string;
  onSearch: (query: string) => void;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const translate = useMessageTranslator();
  const [value, setValue] = useState('');
  const settled = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const error = validateSearch(value);
  const errorId = useId();

  useEffect(() => {
    if (validateSearch(settled) === null) onSearch(settled.trim());
  }, [settled, onSearch]);

  return (
    <div style={style}>
      <Input
        type="search"
        allowClear
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder ?? label}
        aria-label={label}
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
          {translate(error)}
        </div>
      ) : null}
    </div>
  );
}
