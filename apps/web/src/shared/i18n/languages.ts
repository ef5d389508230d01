import { DEFAULT_LANGUAGE, LANGUAGES, languageOrNull, type Language } from '@formloop/domain';

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

/** The first of the browser's preferred languages the app has ('de-AT' → 'de'), if any. */
export function browserLanguage(): AppLanguage | null {
  if (typeof navigator === 'undefined') return null;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const code of preferred) {
    const language = languageOrNull(code);
    if (language) return language;
  }
  return null;
}

/** The language chosen in this browser before, else the browser's own, else English. */
export function storedLanguage(): AppLanguage {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isAppLanguage(value)) return value;
  } catch {
    // Storage unavailable: fall through to the browser's language.
  }
  return browserLanguage() ?? FALLBACK_LANGUAGE;
}

export function rememberLanguage(language: AppLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}
