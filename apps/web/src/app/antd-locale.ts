import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { AppLanguage } from '../shared/i18n/languages.ts';

// English ships with the entry chunk; the others load on demand when the user switches language.
const loaders: Record<Exclude<AppLanguage, 'en'>, () => Promise<{ default: Locale }>> = {
  de: () => import('antd/es/locale/de_DE'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  ja: () => import('antd/es/locale/ja_JP'),
  zh: () => import('antd/es/locale/zh_CN'),
};

export const defaultAntdLocale: Locale = enUS;

export async function loadAntdLocale(language: AppLanguage): Promise<Locale> {
  if (language === 'en') return enUS;
  const module = await loaders[language]();
  return module.default;
}
