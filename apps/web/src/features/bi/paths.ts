// The BI pages' own addresses (spec §2).
export const BI_BUILDER_PATH = '/business-intelligence';
export const BI_REPORTS_PATH = '/bi-reports';

export const questionHref = (id?: string) =>
  id ? `${BI_BUILDER_PATH}?id=${encodeURIComponent(id)}` : BI_BUILDER_PATH;
