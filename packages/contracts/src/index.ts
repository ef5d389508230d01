export * from './envelope.ts';
export * from './auth.ts';
export * from './tenant.ts';
export * from './notifications.ts';

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
  forgotPassword: '/api/email/forgotpassword',
  resetPassword: '/api/email/resetpassword',
  tenantInfo: '/api/sys/tenant/info',
  tenantExists: '/api/sys/tenant/exists',
  notifications: '/api/Notification',
  notificationRead: '/api/Notification/read',
  notificationsMarkAllRead: '/api/Notification/MarkAllAsRead',
} as const;
