/**
 * The single sign-on settings page (issue 9). Not a route of spec §2, so it is not in the route table
 * (app/route-table.ts lists exactly those); the router adds it and the page guards its own access.
 */
export const SSO_SETTINGS_PATH = '/settings/single-sign-on';
