// The sign-in page's providers and where the single sign-on settings are. Kept small: the login
// route loads it.
export { useSsoProviders } from './providers-query.ts';
export { SSO_SETTINGS_PATH } from './paths.ts';
