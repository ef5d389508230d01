/** Placeholder until the user-management slice lands. */
export function UserDetailPage() {
  return null;
}
