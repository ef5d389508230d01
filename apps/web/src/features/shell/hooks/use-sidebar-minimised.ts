import { SIDEBAR_COLLAPSE_MS, SIDEBAR_EXPAND_MS } from '@formloop/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_S } from '../shell-constants.ts';

export function readSidebarCookie(): boolean {
  if (typeof document === 'undefined') return false;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) === '1';
}

export function writeSidebarCookie(minimised: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${minimised ? '1' : '0'}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export interface SidebarState {
  /** The user's choice, kept in a cookie (spec §2). */
  minimised: boolean;
  /** What is drawn: minimised and not temporarily expanded by hover or keyboard focus. */
  collapsed: boolean;
  toggle: () => void;
  /** Pointer or focus entered: a minimised sidebar expands after 50 ms. */
  enter: () => void;
  /** Pointer or focus left: it collapses again after 100 ms. */
  leave: () => void;
}

/**
 * The sidebar's minimised state: the user's choice (cookie), except that on a narrow screen (md to
 * lg) it starts minimised whatever the cookie says; the toggle still opens it there.
 */
export function useSidebarMinimised(narrow = false): SidebarState {
  const [minimised, setMinimised] = useState(() => narrow || readSidebarCookie());
  useEffect(() => {
    setMinimised(narrow || readSidebarCookie());
  }, [narrow]);
  const [peeking, setPeeking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clear, []);

  const toggle = useCallback(() => {
    clear();
    setPeeking(false);
    setMinimised((current) => {
      writeSidebarCookie(!current);
      return !current;
    });
  }, []);

  const enter = useCallback(() => {
    clear();
    if (!minimised) return;
    timer.current = setTimeout(() => setPeeking(true), SIDEBAR_EXPAND_MS);
  }, [minimised]);

  const leave = useCallback(() => {
    clear();
    if (!minimised) return;
    timer.current = setTimeout(() => setPeeking(false), SIDEBAR_COLLAPSE_MS);
  }, [minimised]);

  return { minimised, collapsed: minimised && !peeking, toggle, enter, leave };
}
