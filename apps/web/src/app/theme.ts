import type { ThemeConfig } from 'antd/es/config-provider/context';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import type { MapToken, MappingAlgorithm, SeedToken } from 'antd/es/theme/interface';
import { TEXT_ON_BRIGHT_FILL, type ColorScheme } from '../shared/ui/color-scheme.ts';

/**
 * Spec §9 theme colours: primary green, secondary blue, error pink — each a shade darker than the
 * spec's (#2f9e5a, #1677ff, #e8356d), which reach only 3.4, 4.1 and 4.1 to 1 against white: these
 * keep the hues and reach WCAG 2.2 AA's 4.5 on white and on the page background (ADR 0015).
 */
const PRESET_TAG_TEXT = {
  green7: '#237804',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  cyan7: '#006d75',
  volcano7: '#ad2102',
} as const;

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1b7a42',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#c9285b',
    // Hover and pressed darker than the primary (antd lightens them, to 4.4 to 1 under white text).
    colorPrimaryHover: '#15693a',
    colorPrimaryActive: '#115c32',
    // Status tags write in these on their pale backgrounds: 5.4 and 6.5 to 1 (antd's: 2.2 and 1.8).
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    borderRadius: 6,
    // antd's secondary and placeholder greys (#8c8c8c, #bfbfbf: 3.4 and 1.8 to 1 on white) darkened
    // to 6.2 and 5.3 to 1; breadcrumbs, result subtitles and descriptions use them.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // Preset-colour tags (<Tag color="green">) write in shade 7 on shade 1; for these hues antd's shade
    // 7 reaches only 2.0 to 4.4 to 1 there, so the next darker shade that reaches 4.5 stands in for it
    // (green 5.4, orange 5.1, gold 6.5, yellow 5.2, lime 6.6, cyan 5.8, volcano 6.4).
    ...PRESET_TAG_TEXT,
  },
  components: {
    Breadcrumb: {
      itemColor: 'rgba(0, 0, 0, 0.62)',
      linkColor: 'rgba(0, 0, 0, 0.62)',
      separatorColor: 'rgba(0, 0, 0, 0.62)',
    },
  },
};

/**
 * The dark scheme (issue 25 item 8), on antd's dark surfaces: page #000, cards and bars #141414,
 * menus and dialogs #1f1f1f. Contrast ratios (WCAG relative luminance; translucent text laid over the
 * surface) on #000 / #141414 / #1f1f1f, checked by app/__tests__/theme-contrast.test.ts:
 *
 * - One colour cannot serve both as text on these surfaces and under white text: a green that reaches
 *   4.5 on #141414 leaves white at most 4.1 on it. So the brand colours split in two. Text colours
 *   (links, the selected tab and menu entry, error messages, tags) are light tints of the spec's hues;
 *   fills under white text (primary buttons, the sidebar's selected entry, checked boxes, the picked
 *   date) keep the light scheme's deep green #1b7a42: white on it 5.37 (hover #15693a 6.74, pressed
 *   #115c32 8.07).
 * - colorPrimary #3fb56c (hue 143°, as the spec's #2f9e5a): 8.04 / 7.05 / 6.31, and 5.25 on the
 *   selected-entry background #163322; hover #62c689 9.96 / 8.74 / 7.82, pressed #35a15f 6.41 / 5.63 /
 *   5.03.
 * - colorLink, colorInfo #4c9dff (a tint of antd's blue): 7.57 / 6.64 / 5.94, 4.95 in a selected row;
 *   hover #7cb8ff 10.16 / 8.91 / 7.97.
 * - colorError #f2678f (hue 343°, as the spec's #e8356d): 7.11 / 6.24 / 5.58, 5.66 on its tag
 *   background. Solid danger buttons and count badges write on it in TEXT_ON_BRIGHT_FILL (6.38; white
 *   would be 2.95): antd's Button draws outlined and solid danger in one colour, and the outlined
 *   button's text must read on the card.
 * - colorSuccess #73d13d, colorWarning #faad14 (antd's dark-scheme green and gold): 9.58 and 9.70 on
 *   the cards, 8.27 and 8.32 on their tag backgrounds.
 * - Secondary texts: antd's description and tertiary grey (45 % white: 4.40 on #1f1f1f, 4.02 on a
 *   selected entry) raised to 60 %: 7.37 / 7.13 / 6.72; placeholders from 25 % (2.24 on #141414) to
 *   55 %: 6.27 / 6.17 / 5.87.
 * - The sidebar: #141414 with antd's 65 % white entries (8.19) and the 60 % headings (7.13).
 */
export const DARK_COLOURS = {
  primary: '#3fb56c',
  primaryHover: '#62c689',
  primaryActive: '#35a15f',
  fill: '#1b7a42',
  fillHover: '#15693a',
  fillActive: '#115c32',
  link: '#4c9dff',
  linkHover: '#7cb8ff',
  linkActive: '#3a8ae6',
  error: '#f2678f',
  errorHover: '#f58caa',
  errorActive: '#e85a83',
  success: '#73d13d',
  warning: '#faad14',
  /** The sidebar (spec §9 "dark aside"): the bars' grey rather than the light scheme's navy. */
  sider: '#141414',
  siderSubMenu: '#0a0a0a',
  secondaryText: 'rgba(255, 255, 255, 0.6)',
  placeholder: 'rgba(255, 255, 255, 0.55)',
} as const;

/**
 * antd's dark algorithm blends every seed colour into the background (the deep green seed comes out
 * as #1a6b3b, 3.4 on #141414): the chosen colours are put back after it, so they are the ones drawn.
 */
const keepDarkColours: MappingAlgorithm = (seed: SeedToken, map?: MapToken): MapToken => {
  const base = map ?? darkAlgorithm(seed);
  return {
    ...base,
    // Preset-colour tags write in shade 7 on shade 1; the dark palettes' purple and geekblue 7 reach
    // only 3.4 and 4.2 there, their (lighter) shade 8 passes.
    purple7: base.purple8,
    geekblue7: base.geekblue8,
    colorPrimary: DARK_COLOURS.primary,
    colorPrimaryHover: DARK_COLOURS.primaryHover,
    colorPrimaryActive: DARK_COLOURS.primaryActive,
    colorPrimaryText: DARK_COLOURS.primary,
    colorPrimaryTextHover: DARK_COLOURS.primaryHover,
    colorPrimaryTextActive: DARK_COLOURS.primaryActive,
    colorLink: DARK_COLOURS.link,
    colorLinkHover: DARK_COLOURS.linkHover,
    colorLinkActive: DARK_COLOURS.linkActive,
    colorInfo: DARK_COLOURS.link,
    colorInfoText: DARK_COLOURS.link,
    colorError: DARK_COLOURS.error,
    colorErrorHover: DARK_COLOURS.errorHover,
    colorErrorActive: DARK_COLOURS.errorActive,
    colorErrorText: DARK_COLOURS.error,
    colorSuccess: DARK_COLOURS.success,
    colorSuccessText: DARK_COLOURS.success,
    colorWarning: DARK_COLOURS.warning,
    colorWarningText: DARK_COLOURS.warning,
  };
};

/** Components that put white text (or a white mark) on the primary colour fill it with the deep green. */
const deepGreenFill = {
  colorPrimary: DARK_COLOURS.fill,
  colorPrimaryHover: DARK_COLOURS.fillHover,
  colorPrimaryActive: DARK_COLOURS.fillActive,
} as const;

export const darkAppTheme: ThemeConfig = {
  algorithm: [darkAlgorithm, keepDarkColours],
  token: {
    // The seed of antd's derived greens (selected-entry backgrounds, borders) is the deep green: the
    // light tint's derivations are too light under the tint itself (4.2 to 1).
    colorPrimary: DARK_COLOURS.fill,
    colorInfo: DARK_COLOURS.link,
    colorLink: DARK_COLOURS.link,
    colorError: DARK_COLOURS.error,
    colorSuccess: DARK_COLOURS.success,
    colorWarning: DARK_COLOURS.warning,
    borderRadius: 6,
    colorTextDescription: DARK_COLOURS.secondaryText,
    colorTextTertiary: DARK_COLOURS.secondaryText,
    colorTextPlaceholder: DARK_COLOURS.placeholder,
  },
  components: {
    Breadcrumb: {
      itemColor: DARK_COLOURS.secondaryText,
      linkColor: DARK_COLOURS.secondaryText,
      separatorColor: DARK_COLOURS.secondaryText,
    },
    Button: {
      ...deepGreenFill,
      // A default button's hover and pressed text and border are the primary colour: the light tint.
      defaultHoverColor: DARK_COLOURS.primaryHover,
      defaultHoverBorderColor: DARK_COLOURS.primaryHover,
      defaultActiveColor: DARK_COLOURS.primary,
      defaultActiveBorderColor: DARK_COLOURS.primary,
      dangerColor: TEXT_ON_BRIGHT_FILL,
    },
    Badge: { colorTextLightSolid: TEXT_ON_BRIGHT_FILL },
    Checkbox: deepGreenFill,
    DatePicker: deepGreenFill,
    Radio: {
      buttonSolidCheckedBg: DARK_COLOURS.fill,
      buttonSolidCheckedHoverBg: DARK_COLOURS.fillHover,
      buttonSolidCheckedActiveBg: DARK_COLOURS.fillActive,
    },
    Layout: { siderBg: DARK_COLOURS.sider, triggerBg: DARK_COLOURS.sider },
    Menu: {
      darkItemBg: DARK_COLOURS.sider,
      darkPopupBg: DARK_COLOURS.sider,
      darkSubMenuItemBg: DARK_COLOURS.siderSubMenu,
      darkItemSelectedBg: DARK_COLOURS.fill,
    },
  },
};

/** The antd theme of a colour scheme. */
export function appThemeFor(scheme: ColorScheme): ThemeConfig {
  return scheme === 'dark' ? darkAppTheme : appTheme;
}
