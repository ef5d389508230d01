// The viewer's column chooser: which of the report's columns show, in the report's order.
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Popover from 'antd/es/popover';
import { useTranslation } from 'react-i18next';
import { REPORTS_NAMESPACE } from '../messages.ts';

export function ColumnPicker({
  keys,
  shown,
  labelOf,
  onChange,
}: {
  keys: readonly string[];
  shown: readonly string[];
  labelOf: (key: string) => string;
  onChange: (shown: string[]) => void;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const content = (
    <div style={{ maxHeight: 320, overflowY: 'auto', maxWidth: 280 }} data-testid="column-picker">
      <Checkbox.Group
        value={[...shown]}
        onChange={(values) => {
          const chosen = new Set(values.map(String));
          // At least one column stays, in the report's order.
          const next = keys.filter((key) => chosen.has(key));
          if (next.length > 0) onChange(next);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        options={keys.map((key) => ({ value: key, label: labelOf(key) }))}
      />
    </div>
  );
  return (
    <Popover trigger="click" content={content} title={t('viewer.columns')} placement="bottomRight">
      <Button icon={<SettingOutlined />}>{t('viewer.columns')}</Button>
    </Popover>
  );
}
