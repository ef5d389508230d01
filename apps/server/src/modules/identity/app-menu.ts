import type { AppMenuEntry } from '@formloop/contracts';
import { canUseSettings, type flagsForKind } from '@formloop/domain';

/**
 * The built-in areas a user may open, as the application menu list of spec §3. Stored, editable menus
 * (/settings/menu) are layered on top of this by the administration module.
 */
export function builtInAppMenu(flags: ReturnType<typeof flagsForKind>): AppMenuEntry[] {
  const entry = (id: string, title: string, href: string, icon: string): AppMenuEntry => ({
    id,
    title,
    href,
    icon,
    items: [],
    disabled: false,
  });
  const menu = [entry('home', 'Home', '/tasks', 'home'), entry('apps', 'Apps', '/applications', 'appstore')];
  if (canUseSettings(flags)) menu.push(entry('settings', 'Settings', '/settings', 'setting'));
  return menu;
}
