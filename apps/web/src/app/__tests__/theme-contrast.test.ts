// WCAG 2.2 AA contrast of the themes' key colour pairs (issue 25 item 8): text of normal size needs
// 4.5 to 1 against what is behind it. The tokens are antd's own computation of each theme
// (getDesignToken runs the algorithms), so a colour changed in theme.ts, or a new antd derivation,
// that drops a pair below the bar fails here.
import getDesignToken from 'antd/es/theme/getDesignToken';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { describe, expect, it } from 'vitest';
import { TEXT_ON_BRIGHT_FILL } from '../../shared/ui/color-scheme.ts';
import { appTheme, appThemeFor, DARK_COLOURS, darkAppTheme } from '../theme.ts';

type Rgba = [number, number, number, number];

function parseColour(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const part = (at: number) => parseInt(digits.slice(at, at + 2), 16);
    return [part(0), part(2), part(4), digits.length === 8 ? part(6) / 255 : 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(colour.trim());
  if (rgb?.[1]) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb[1].split(',').map(Number);
    return [r, g, b, a];
  }
  throw new Error(`not a colour: ${colour}`);
}

/** A translucent colour laid over an opaque one. */
function over(colour: string, behind: Rgba): Rgba {
  const [r, g, b, a] = parseColour(colour);
  return [r * a + behind[0] * (1 - a), g * a + behind[1] * (1 - a), b * a + behind[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * The WCAG contrast ratio of text over a background; the background itself may be translucent over
 * `base` (antd's fills are), and the text over the background.
 */
function contrast(text: string, background: string, base = '#000000'): number {
  const behind = over(background, parseColour(base));
  const front = over(text, behind);
  const [lighter, darker] = [luminance(front), luminance(behind)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const AA = 4.5;

/** Every pair below the bar, named, so a failure says which. */
function failing(pairs: Array<[name: string, text: string, background: string]>, base?: string): string[] {
  return pairs
    .map(([name, text, background]) => ({ name, ratio: contrast(text, background, base) }))
    .filter(({ ratio }) => ratio < AA)
    .map(({ name, ratio }) => `${name}: ${ratio.toFixed(2)}`);
}

type ComponentTokens = Record<string, string | undefined>;
const componentOf = (config: ThemeConfig, name: string): ComponentTokens =>
  ((config.components as Record<string, ComponentTokens> | undefined)?.[name] ?? {}) as ComponentTokens;

describe('contrast helper', () => {
  it('computes the WCAG ratio (black on white 21, #777 on white about 4.48) and lays translucent text over its background', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrast('#808080', '#ffffff'), 1);
  });
});

describe('dark theme contrast (WCAG 2.2 AA)', () => {
  const token = getDesignToken(darkAppTheme);
  const surfaces = {
    page: token.colorBgLayout,
    card: token.colorBgContainer,
    menu: token.colorBgElevated,
  };

  it('is the theme of the dark scheme, on antd’s dark surfaces', () => {
    expect(appThemeFor('dark')).toBe(darkAppTheme);
    expect(appThemeFor('light')).toBe(appTheme);
    expect([surfaces.page, surfaces.card, surfaces.menu]).toEqual(['#000000', '#141414', '#1f1f1f']);
  });

  it('keeps the chosen colours through antd’s dark algorithm', () => {
    expect(token.colorPrimary).toBe(DARK_COLOURS.primary);
    expect(token.colorLink).toBe(DARK_COLOURS.link);
    expect(token.colorError).toBe(DARK_COLOURS.error);
  });

  it('text, link, primary, status and secondary colours reach 4.5 to 1 on the page, cards and menus', () => {
    const texts = {
      colorText: token.colorText,
      colorTextSecondary: token.colorTextSecondary,
      colorTextTertiary: token.colorTextTertiary,
      colorTextDescription: token.colorTextDescription,
      colorTextPlaceholder: token.colorTextPlaceholder,
      colorTextHeading: token.colorTextHeading,
      colorPrimary: token.colorPrimary,
      colorPrimaryHover: token.colorPrimaryHover,
      colorPrimaryActive: token.colorPrimaryActive,
      colorPrimaryText: token.colorPrimaryText,
      colorLink: token.colorLink,
      colorLinkHover: token.colorLinkHover,
      colorLinkActive: token.colorLinkActive,
      colorInfo: token.colorInfo,
      colorError: token.colorError,
      colorErrorHover: token.colorErrorHover,
      colorErrorActive: token.colorErrorActive,
      colorSuccess: token.colorSuccess,
      colorWarning: token.colorWarning,
    };
    const pairs = Object.entries(texts).flatMap(([name, text]) =>
      Object.entries(surfaces).map(
        ([where, background]) => [`${name} on ${where}`, text, background] as [string, string, string],
      ),
    );
    expect(failing(pairs)).toEqual([]);
  });

  it('selected entries, status tags and filled inputs stay readable on their tinted backgrounds', () => {
    const pairs: Array<[string, string, string]> = [
      ['colorPrimary on colorPrimaryBg (selected menu entry)', token.colorPrimary, token.colorPrimaryBg],
      ['colorPrimary on controlItemBgActive', token.colorPrimary, token.controlItemBgActive],
      ['colorLink on colorPrimaryBg (link in a selected row)', token.colorLink, token.colorPrimaryBg],
      ['colorText on colorPrimaryBg', token.colorText, token.colorPrimaryBg],
      ['colorTextDescription on colorPrimaryBg', token.colorTextDescription, token.colorPrimaryBg],
      ['colorSuccess on colorSuccessBg (tag)', token.colorSuccess, token.colorSuccessBg],
      ['colorWarning on colorWarningBg (tag)', token.colorWarning, token.colorWarningBg],
      ['colorError on colorErrorBg (tag)', token.colorError, token.colorErrorBg],
      ['colorInfo on colorInfoBg (tag)', token.colorInfo, token.colorInfoBg],
      ['colorLink on colorInfoBg (link in an info alert)', token.colorLink, token.colorInfoBg],
      [
        'colorTextLightSolid on colorBgSpotlight (tooltip)',
        token.colorTextLightSolid,
        token.colorBgSpotlight,
      ],
    ];
    expect(failing(pairs)).toEqual([]);
    // Filled inputs and hovered menu entries are translucent white over the card or the menu.
    const hovered: Array<[string, string, string]> = [
      ['colorText on controlItemBgHover', token.colorText, token.controlItemBgHover],
      ['colorTextPlaceholder on colorFillTertiary', token.colorTextPlaceholder, token.colorFillTertiary],
      ['colorPrimary on controlItemBgHover', token.colorPrimary, token.controlItemBgHover],
    ];
    expect(failing(hovered, surfaces.card)).toEqual([]);
    expect(failing(hovered, surfaces.menu)).toEqual([]);
  });

  it('white on the primary fills (buttons, the sidebar’s selected entry, checked boxes, picked dates) reaches 4.5 to 1', () => {
    const white = token.colorTextLightSolid;
    expect(white).toBe('#fff');
    const button = componentOf(darkAppTheme, 'Button');
    const menu = componentOf(darkAppTheme, 'Menu');
    const radio = componentOf(darkAppTheme, 'Radio');
    const fills: Array<[string, string | undefined]> = [
      ['Button colorPrimary', button.colorPrimary],
      ['Button colorPrimaryHover', button.colorPrimaryHover],
      ['Button colorPrimaryActive', button.colorPrimaryActive],
      ['Menu darkItemSelectedBg', menu.darkItemSelectedBg],
      ['Checkbox colorPrimary', componentOf(darkAppTheme, 'Checkbox').colorPrimary],
      ['DatePicker colorPrimary', componentOf(darkAppTheme, 'DatePicker').colorPrimary],
      ['Radio buttonSolidCheckedBg', radio.buttonSolidCheckedBg],
      ['Radio buttonSolidCheckedHoverBg', radio.buttonSolidCheckedHoverBg],
    ];
    for (const [name, fill] of fills) expect(fill, name).toBeDefined();
    expect(failing(fills.map(([name, fill]) => [`white on ${name}`, white, fill ?? '']))).toEqual([]);
  });

  it('the error fills (solid danger buttons, count badges) carry dark text at 4.5 to 1', () => {
    const button = componentOf(darkAppTheme, 'Button');
    const badge = componentOf(darkAppTheme, 'Badge');
    const pairs: Array<[string, string, string]> = [
      ['Button dangerColor on colorError', button.dangerColor ?? '', token.colorError],
      ['Button dangerColor on colorErrorHover', button.dangerColor ?? '', token.colorErrorHover],
      ['Button dangerColor on colorErrorActive', button.dangerColor ?? '', token.colorErrorActive],
      ['Badge text on colorError', badge.colorTextLightSolid ?? '', token.colorError],
      ['TEXT_ON_BRIGHT_FILL on colorError (CountBadge)', TEXT_ON_BRIGHT_FILL, token.colorError],
    ];
    expect(failing(pairs)).toEqual([]);
  });

  it('the sidebar and the breadcrumbs: their texts on their backgrounds', () => {
    const layout = componentOf(darkAppTheme, 'Layout');
    const menu = componentOf(darkAppTheme, 'Menu');
    const breadcrumb = componentOf(darkAppTheme, 'Breadcrumb');
    const sider = layout.siderBg ?? '';
    const pairs: Array<[string, string, string]> = [
      // antd's dark menu writes its entries in 65 % white; the sidebar's headings are 60 %.
      ['menu entry on the sidebar', 'rgba(255, 255, 255, 0.65)', menu.darkItemBg ?? ''],
      ['menu entry in a sub-menu', 'rgba(255, 255, 255, 0.65)', menu.darkSubMenuItemBg ?? ''],
      ['section heading on the sidebar', 'rgba(255, 255, 255, 0.6)', sider],
      ['breadcrumb item on the bar', breadcrumb.itemColor ?? '', token.colorBgContainer],
      ['breadcrumb link on the bar', breadcrumb.linkColor ?? '', token.colorBgContainer],
      ['breadcrumb last item on the bar', token.colorText, token.colorBgContainer],
    ];
    expect(failing(pairs)).toEqual([]);
  });
});

describe('light theme contrast (ADR 0015)', () => {
  const token = getDesignToken(appTheme);
  it('white on the primary, text colours on white and the page', () => {
    const pairs: Array<[string, string, string]> = [
      ['white on colorPrimary', token.colorTextLightSolid, token.colorPrimary],
      ['white on colorPrimaryHover', token.colorTextLightSolid, token.colorPrimaryHover],
      ['white on colorPrimaryActive', token.colorTextLightSolid, token.colorPrimaryActive],
      ['white on colorError', token.colorTextLightSolid, token.colorError],
      ...(
        ['colorPrimary', 'colorLink', 'colorError', 'colorTextDescription', 'colorTextPlaceholder'] as const
      ).flatMap(
        (name) =>
          [
            [`${name} on white`, token[name], token.colorBgContainer],
            [`${name} on the page`, token[name], token.colorBgLayout],
          ] as Array<[string, string, string]>,
      ),
      ['colorSuccess on colorSuccessBg', token.colorSuccess, token.colorSuccessBg],
      ['colorWarning on colorWarningBg', token.colorWarning, token.colorWarningBg],
    ];
    expect(failing(pairs, '#ffffff')).toEqual([]);
  });
});

describe('preset-colour tags (<Tag color="green">: shade 7 on shade 1)', () => {
  const presets = [
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ] as const;
  for (const [name, theme, behind] of [
    ['light', appTheme, '#ffffff'],
    ['dark', darkAppTheme, '#141414'],
  ] as const) {
    it(`read at 4.5 to 1 or more in the ${name} theme`, () => {
      const token = getDesignToken(theme) as unknown as Record<string, string>;
      const pairs = presets.map(
        (colour) =>
          [`${colour}7 on ${colour}1`, token[`${colour}7`]!, token[`${colour}1`]!] as [
            string,
            string,
            string,
          ],
      );
      expect(failing(pairs, behind)).toEqual([]);
    });
  }
});
