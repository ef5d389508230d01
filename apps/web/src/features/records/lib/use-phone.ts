import Grid from 'antd/es/grid';

/**
 * Whether the screen is a phone's: below antd's md breakpoint (768 px, spec §9), as the shell decides.
 * Until antd has measured (the first render) nothing is known and the answer is no.
 */
export function usePhone(): boolean {
  const screens = Grid.useBreakpoint();
  const measured = Object.values(screens).some(Boolean);
  return measured && screens.md === false;
}
