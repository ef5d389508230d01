import Grid from 'antd/es/grid';
import { useSyncExternalStore } from 'react';

// Phones and tablets (issue 25 item 2; spec §9 breakpoints sm 576, md 768, lg 992, xl 1200, antd's):
// below md the sidebar is a drawer opened from the top bar; from md to lg it starts minimised.

export interface ShellViewport {
  /** Below md: no sidebar beside the page; the top bar opens it as a drawer. */
  phone: boolean;
  /** From md to lg: the sidebar starts minimised. */
  narrow: boolean;
}

/**
 * Where the screen falls. Until antd has measured (the first render) nothing is known and the
 * shell draws as on a wide screen; a breakpoint counts only once one of its queries matched.
 */
export function useShellViewport(): ShellViewport {
  const screens = Grid.useBreakpoint();
  const measured = Object.values(screens).some(Boolean);
  return {
    phone: measured && screens.md === false,
    narrow: measured && screens.md === true && screens.lg === false,
  };
}

/** The phone drawer's open state, shared by the top bar's button and the sidebar. */
let drawerOpen = false;
const listeners = new Set<() => void>();
const setDrawer = (open: boolean) => {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of listeners) listener();
};
export const openNavigationDrawer = () => setDrawer(true);
export const closeNavigationDrawer = () => setDrawer(false);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export function useNavigationDrawer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => drawerOpen,
    () => false,
  );
}
