import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { AppLanguage } from '../shared/i18n/languages.ts';

export const defaultAntdLocale: Locale = enUS;

// English ships with the entry chunk; the others load on demand when the user switches language.
const switcher = () => import('./locale-switch.ts');

export async function loadAntdLocale(language: AppLanguage): Promise<Locale> {
  if (language === 'en') return enUS;
  return (await switcher()).loadForeignAntdLocale(language);
}

/**
 * dayjs follows the UI language too. dayjs itself loads here, not with the login page, which shows
 * no dates; until a page needs it there is nothing to switch.
 */
export async function applyDayjsLocale(language: AppLanguage): Promise<string> {
  // dayjs starts in English: until another language was chosen there is nothing to load or switch.
  if (language === 'en' && !dayjsSwitched) return 'en';
  dayjsSwitched = true;
  return (await switcher()).applyDayjsLocale(language);
}

let dayjsSwitched = false;
