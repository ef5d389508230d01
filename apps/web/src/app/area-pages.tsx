// Every signed-in page of spec §2 by its area (route-table.ts), each loaded lazily. This module travels
// in the chunk that loads after sign-in (signed-in-elements.ts), so the login route's entry carries
// none of these declarations.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { AreaKey } from '../features/home/areas.ts';
import { AreaNotBuiltPage } from '../features/home/pages/area-not-built-page.tsx';
import { page } from './lazy-page.ts';

const ProfilePage = page(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage');
const OrganizationPage = page(
  () => import('../features/organization/pages/organization-page.tsx'),
  'OrganizationPage',
);
const ModuleCategoriesPage = page(
  () => import('../features/module-categories/pages/module-categories-page.tsx'),
  'ModuleCategoriesPage',
);
const AuditTrailPage = page(
  () => import('../features/audit-trail/pages/audit-trail-page.tsx'),
  'AuditTrailPage',
);
const SettingsPage = page(() => import('../features/settings/pages/settings-page.tsx'), 'SettingsPage');
const UserManagementPage = page(
  () => import('../features/user-management/pages/user-management-page.tsx'),
  'UserManagementPage',
);
const UserDetailPage = page(
  () => import('../features/user-management/pages/user-detail-page.tsx'),
  'UserDetailPage',
);
const TeamManagementPage = page(
  () => import('../features/teams/pages/team-management-page.tsx'),
  'TeamManagementPage',
);
const RolesPermissionsPage = page(
  () => import('../features/roles/pages/roles-permissions-page.tsx'),
  'RolesPermissionsPage',
);
const MenuSettingsPage = page(
  () => import('../features/menus/pages/menu-settings-page.tsx'),
  'MenuSettingsPage',
);

const ApplicationsPage = page(
  () => import('../features/applications/pages/applications-page.tsx'),
  'ApplicationsPage',
);
const FormEditorListPage = page(
  () => import('../features/applications/pages/form-editor-list-page.tsx'),
  'FormEditorListPage',
);
const FormEditorPage = page(
  () => import('../features/form-editor/pages/form-editor-page.tsx'),
  'FormEditorPage',
);
const RecordListPage = page(() => import('../features/records/pages/record-list-page.tsx'), 'RecordListPage');
const ItemEditorPage = page(
  () => import('../features/item-editor/pages/item-editor-page.tsx'),
  'ItemEditorPage',
);
const TaskListPage = page(() => import('../features/tasks/pages/task-list-page.tsx'), 'TaskListPage');
const TaskEditorPage = page(() => import('../features/tasks/pages/task-editor-page.tsx'), 'TaskEditorPage');
const PermalinkFilePage = page(
  () => import('../features/files/pages/permalink-file-page.tsx'),
  'PermalinkFilePage',
);
const ReferenceDataPage = page(
  () => import('../features/reference-data/pages/reference-data-page.tsx'),
  'ReferenceDataPage',
);
const ReferenceDataDetailPage = page(
  () => import('../features/reference-data/pages/reference-data-detail-page.tsx'),
  'ReferenceDataDetailPage',
);
const processPages = () => import('../features/process-engine/pages/process-pages.ts');
const ProcessEnginePage = page(processPages, 'ProcessEnginePage');
const ProcessDashboardPage = page(processPages, 'ProcessDashboardPage');

const notificationPages = () => import('../features/notifications/pages/notification-pages.ts');
const NotificationsPage = page(notificationPages, 'NotificationsPage');
const NotificationDetailPage = page(notificationPages, 'NotificationDetailPage');
const DashboardPage = page(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage');
// The app's schedules and one schedule: one page that picks by the recordId parameter.
const SchedulerPage = page(() => import('../features/scheduler/pages/scheduler-page.tsx'), 'SchedulerPage');

const ReportsPage = page(() => import('../features/reports/pages/reports-page.tsx'), 'ReportsPage');
const ReportViewerPage = page(
  () => import('../features/reports/pages/report-viewer-page.tsx'),
  'ReportViewerPage',
);
const ReportDesignerPage = page(
  () => import('../features/reports/pages/report-designer-page.tsx'),
  'ReportDesignerPage',
);
const InquiryPage = page(() => import('../features/reports/pages/inquiry-page.tsx'), 'InquiryPage');
const BiBuilderPage = page(() => import('../features/bi/pages/bi-builder-page.tsx'), 'BiBuilderPage');
const BiReportsPage = page(() => import('../features/bi/pages/bi-reports-page.tsx'), 'BiReportsPage');

/** One area, two pages: the detail page when the route has the id parameter, the list otherwise. */
function ListOrDetail({ list, detail }: { list: ReactNode; detail: ReactNode }) {
  const { id } = useParams();
  return id ? detail : list;
}

/** An entry opened at one of its tasks is the task editor; otherwise the item editor (new or existing). */
function EntryOrTask() {
  const { recordId, taskId } = useParams();
  return recordId && taskId ? <TaskEditorPage /> : <ItemEditorPage />;
}

/** The page of one signed-in area. */
export function AreaPage({ area }: { area: AreaKey }) {
  if (area === 'profile') return <ProfilePage />;
  if (area === 'organization') return <OrganizationPage />;
  if (area === 'moduleCategories') return <ModuleCategoriesPage />;
  if (area === 'auditTrail') return <AuditTrailPage />;
  if (area === 'settings') return <SettingsPage />;
  if (area === 'userManagement') return <UserManagementPage />;
  if (area === 'userDetail') return <UserDetailPage />;
  if (area === 'teamManagement') return <TeamManagementPage />;
  if (area === 'rolesPermissions') return <RolesPermissionsPage />;
  if (area === 'menuSettings') return <MenuSettingsPage />;
  if (area === 'applications') return <ApplicationsPage />;
  if (area === 'formEditor')
    return <ListOrDetail list={<FormEditorListPage />} detail={<FormEditorPage />} />;
  if (area === 'referenceData')
    return <ListOrDetail list={<ReferenceDataPage />} detail={<ReferenceDataDetailPage />} />;
  if (area === 'module') return <RecordListPage />;
  if (area === 'tasks') return <TaskListPage />;
  if (area === 'itemEditor' || area === 'taskEditor') return <EntryOrTask />;
  if (area === 'permalinkFile') return <PermalinkFilePage />;
  if (area === 'notifications')
    return <ListOrDetail list={<NotificationsPage />} detail={<NotificationDetailPage />} />;
  if (area === 'scheduleEditor') return <SchedulerPage />;
  if (area === 'processEngine') return <ProcessEnginePage />;
  if (area === 'processDashboard') return <ProcessDashboardPage />;
  if (area === 'dashboard' || area === 'listDashboard') return <DashboardPage />;
  if (area === 'reports') return <ReportsPage />;
  if (area === 'reportViewer') return <ReportViewerPage />;
  if (area === 'reportDesigner') return <ReportDesignerPage />;
  if (area === 'inquiry') return <InquiryPage />;
  if (area === 'businessIntelligence') return <BiBuilderPage />;
  if (area === 'biReports') return <BiReportsPage />;
  return <AreaNotBuiltPage area={area} />;
}
