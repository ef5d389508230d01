// Paths and storage keys of the application shell (spec §2 "Shell behaviour"). The numeric limits
// (badge cap, debounce, timings) come from @formloop/domain; these are the web app's own names.

/** GET: the pending task count for the Home badge (data is a number). Arrives with the tasks feature. */
export const TASK_TOTAL_PATH = '/api/Task/total';
/** GET: the user's favourite modules. Arrives with the app builder. */
export const FAVOURITE_LIST_PATH = '/api/form/Editor/Favourite/list';

/** Cookie holding the sidebar's minimised choice ('1' or '0'). */
export const SIDEBAR_COOKIE = 'formloop.sidebar.minimised';
/** A year: the choice is a preference, not a session detail. */
export const SIDEBAR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Used when tenant info has no support contact (spec §1: "fall back to defaults"). */
export const DEFAULT_SUPPORT_EMAIL = 'support@formloop.local';
export const DEFAULT_SUPPORT_PHONE = '+44 20 7946 0000';

export const DOCS_URL = '/docs';
export const REMOTE_SUPPORT_URL = '/downloads/remote-support';
export const PROFILE_PATH = '/app/user/profile';
export const LOGOUT_PATH = '/logout';
export const SETTINGS_PATH = '/settings';
export const NOTIFICATIONS_PATH = '/notifications';
/** Spec §2: the breadcrumb trail starts with a home crumb that leads to /dashboard. */
export const HOME_CRUMB_PATH = '/dashboard';
export const CREATE_APP_PATH = '/form-editor?create=1';

/** Query parameter (and value) that asks for the bare page without the shell around it. */
export const LAYOUT_PARAM = 'layout';
export const FULL_LAYOUT = 'full';

/** Layout sizes: the fixed header's height and the sidebar's widths (open and minimised). */
export const TOP_BAR_HEIGHT = 56;
export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_MINIMISED_WIDTH = 64;

/** Below antd's md breakpoint (768 px) the shell is a phone's: the sidebar is a drawer. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** The id of the shell's <main>: the skip link's target (WCAG 2.4.1). */
export const MAIN_CONTENT_ID = 'main-content';
/** How long after a navigation the shell waits for the new page's h1 to move focus to it. */
export const PAGE_FOCUS_WAIT_MS = 3000;
