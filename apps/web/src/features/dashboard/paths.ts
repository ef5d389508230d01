// Where the Dashboards & Reports home leads (spec §2).
export const moduleHref = (id: string) => `/module/${encodeURIComponent(id)}`;
/** A builder's draft opens in the form editor: it has no records to list yet. */
export const formEditorHref = (id: string) => `/form-editor/show/${encodeURIComponent(id)}`;
export const REPORTS_PATH = '/reports';
export const REPORT_DESIGNER_PATH = '/report-designer';
