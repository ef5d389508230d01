import { DEFAULT_LANGUAGE, languageOrNull, type Language } from '@formloop/domain';

/** The PDF's language: the UI's (i18n.language, e.g. `de` or `de-DE`), English otherwise. */
export const pdfLanguage = (uiLanguage: string | undefined): Language =>
  languageOrNull(uiLanguage) ?? DEFAULT_LANGUAGE;
