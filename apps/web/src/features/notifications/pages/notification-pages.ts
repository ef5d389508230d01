// The two pages of /notifications travel in one chunk: the list opens the detail often.
export { NotificationDetailPage } from './notification-detail-page.tsx';
export { NotificationsPage } from './notifications-page.tsx';
