/** The BI pages' translation namespace (locales/<lng>/bi.json). */
export const BI_NAMESPACE = 'bi';
