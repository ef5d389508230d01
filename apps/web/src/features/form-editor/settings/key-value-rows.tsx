import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { KeyValue } from '@formloop/domain';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** The most headers or parameters a request keeps (the contract's limit). */
export const MAX_KEY_VALUES = 50;

/** Editable key/value rows (request headers, query parameters). */
export function KeyValueRows({
  id,
  title,
  rows,
  onChange,
}: {
  id: string;
  title: string;
  rows: KeyValue[];
  onChange(rows: KeyValue[]): void;
}) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const set = (index: number, patch: Partial<KeyValue>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <div role="group" aria-labelledby={`${id}-title`} style={{ display: 'grid', gap: token.marginXXS }}>
      <Typography.Text id={`${id}-title`} style={{ fontWeight: 500 }}>
        {title}
      </Typography.Text>
      {rows.map((row, index) => (
        <div key={index} style={{ display: 'flex', gap: token.marginXXS }}>
          <Input
            size="small"
            aria-label={t('settings.external.key', { title, n: index + 1 })}
            placeholder={t('settings.external.keyPlaceholder')}
            value={row.key}
            onChange={(event) => set(index, { key: event.target.value })}
          />
          <Input
            size="small"
            aria-label={t('settings.external.value', { title, n: index + 1 })}
            placeholder={t('settings.external.valuePlaceholder')}
            value={row.value}
            onChange={(event) => set(index, { value: event.target.value })}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('settings.external.remove', { title, n: index + 1 })}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined aria-hidden />}
        disabled={rows.length >= MAX_KEY_VALUES}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        {t('settings.external.add', { title })}
      </Button>
    </div>
  );
}
