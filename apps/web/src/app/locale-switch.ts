import type { Locale } from 'antd/es/locale';
import type { AppLanguage } from '../shared/i18n/languages.ts';

// Loaded only when the language is not English, so the sign-in page's entry does not list every
// locale file of antd and dayjs.

const antdLoaders: Record<Exclude<AppLanguage, 'en'>, () => Promise<{ default: Locale }>> = {
  de: () => import('antd/es/locale/de_DE'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  ja: () => import('antd/es/locale/ja_JP'),
  zh: () => import('antd/es/locale/zh_CN'),
};

/** dayjs's name for each UI language (Chinese is simplified Chinese, as in the antd locale). */
export const DAYJS_LOCALES: Record<AppLanguage, string> = {
  en: 'en',
  de: 'de',
  es: 'es',
  fr: 'fr',
  ja: 'ja',
  zh: 'zh-cn',
};

// dayjs has English built in; the other locales register themselves with dayjs when loaded.
const dayjsLoaders: Record<Exclude<AppLanguage, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  ja: () => import('dayjs/locale/ja'),
  zh: () => import('dayjs/locale/zh-cn'),
};

export async function loadForeignAntdLocale(language: Exclude<AppLanguage, 'en'>): Promise<Locale> {
  return (await antdLoaders[language]()).default;
}

/** Switches dayjs (antd's pickers and our own date formatting) to the UI language. */
export async function applyDayjsLocale(language: AppLanguage): Promise<string> {
  const [{ default: dayjs }] = await Promise.all([
    import('dayjs'),
    language === 'en' ? Promise.resolve() : dayjsLoaders[language](),
  ]);
  return dayjs.locale(DAYJS_LOCALES[language]);
}
