// The plain report's columns: tick the ones shown; the chosen ones are dragged into order, or moved
// up and down with buttons (keyboard and touch alike), in the order the report shows them.
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../../../shared/lib/move-item.ts';
import { useRowDrag } from '../../../shared/ui/use-row-drag.ts';
import type { ListColumn } from '../../records/index.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';

export function DesignerColumns({
  columns,
  chosen,
  labelOf,
  onChange,
}: {
  columns: readonly ListColumn[];
  chosen: readonly string[];
  labelOf: (key: string) => string;
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { token } = theme.useToken();
  const picked = new Set(chosen);
  const rest = columns.filter((column) => !picked.has(column.key)).map((column) => column.key);
  const ordered = [...chosen, ...rest];
  const drag = useRowDrag((from, to) => onChange(moveItem(chosen, from, Math.min(to, chosen.length - 1))));
  return (
    <div data-testid="designer-columns">
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>
        {chosen.length === 0
          ? t('designer.columnsDefault')
          : t('designer.columnsChosen', { count: chosen.length })}
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
        {ordered.map((key) => {
          const index = chosen.indexOf(key);
          const label = labelOf(key);
          return (
            <li
              key={key}
              {...(index >= 0
                ? { ...drag.sourceProps(index, key), ...drag.targetProps(index), draggable: true }
                : {})}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: token.marginXXS,
                minHeight: 32,
                ...(index >= 0 ? drag.targetProps(index).style : {}),
              }}
            >
              {index >= 0 ? (
                <HolderOutlined aria-hidden style={{ cursor: 'grab', color: token.colorTextTertiary }} />
              ) : (
                <span style={{ width: 14 }} aria-hidden />
              )}
              <Checkbox
                checked={index >= 0}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, key] : chosen.filter((one) => one !== key))
                }
                style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {label}
              </Checkbox>
              {index >= 0 ? (
                <>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    aria-label={t('designer.moveUp', { name: label })}
                    onClick={() => onChange(moveItem(chosen, index, index - 1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === chosen.length - 1}
                    aria-label={t('designer.moveDown', { name: label })}
                    onClick={() => onChange(moveItem(chosen, index, index + 1))}
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
