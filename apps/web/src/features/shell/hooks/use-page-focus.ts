import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { PAGE_FOCUS_WAIT_MS } from '../shell-constants.ts';

/**
 * After a navigation inside the app (not the first page), focus moves to the new page's h1 (its own,
 * else the title the shell gives it), so a
 * keyboard or screen-reader user starts on the page they opened instead of on the link they left
 * (issue 25, WCAG 2.4.3). Pages load lazily: the heading is waited for, up to PAGE_FOCUS_WAIT_MS.
 * Focus is only taken from where the navigation left it (the link outside the page, or nowhere): a
 * page that placed it itself, or a user who moved on meanwhile, keeps theirs.
 */
export function usePageFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const left = document.activeElement;
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      const active = document.activeElement;
      const page = main.current;
      // Inside the page: the page's own (an autofocused field) or the user's. Elsewhere: the link
      // the navigation left from is taken; a control the user went to meanwhile is not.
      if (active && active !== document.body && (page?.contains(active) || active !== left)) return;
      // The page's own heading, else the shell's title of it (the breadcrumb bar's h1).
      const heading = page?.querySelector('h1') ?? document.querySelector('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() - started < PAGE_FOCUS_WAIT_MS) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
