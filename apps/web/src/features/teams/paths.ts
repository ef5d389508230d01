// The team screens' own addresses (spec §2); the router sends both to TeamManagementPage.
export const TEAM_LIST_PATH = '/settings/team-management';
export const TEAM_DETAIL_PATH = '/settings/team-management/detail';
export const USER_DETAIL_PATH = '/settings/user-detail';

export const teamDetailHref = (id: string) => `${TEAM_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
export const userDetailHref = (id: string) => `${USER_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
