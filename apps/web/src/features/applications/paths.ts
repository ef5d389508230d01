// Where the apps feature links to (spec §2 routes).

export const FORM_EDITOR_LIST_PATH = '/form-editor';
/** `?create=1` on the form editor list opens the Create App dialog (the sidebar's Create App button). */
export const CREATE_PARAM = 'create';
/** The Create App dialog, whose gallery of examples the first-run hint points to. */
export const CREATE_APP_EXAMPLES_PATH = `${FORM_EDITOR_LIST_PATH}?${CREATE_PARAM}=1`;

/** The editor of one app; where a created or copied app opens. */
export const editorPath = (id: string) => `/form-editor/show/${encodeURIComponent(id)}`;

/** An app's records page, saying where it was opened from (like the sidebar's ?from=sidebar). */
export const modulePath = (id: string, from = 'applications') =>
  `/module/${encodeURIComponent(id)}?from=${encodeURIComponent(from)}`;
