/** Placeholder until the teams slice lands. */
export function TeamManagementPage() {
  return null;
}
