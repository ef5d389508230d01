import theme from 'antd/es/theme';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SettingsTile as Tile } from '../tiles.ts';
import { DisabledItem, LicenceGate } from './licence-gate.tsx';

function useTileStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    display: 'flex',
    gap: token.margin,
    alignItems: 'flex-start',
    height: '100%',
    padding: token.padding,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorBgContainer,
    color: token.colorText,
    textDecoration: 'none',
  };
}

/** Icon, title and one line of description: the same inside a link and in a disabled tile. */
function TileBody({ tile, title }: { tile: Tile; title: string }) {
  const { t } = useTranslation('settings');
  const { token } = theme.useToken();
  const Icon = tile.icon;
  return (
    <>
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: 'none',
          width: 40,
          height: 40,
          borderRadius: '50%',
          background: token.colorPrimaryBg,
          color: token.colorPrimary,
          fontSize: 20,
        }}
      >
        <Icon />
      </span>
      <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <span style={{ fontWeight: token.fontWeightStrong }}>{title}</span>
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t(`tiles.${tile.key}.description`)}
        </span>
      </span>
    </>
  );
}

/** One tile: a link, or, when the feature is unavailable or unlicensed, a disabled tile saying why. */
export function SettingsTile({ tile }: { tile: Tile }) {
  const { t } = useTranslation('settings');
  const style = useTileStyle();
  const title = t(`tiles.${tile.key}.title`);
  const body = <TileBody tile={tile} title={title} />;
  const disabled = (
    <div style={style} data-testid={`settings-tile-${tile.key}`}>
      {body}
    </div>
  );

  if (tile.alwaysDisabled) {
    return (
      <DisabledItem block reason={t('unavailable')} style={{ height: '100%' }}>
        {disabled}
      </DisabledItem>
    );
  }
  const link = (
    <Link to={tile.path} style={style} data-testid={`settings-tile-${tile.key}`}>
      {body}
    </Link>
  );
  if (!tile.licence) return link;
  return (
    <LicenceGate licence={tile.licence} name={title} fallback={disabled} block>
      {link}
    </LicenceGate>
  );
}
