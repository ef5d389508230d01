/** Placeholder until the roles slice lands. */
export function RolesPermissionsPage() {
  return null;
}
