import { LANGUAGES, type Language } from '@formloop/domain';

/** The export heading's language: the UI's (i18n.language, e.g. `de` or `de-DE`), English otherwise. */
export function exportLanguage(uiLanguage: string | undefined): Language {
  const base = (uiLanguage ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}
