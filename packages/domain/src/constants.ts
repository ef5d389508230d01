// Business constants and limits from the product spec (§9, with the numbers quoted in §2, §3, §4 and §7).
// Server, web and tests read them from here so that a limit is changed in one place only; a literal
// number elsewhere that duplicates one of these is a bug waiting to drift.

// ---------------------------------------------------------------------------------------------
// Lists and paging
// ---------------------------------------------------------------------------------------------

/** Page sizes offered by every data table. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = 10 satisfies PageSize;
/** Columns shown in a record list before the user picks their own. */
export const DEFAULT_VISIBLE_COLUMNS = 25;
/** First page of a data table request; pages are 1-based throughout the API. */
export const FIRST_PAGE = 1;

// ---------------------------------------------------------------------------------------------
// Text lengths (counted in Unicode code points, like PostgreSQL's varchar(n))
// ---------------------------------------------------------------------------------------------

export const NAME_MAX_LENGTH = 40;
export const USER_NAME_MAX_LENGTH = 64;
export const DESCRIPTION_MAX_LENGTH = 250;
export const PASSWORD_MIN_LENGTH = 3;
export const PASSWORD_MAX_LENGTH = 50;
export const FORGOT_USERNAME_MIN_LENGTH = 3;
export const FORGOT_USERNAME_MAX_LENGTH = 50;
/** A tenant domain is one DNS label (RFC 1035: at most 63 octets). */
export const DOMAIN_LABEL_MAX_LENGTH = 63;

// ---------------------------------------------------------------------------------------------
// Session, auth and tenancy
// ---------------------------------------------------------------------------------------------

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const REMEMBER_MACHINE_DAYS = 25;
/** Lifetime of the remember-machine cookie, derived so the two can never disagree. */
export const REMEMBER_MACHINE_MS = REMEMBER_MACHINE_DAYS * DAY_MS;
/** The countdown modal 'Your session is expiring soon' opens this long before token expiry. */
export const SESSION_WARNING_BEFORE_EXPIRY_MS = 5 * MINUTE_MS;
/** A refresh is prepared this long before expiry and sent on the next user activity. */
export const REFRESH_PREPARE_BEFORE_EXPIRY_MS = 35 * MINUTE_MS;
/** After a successful MFA code the app proceeds after "about 1 second". */
export const MFA_PROCEED_DELAY_MS = 1000;
/** The 2FA payload's isPersistent flag is always true (spec §3). */
export const TWO_FACTOR_IS_PERSISTENT = true;
/** A host whose first label is this serves the domain-entry page instead of a tenant. */
export const LOGIN_HOST_LABEL = 'login';

// ---------------------------------------------------------------------------------------------
// HTTP, queries and realtime
// ---------------------------------------------------------------------------------------------

/** Every API call times out after one hour (spec §7). */
export const REQUEST_TIMEOUT_MS = 3_600_000;
/** Failed queries are retried up to this many times... */
export const QUERY_RETRY_LIMIT = 3;
/** ...except for these statuses, where a retry cannot succeed. */
export const QUERY_NO_RETRY_STATUSES = [401, 403] as const;
/** Data query cache: data never goes stale by itself and is not refetched on focus or reconnect. */
export const QUERY_CACHE_DEFAULTS = {
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

export const TASK_HUB_PATH = '/TaskHub';
export const WEBSOCKET_RECONNECT_ATTEMPTS = 10;
export const WEBSOCKET_RECONNECT_BASE_MS = 1000;
export const WEBSOCKET_RECONNECT_MAX_MS = 10_000;
/** Hub keep-alive (ping) messages have this type and are ignored. */
export const HUB_PING_MESSAGE_TYPE = 6;

/**
 * Delay before reconnect attempt `attempt` (0-based): min(1000 × 2^n, 10000) ms.
 * Negative and NaN attempts count as 0, so a caller's off-by-one never yields NaN or a sub-second
 * hammering of the server.
 */
export function reconnectDelayMs(attempt: number): number {
  const n = attempt > 0 ? Math.floor(attempt) : 0;
  // 2^n overflows to Infinity for huge n, and Math.min still gives the cap.
  return Math.min(WEBSOCKET_RECONNECT_BASE_MS * 2 ** n, WEBSOCKET_RECONNECT_MAX_MS);
}

// ---------------------------------------------------------------------------------------------
// Notifications, scheduler, bots
// ---------------------------------------------------------------------------------------------

/** After a server push for a module, its lists, summary, history and record refresh after 7.5 s. */
export const NOTIFICATION_REFRESH_DELAY_MS = 7500;
export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_SKELETONS = 3;
export const NOTIFICATION_LIST_MAX_HEIGHT_PX = 300;
export const SCHEDULER_ACTIVITY_PAGE = 1;
export const SCHEDULER_ACTIVITY_PAGE_LENGTH = 10;
export const BOT_USAGE_QUERY_LENGTH = 1000;

// ---------------------------------------------------------------------------------------------
// Forms and fields
// ---------------------------------------------------------------------------------------------

export const DEFAULT_FIELD_COLUMN_WIDTH = 4;
export const DEFAULT_FIELD_NAME = 'Untitled field';
export const ICON_PAGE_SIZE = 50;

/** Field permission control levels, in the spec's order. */
export const FIELD_CONTROL_LEVELS = ['visible', 'editable', 'readonly', 'hidden'] as const;
export type FieldControlLevel = (typeof FIELD_CONTROL_LEVELS)[number];

/** The two synthetic workflow activities every form has besides its assignment activities. */
export const START_ACTIVITY_ID = 'fs-start';
export const COMPLETE_ACTIVITY_ID = 'fs-complete';

/** Events that have an e-mail template (subject + body) per app. */
export const EMAIL_TEMPLATE_EVENTS = [
  'submit',
  'reassign',
  'rejected',
  'restart',
  'sendback',
  'completed',
  'approve',
] as const;
export type EmailTemplateEvent = (typeof EMAIL_TEMPLATE_EVENTS)[number];

/** Actions a user can take on a task (spec §4). */
export const TASK_ACTIONS = ['approve', 'reject', 'reassign', 'sendback', 'withdraw', 'restart'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** System fields every app offers besides its own fields (display names, spec §3). */
export const DEFAULT_SYSTEM_FIELDS = [
  'Created By',
  'Modified By',
  'Created At',
  'Modified At',
  'Flow Name',
  'Completed At',
  'Submitted At',
  'Expire At',
] as const;
export type DefaultSystemField = (typeof DEFAULT_SYSTEM_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Data table filters
// ---------------------------------------------------------------------------------------------

/** The nineteen filter operators of a data table request, in the spec's order. */
export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'isnull',
  'isnotnull',
  'lt',
  'lte',
  'gt',
  'gte',
  'startswith',
  'endswith',
  'contains',
  'doesnotcontain',
  'minlength',
  'maxlength',
  'partof',
  'notpartof',
  'isempty',
  'isnotempty',
  'isin',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that test the field alone and ignore the filter's value. */
export const VALUELESS_FILTER_OPERATORS = [
  'isnull',
  'isnotnull',
  'isempty',
  'isnotempty',
] as const satisfies readonly FilterOperator[];

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

export const RECORD_STATUSES = [
  'Draft',
  'In Progress',
  'Completed',
  'Faulted',
  'Starting',
  'Returned',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const APP_STATUSES = ['Draft', 'Published'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Dates, languages and launch pages
// ---------------------------------------------------------------------------------------------

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const TIME_FORMATS = ['HH:mm:ss'] as const;
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD' satisfies DateFormat;
export const DEFAULT_DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DEFAULT_TIME_FORMAT = 'HH:mm:ss';
/** The spec names no default organisation time zone; UTC is the neutral choice. */
export const DEFAULT_TIME_ZONE = 'UTC';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE = 'en' satisfies Language;
/** A stored or sent language code as one of LANGUAGES, or null (unknown codes, regions dropped: 'de-AT' → 'de'). */
export function languageOrNull(code: string | null | undefined): Language | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}
/** English names of the UI languages (the language picker shows these). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
  ja: 'Japanese',
  zh: 'Chinese',
};

export const LAUNCH_PAGE_TYPES = ['home', 'dashboard&reports', 'quickreport', 'apps'] as const;
export type LaunchPageType = (typeof LAUNCH_PAGE_TYPES)[number];
export const DEFAULT_LAUNCH_PAGE = 'home' satisfies LaunchPageType;
export const LAUNCH_PAGE_LABELS: Readonly<Record<LaunchPageType, string>> = {
  home: 'Home',
  'dashboard&reports': 'Dashboard & Reports',
  quickreport: 'Quick Report',
  apps: 'Apps',
};
/** Where the root route / lands for each launch page (spec §2). */
export const LAUNCH_PAGE_ROUTES: Readonly<Record<LaunchPageType, string>> = {
  home: '/tasks',
  'dashboard&reports': '/dashboard',
  quickreport: '/inquiry',
  apps: '/applications',
};

// ---------------------------------------------------------------------------------------------
// Shell timings and layout
// ---------------------------------------------------------------------------------------------

/** The Home badge shows the pending task count capped at this value. */
export const TASK_BADGE_MAX = 9999;
export const SEARCH_DEBOUNCE_MS = 500;
export const APP_CREATE_NAVIGATE_DELAY_MS = 150;
export const SPLASH_TIMEOUT_MS = 3000;
export const SCROLL_TOP_THRESHOLD_PX = 120;
export const SIDEBAR_EXPAND_MS = 50;
export const SIDEBAR_COLLAPSE_MS = 100;
export const DROPDOWN_HOVER_TIMEOUT_MS = 500;
export const ACCORDION_SLIDE_MS = 200;
/** The route-change progress bar grows by this many percent... */
export const PROGRESS_BAR_STEP = 10;
/** ...every this many milliseconds. */
export const PROGRESS_BAR_STEP_MS = 30;

/**
 * Layout breakpoints in px. The spec lists sm as "544/576": 544 is the older grid's value still used
 * by a few legacy styles, 576 the current one, so both are kept and `sm` is the current value.
 */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const LEGACY_SM_BREAKPOINT = 544;

export const LAYOUT_DEFAULTS = { fixedHeader: true, asideTheme: 'dark' } as const;
/** Theme colour roles; the exact shades belong to the web theme. */
export const THEME_COLOUR_ROLES = { primary: 'green', secondary: 'blue', error: 'pink' } as const;
