import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers in the reader's language (grouping and decimal marks); texts stay as they are. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const formatter = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    return (value: unknown): string => {
      if (value === null || value === undefined) return '';
      if (typeof value === 'number') return formatter.format(value);
      return String(value);
    };
  }, [i18n.language]);
}
