/** The i18n namespace of printing an entry (src/locales/<lng>/recordPrint.json). */
export const RECORD_PRINT_NAMESPACE = 'recordPrint';
