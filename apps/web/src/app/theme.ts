import type { ThemeConfig } from 'antd/es/config-provider/context';

/** Spec §9 theme colours: primary green, secondary blue, error pink. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2f9e5a',
    colorInfo: '#1677ff',
    colorLink: '#1677ff',
    colorError: '#e8356d',
    borderRadius: 6,
  },
};
