import { useLocation } from 'react-router';
import { TeamDetailView } from '../components/team-detail-view.tsx';
import { TeamListView } from '../components/team-list-view.tsx';
import { TEAM_DETAIL_PATH } from '../paths.ts';

/**
 * /settings/team-management (the teams table) and /settings/team-management/detail?id= (one team):
 * the router sends both here, so the path decides which one shows.
 */
export function TeamManagementPage() {
  const { pathname } = useLocation();
  const isDetail = pathname.replace(/\/+$/, '') === TEAM_DETAIL_PATH;
  return isDetail ? <TeamDetailView /> : <TeamListView />;
}

export default TeamManagementPage;
