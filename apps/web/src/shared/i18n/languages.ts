import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@formloop/domain';

/** The six UI languages (spec §1, §9); English is the default. */
export const APP_LANGUAGES = LANGUAGES;
export type AppLanguage = Language;
export const FALLBACK_LANGUAGE: AppLanguage = DEFAULT_LANGUAGE;

/** The picker names each language in that language, so a reader can find their own. */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};

/** Where the chosen language is remembered. */
export const LANGUAGE_STORAGE_KEY = 'formloop.language';

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);

export function storedLanguage(): AppLanguage {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLanguage(value) ? value : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

export function rememberLanguage(language: AppLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}
