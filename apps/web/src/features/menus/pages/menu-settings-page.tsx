/** Placeholder until the menus slice lands. */
export function MenuSettingsPage() {
  return null;
}
