// The reports pages' own addresses (spec §2).
export const REPORTS_PATH = '/reports';
export const REPORT_VIEWER_PATH = '/report-viewer';
export const REPORT_DESIGNER_PATH = '/report-designer';

export const reportViewerHref = (id: string) => `${REPORT_VIEWER_PATH}?id=${encodeURIComponent(id)}`;
export const reportDesignerHref = (id?: string) =>
  id ? `${REPORT_DESIGNER_PATH}?id=${encodeURIComponent(id)}` : REPORT_DESIGNER_PATH;
