import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import type { QuickLaunchTile as Tile } from '@formloop/contracts';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { formEditorHref, moduleHref } from '../paths.ts';

export interface TileDrag {
  source: {
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
  };
  target: {
    style: { opacity?: number; boxShadow?: string };
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
  };
}

/**
 * One tile: the app's icon and name linking to its records (a builder's draft to the form editor),
 * with move earlier / later and remove buttons — reachable by keyboard, so dragging is never the
 * only way to reorder.
 */
export function QuickLaunchTile({
  tile,
  first,
  last,
  busy,
  drag,
  onMove,
  onRemove,
}: {
  tile: Tile;
  first: boolean;
  last: boolean;
  busy: boolean;
  drag: TileDrag;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const name = tile.display_name;
  const href = tile.is_published ? moduleHref(tile.id) : formEditorHref(tile.id);
  return (
    <li
      data-testid="quick-launch-tile"
      {...drag.target}
      style={{
        ...drag.target.style,
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        gap: token.marginXS,
        padding: token.paddingSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS }}>
        <span
          draggable={!busy}
          {...drag.source}
          title={t('quickLaunch.dragHint')}
          style={{ cursor: busy ? 'default' : 'grab', color: token.colorTextTertiary }}
        >
          <HolderOutlined aria-hidden />
        </span>
        <Link
          to={href}
          style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, minWidth: 0, flex: 1 }}
        >
          <MenuIcon name={tile.app_icon ?? tile.category_icon} style={{ fontSize: 22 }} />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
        </Link>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXXS }}>
        {tile.is_published ? null : <Tag>{t('quickLaunch.draft')}</Tag>}
        <span style={{ flex: 1 }} />
        <Tooltip title={t('quickLaunch.moveEarlier', { name })}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={t('quickLaunch.moveEarlier', { name })}
            disabled={first || busy}
            onClick={() => onMove(-1)}
          />
        </Tooltip>
        <Tooltip title={t('quickLaunch.moveLater', { name })}>
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={t('quickLaunch.moveLater', { name })}
            disabled={last || busy}
            onClick={() => onMove(1)}
          />
        </Tooltip>
        <Tooltip title={t('quickLaunch.remove', { name })}>
          <Button
            size="small"
            type="text"
            danger
            icon={<CloseOutlined />}
            aria-label={t('quickLaunch.remove', { name })}
            disabled={busy}
            onClick={onRemove}
          />
        </Tooltip>
      </div>
    </li>
  );
}
