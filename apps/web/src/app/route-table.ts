// Every signed-in route of spec §2 with its role level (spec §6). The paths build the route tree
// (so they ship with the first page); the rules that decide each level live in route-access.ts and
// load with the first signed-in page.
import type { AreaKey } from '../features/home/areas.ts';

/** The role levels of spec §6 that gate routes. */
export type AccessLevel = 'signedIn' | 'builder' | 'settings' | 'sysAdmin';

export interface RouteAccess {
  /** A react-router path pattern (':param', ':param?' optional). */
  path: string;
  access: AccessLevel;
  /** The page's area: its title on the not-yet-built page. */
  area: AreaKey;
}

const route = (access: AccessLevel, area: AreaKey, ...paths: string[]): RouteAccess[] =>
  paths.map((path) => ({ path, access, area }));

/** Every signed-in route of spec §2 with its access level, in the spec's order. */
export const ROUTE_ACCESS: readonly RouteAccess[] = [
  // All signed-in users.
  ...route('signedIn', 'tasks', '/tasks'),
  ...route('signedIn', 'profile', '/app/user/profile'),
  ...route('signedIn', 'applications', '/applications'),
  ...route('signedIn', 'module', '/module/:moduleId'),
  ...route('signedIn', 'itemEditor', '/item-editor/:moduleId', '/item-editor/:moduleId/:recordId/:taskId?'),
  ...route('signedIn', 'taskEditor', '/task-editor/:moduleId/:recordId?/:taskId?'),
  ...route(
    'signedIn',
    'scheduleEditor',
    '/schedule-editor/:moduleId',
    '/schedule-editor/:moduleId/:recordId',
  ),
  ...route('signedIn', 'notifications', '/notifications', '/notifications/:id'),
  // Full users and consultants.
  ...route('builder', 'businessIntelligence', '/business-intelligence', '/business-intelligence-landing'),
  ...route('builder', 'listDashboard', '/list-dashboard'),
  ...route('builder', 'reportDesigner', '/report-designer'),
  ...route('builder', 'reportViewer', '/report-viewer'),
  ...route('builder', 'reports', '/reports'),
  ...route('builder', 'inquiry', '/inquiry'),
  ...route('builder', 'dashboard', '/dashboard', '/dashboard-landing'),
  ...route('builder', 'biReports', '/bi-reports'),
  ...route('builder', 'permalinkFile', '/permalink/file'),
  ...route('builder', 'formEditor', '/form-editor', '/form-editor/show', '/form-editor/show/:id'),
  ...route('builder', 'referenceData', '/referencedata', '/referencedata/:id'),
  ...route(
    'builder',
    'dataConnector',
    '/data-connector',
    '/data-connector/:dcType',
    '/data-connector/:dcType/:recordId',
  ),
  // System administrators, administrators and consultants.
  ...route('settings', 'settings', '/settings'),
  ...route('settings', 'menuSettings', '/settings/menu'),
  ...route('settings', 'moduleCategories', '/module-categories'),
  ...route('settings', 'organization', '/app/organization', '/organization', '/settings/organization'),
  ...route('settings', 'rolesPermissions', '/settings/roles-permissions'),
  ...route('settings', 'userManagement', '/settings/user-management', '/settings/user-management/:license'),
  ...route('settings', 'userDetail', '/settings/user-detail'),
  ...route('settings', 'teamManagement', '/settings/team-management', '/settings/team-management/detail'),
  ...route('settings', 'webhooks', '/webhooks', '/webhooks/add', '/webhooks/:id'),
  ...route(
    'settings',
    'roboticAutomation',
    '/robotic-automation',
    '/robotic-automation/add',
    '/robotic-automation/:id',
  ),
  ...route('settings', 'connectHub', '/connect-hub'),
  ...route('settings', 'companiesHouse', '/connect-hub/companies-house'),
  ...route('settings', 'ecommerce', '/connect-hub/ecommerce'),
  ...route('settings', 'storeKeys', '/connect-hub/store-key/add', '/connect-hub/store-key/:id'),
  ...route('settings', 'travelManagement', '/connect-hub/travel-management'),
  // System administrators only.
  ...route('sysAdmin', 'processEngine', '/process-engine'),
  ...route('sysAdmin', 'auditTrail', '/app/audit'),
  ...route('sysAdmin', 'processDashboard', '/process/dashboard'),
];
