/** Placeholder until the user-management slice lands. */
export function UserManagementPage() {
  return null;
}
