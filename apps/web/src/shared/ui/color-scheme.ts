import { useSyncExternalStore } from 'react';

// The colour scheme (issue 25 item 8): the user's choice — the system setting (the default), light or
// dark — kept in this browser's local storage, and what it resolves to. "System" follows
// prefers-color-scheme live: the page turns dark the moment the operating system does.

export const COLOR_SCHEME_KEY = 'formloop.colorScheme';
export const COLOR_SCHEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ColorSchemeChoice = (typeof COLOR_SCHEME_CHOICES)[number];
export type ColorScheme = 'light' | 'dark';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/**
 * Text on the bright error fill of the dark scheme (badges, solid danger buttons): the pink that error
 * text needs there (4.5 to 1 on the dark surfaces) is too light for white text, so it carries this.
 */
export const TEXT_ON_BRIGHT_FILL = 'rgba(0, 0, 0, 0.88)';

export const isColorSchemeChoice = (value: unknown): value is ColorSchemeChoice =>
  typeof value === 'string' && (COLOR_SCHEME_CHOICES as readonly string[]).includes(value);

/** The stored choice; 'system' when there is none (or storage is unavailable). */
export function readColorSchemeChoice(): ColorSchemeChoice {
  try {
    const stored = window.localStorage.getItem(COLOR_SCHEME_KEY);
    return isColorSchemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Whether the operating system (or browser) asks for dark pages. */
export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME_QUERY).matches
    : false;
}

export function resolveColorScheme(choice: ColorSchemeChoice, systemDark: boolean): ColorScheme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** The scheme the page should show now. */
export function currentColorScheme(): ColorScheme {
  return resolveColorScheme(readColorSchemeChoice(), systemPrefersDark());
}

const listeners = new Set<() => void>();

/** Stores the choice ('system' forgets it) and tells every subscriber in this tab. */
export function setColorSchemeChoice(choice: ColorSchemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(COLOR_SCHEME_KEY);
    else window.localStorage.setItem(COLOR_SCHEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds until the page reloads.
  }
  for (const listener of listeners) listener();
}

/** Changes come from this tab, from the system setting, and from another tab's choice. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : null;
  media?.addEventListener('change', listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_SCHEME_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useColorSchemeChoice(): ColorSchemeChoice {
  return useSyncExternalStore(subscribe, readColorSchemeChoice, () => 'system');
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentColorScheme, () => 'light');
}

/**
 * Marks the document for plain CSS (`:root[data-theme='dark']`) and the browser (`color-scheme`:
 * scroll bars, form controls and the page canvas turn dark too).
 */
export function applyColorScheme(scheme: ColorScheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
}
