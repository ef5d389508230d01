export * from './envelope.ts';
export * from './auth.ts';
export * from './tenant.ts';
export * from './notifications.ts';
export * from './profile.ts';

/** Where the API lives; the web app and the server agree on these. */
export const API_PATHS = {
  authenticateIso: '/identity/authenticateiso',
  loginWith2Fa: '/identity/loginWith2Fa',
  loginWithRecoveryCode: '/identity/loginWithRecoveryCode',
  getInfo2Fa: '/identity/getInfo2fa',
  sessionToken: '/identity/token',
  isAuthenticated: '/identity/isAuthenticated',
  tokenValidation: '/identity/tokenValidation',
  refreshToken: '/identity/refreshToken',
  logout: '/identity/logout',
  sharedKeyQrCodeUri: '/identity/manageauthenticator/sharedKeyQRCodeUri',
  enableAuthenticator: '/identity/manageauthenticator/enableAuthenticator',
  disableAuthenticator: '/identity/manageauthenticator/disableAuthenticator',
  userInfo: '/identity/manageauthenticator/userinfo',
  setUserTimeZone: '/identity/manageauthenticator/setusertimezone',
  timeZones: '/identity/manageauthenticator/timezone',
  changePassword: '/identity/manageauthenticator/changepassword',
  securityPolicy: '/identity/manageauthenticator/policy',
  securityQuestions: '/identity/manageauthenticator/policy/securityquestions',
  saveSecurityQuestions: '/identity/manageauthenticator/policy/securityquestions/save',
  forgotPassword: '/api/email/forgotpassword',
  resetPassword: '/api/email/resetpassword',
  tenantInfo: '/api/sys/tenant/info',
  tenantExists: '/api/sys/tenant/exists',
  notifications: '/api/Notification',
  notificationRead: '/api/Notification/read',
  notificationsMarkAllRead: '/api/Notification/MarkAllAsRead',
  /** Spec §7 POST /{workflow-engine}/workflow-definition/create; our {workflow-engine} is /api/workflow-engine. */
  workflowDefinitionCreate: '/api/workflow-engine/workflow-definition/create',
} as const;
export * from './organization.ts';
export * from './module-categories.ts';
export * from './audit-trail.ts';
export * from './users.ts';
export * from './teams.ts';
export * from './roles.ts';
export * from './menus.ts';
export * from './apps.ts';
export * from './app-examples.ts';
export * from './reference-data.ts';
export * from './app-settings.ts';
export * from './records.ts';
export * from './record-print.ts';
export * from './files.ts';
export * from './record-lookups.ts';
export * from './record-import.ts';
export * from './reports.ts';
export * from './report-exports.ts';
export * from './dashboards.ts';
export * from './quick-launch.ts';
export * from './workflow.ts';
export * from './workflow-engine.ts';
export * from './task-scheduler.ts';
export * from './process-engine.ts';
export * from './sso.ts';
export * from './message-keys.ts';
