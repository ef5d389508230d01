import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Popover from 'antd/es/popover';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../../../shared/lib/move-item.ts';
import { useRowDrag } from '../../../shared/ui/use-row-drag.ts';
import type { ColumnSetting } from '../lib/list-columns.ts';

export interface ColumnChooserProps {
  settings: ColumnSetting[];
  labelOf: (key: string) => string;
  onChange: (settings: ColumnSetting[]) => void;
  onReset: () => void;
}

/** Which columns the table shows, and in which order: checkboxes, up/down buttons and drag and drop. */
export function ColumnChooser({ settings, labelOf, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const move = (from: number, to: number) => onChange(moveItem(settings, from, to));
  const { sourceProps, targetProps } = useRowDrag(move);
  const shown = settings.filter((setting) => setting.visible).length;

  const toggle = (key: string, visible: boolean) =>
    onChange(settings.map((setting) => (setting.key === key ? { ...setting, visible } : setting)));

  const content = (
    <div style={{ width: 320 }} data-testid="column-chooser">
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: token.marginXS }}>
        <span style={{ color: token.colorTextSecondary }}>
          {t('chooser.count', { shown, total: settings.length })}
        </span>
        <span style={{ display: 'flex', gap: token.marginXS }}>
          <Button
            size="small"
            onClick={() => onChange(settings.map((setting) => ({ ...setting, visible: true })))}
          >
            {t('chooser.showAll')}
          </Button>
          <Button size="small" onClick={onReset}>
            {t('chooser.reset')}
          </Button>
        </span>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
        {settings.map((setting, index) => {
          const label = labelOf(setting.key);
          const drop = targetProps(index);
          return (
            <li
              key={setting.key}
              {...drop}
              style={{
                ...drop.style,
                display: 'flex',
                alignItems: 'center',
                gap: token.marginXXS,
                padding: '2px 0',
              }}
            >
              <HolderOutlined
                draggable
                {...sourceProps(index, setting.key)}
                style={{ cursor: 'grab', color: token.colorTextTertiary }}
                aria-hidden
              />
              <Checkbox
                checked={setting.visible}
                // The table needs one column at least.
                disabled={setting.visible && shown === 1}
                onChange={(event) => toggle(setting.key, event.target.checked)}
                style={{ flex: 1, minWidth: 0 }}
              >
                {label}
              </Checkbox>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('chooser.moveUp', { name: label })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('chooser.moveDown', { name: label })}
                disabled={index === settings.length - 1}
                onClick={() => move(index, index + 1)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('chooser.title')} content={content}>
      <Button icon={<TableOutlined />}>{t('toolbar.columns')}</Button>
    </Popover>
  );
}
