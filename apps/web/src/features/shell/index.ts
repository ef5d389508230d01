// What other features use of the shell: its query keys and the notification queries the header
// and the notifications pages share, the tenant info and the app menu's query key.
export {
  refreshNotifications,
  reportNotificationCallFailure,
  shellKeys,
  unreadOf,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationDetail,
  useNotifications,
  useTenantInfo,
  type FavouriteModule,
} from './api.ts';
export { formatTimeSince, notificationTarget } from './format.ts';
export { APP_MENU_QUERY_KEY } from './hooks/use-app-menu.ts';
export { useOpenNotification } from './hooks/use-open-notification.ts';
export { NOTIFICATIONS_PATH } from './shell-constants.ts';
