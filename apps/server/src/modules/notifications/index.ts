// The public surface of modules/notifications: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Notification rows and their push to the hub.

export type { NewNotification } from './notification.repository.ts';
export { notificationRoutes } from './notification.routes.ts';
export { createNotificationService, notifyUsers } from './notification.service.ts';
