/** Placeholder until the settings slice lands. */
export function SettingsPage() {
  return null;
}
