import { describe, expect, it } from 'vitest';
import {
  APP_CREATE_NAVIGATE_DELAY_MS,
  BOT_USAGE_QUERY_LENGTH,
  BREAKPOINTS,
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_DATETIME_FORMAT,
  DEFAULT_FIELD_COLUMN_WIDTH,
  DEFAULT_FIELD_NAME,
  DEFAULT_LANGUAGE,
  DEFAULT_LAUNCH_PAGE,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SYSTEM_FIELDS,
  DEFAULT_TIME_FORMAT,
  DEFAULT_VISIBLE_COLUMNS,
  DESCRIPTION_MAX_LENGTH,
  FIELD_CONTROL_LEVELS,
  FILTER_OPERATORS,
  FORGOT_USERNAME_MAX_LENGTH,
  FORGOT_USERNAME_MIN_LENGTH,
  ICON_PAGE_SIZE,
  LANGUAGE_NAMES,
  languageOrNull,
  LANGUAGES,
  LAUNCH_PAGE_LABELS,
  LAUNCH_PAGE_ROUTES,
  LAUNCH_PAGE_TYPES,
  LEGACY_SM_BREAKPOINT,
  NAME_MAX_LENGTH,
  NOTIFICATION_LIST_MAX_HEIGHT_PX,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_REFRESH_DELAY_MS,
  NOTIFICATION_SKELETONS,
  PAGE_SIZES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUERY_CACHE_DEFAULTS,
  QUERY_NO_RETRY_STATUSES,
  QUERY_RETRY_LIMIT,
  RECORD_STATUSES,
  REFRESH_PREPARE_BEFORE_EXPIRY_MS,
  REMEMBER_MACHINE_DAYS,
  REMEMBER_MACHINE_MS,
  REQUEST_TIMEOUT_MS,
  SCHEDULER_ACTIVITY_PAGE_LENGTH,
  SCROLL_TOP_THRESHOLD_PX,
  SEARCH_DEBOUNCE_MS,
  SESSION_WARNING_BEFORE_EXPIRY_MS,
  SIDEBAR_COLLAPSE_MS,
  SIDEBAR_EXPAND_MS,
  SPLASH_TIMEOUT_MS,
  TASK_BADGE_MAX,
  USER_NAME_MAX_LENGTH,
  VALUELESS_FILTER_OPERATORS,
  WEBSOCKET_RECONNECT_ATTEMPTS,
  isFilterOperator,
  reconnectDelayMs,
} from '../constants.ts';

describe('spec §9 constants', () => {
  it('pages lists 10/20/50/100 with 10 as the default and 25 visible columns', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZES).toContain(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_VISIBLE_COLUMNS).toBe(25);
  });

  it('has the text length limits', () => {
    expect([NAME_MAX_LENGTH, USER_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH]).toEqual([40, 64, 250]);
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([3, 50]);
    expect([FORGOT_USERNAME_MIN_LENGTH, FORGOT_USERNAME_MAX_LENGTH]).toEqual([3, 50]);
  });

  it('has the session timings in milliseconds', () => {
    expect(REMEMBER_MACHINE_DAYS).toBe(25);
    expect(REMEMBER_MACHINE_MS).toBe(2_160_000_000);
    expect(SESSION_WARNING_BEFORE_EXPIRY_MS).toBe(300_000);
    expect(REFRESH_PREPARE_BEFORE_EXPIRY_MS).toBe(2_100_000);
    // The refresh must be prepared before the warning could ever show.
    expect(REFRESH_PREPARE_BEFORE_EXPIRY_MS).toBeGreaterThan(SESSION_WARNING_BEFORE_EXPIRY_MS);
  });

  it('has request, notification, scheduler and bot numbers', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(3_600_000);
    expect(NOTIFICATION_REFRESH_DELAY_MS).toBe(7500);
    expect(NOTIFICATION_PAGE_SIZE).toBe(10);
    expect(NOTIFICATION_SKELETONS).toBe(3);
    expect(NOTIFICATION_LIST_MAX_HEIGHT_PX).toBe(300);
    expect(SCHEDULER_ACTIVITY_PAGE_LENGTH).toBe(10);
    expect(BOT_USAGE_QUERY_LENGTH).toBe(1000);
    expect(QUERY_RETRY_LIMIT).toBe(3);
    expect(QUERY_NO_RETRY_STATUSES).toEqual([401, 403]);
    expect(QUERY_CACHE_DEFAULTS).toEqual({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    });
  });

  it('has field and icon defaults', () => {
    expect(DEFAULT_FIELD_COLUMN_WIDTH).toBe(4);
    expect(DEFAULT_FIELD_NAME).toBe('Untitled field');
    expect(ICON_PAGE_SIZE).toBe(50);
    expect(FIELD_CONTROL_LEVELS).toEqual(['visible', 'editable', 'readonly', 'hidden']);
  });

  it('has the date formats with the defaults first', () => {
    expect(DATE_FORMATS).toEqual(['YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY']);
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(DEFAULT_DATETIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(DEFAULT_TIME_FORMAT).toBe('HH:mm:ss');
  });

  it('has the launch pages with labels and routes for each', () => {
    expect(LAUNCH_PAGE_TYPES).toEqual(['home', 'dashboard&reports', 'quickreport', 'apps']);
    expect(DEFAULT_LAUNCH_PAGE).toBe('home');
    expect(Object.keys(LAUNCH_PAGE_LABELS)).toEqual([...LAUNCH_PAGE_TYPES]);
    expect(Object.values(LAUNCH_PAGE_LABELS)).toEqual([
      'Home',
      'Dashboard & Reports',
      'Quick Report',
      'Apps',
    ]);
    expect(LAUNCH_PAGE_ROUTES).toEqual({
      home: '/tasks',
      'dashboard&reports': '/dashboard',
      quickreport: '/inquiry',
      apps: '/applications',
    });
  });

  it('has the shell timings', () => {
    expect(TASK_BADGE_MAX).toBe(9999);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(APP_CREATE_NAVIGATE_DELAY_MS).toBe(150);
    expect(SPLASH_TIMEOUT_MS).toBe(3000);
    expect(SCROLL_TOP_THRESHOLD_PX).toBe(120);
    expect(SIDEBAR_EXPAND_MS).toBe(50);
    expect(SIDEBAR_COLLAPSE_MS).toBe(100);
    expect(WEBSOCKET_RECONNECT_ATTEMPTS).toBe(10);
  });

  it('has ascending breakpoints and keeps the legacy sm value', () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200 });
    expect(LEGACY_SM_BREAKPOINT).toBe(544);
    const values = Object.values(BREAKPOINTS);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  it('has the six languages with English as the default', () => {
    expect(LANGUAGES).toEqual(['en', 'de', 'es', 'fr', 'ja', 'zh']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGE_NAMES.de).toBe('German');
  });

  it('reads a language code as one of the six, dropping the region, or null', () => {
    expect(languageOrNull('de')).toBe('de');
    expect(languageOrNull('de-AT')).toBe('de');
    expect(languageOrNull(' ZH_Hans ')).toBe('zh');
    expect(languageOrNull('pt-BR')).toBeNull();
    expect(languageOrNull('')).toBeNull();
    expect(languageOrNull(null)).toBeNull();
    expect(languageOrNull(undefined)).toBeNull();
  });

  it('has the record statuses in order and the default system fields', () => {
    expect(RECORD_STATUSES).toEqual(['Draft', 'In Progress', 'Completed', 'Faulted', 'Starting', 'Returned']);
    expect(DEFAULT_SYSTEM_FIELDS).toEqual([
      'Created By',
      'Modified By',
      'Created At',
      'Modified At',
      'Flow Name',
      'Completed At',
      'Submitted At',
      'Expire At',
    ]);
  });
});

describe('FILTER_OPERATORS', () => {
  it('lists all nineteen operators of spec §3, without duplicates', () => {
    expect(FILTER_OPERATORS).toHaveLength(19);
    expect(new Set(FILTER_OPERATORS).size).toBe(19);
    expect(FILTER_OPERATORS).toEqual([
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
    ]);
  });

  it('marks the four value-less operators', () => {
    expect(VALUELESS_FILTER_OPERATORS).toEqual(['isnull', 'isnotnull', 'isempty', 'isnotempty']);
  });

  it('recognises operators exactly (case-sensitive, strings only)', () => {
    expect(isFilterOperator('isin')).toBe(true);
    expect(isFilterOperator('IsIn')).toBe(false);
    expect(isFilterOperator('in')).toBe(false);
    expect(isFilterOperator('')).toBe(false);
    expect(isFilterOperator(undefined)).toBe(false);
    expect(isFilterOperator(['eq'])).toBe(false);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from one second and caps at ten', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('is exactly min(1000 × 2^n, 10000) around the cap', () => {
    expect(reconnectDelayMs(3)).toBe(8000);
    expect(reconnectDelayMs(4)).toBe(10_000);
  });

  it('never returns NaN or less than a second for odd input', () => {
    expect(reconnectDelayMs(-1)).toBe(1000);
    expect(reconnectDelayMs(Number.NaN)).toBe(1000);
    expect(reconnectDelayMs(Number.POSITIVE_INFINITY)).toBe(10_000);
    expect(reconnectDelayMs(1.9)).toBe(2000);
    expect(reconnectDelayMs(10_000)).toBe(10_000);
  });
});
