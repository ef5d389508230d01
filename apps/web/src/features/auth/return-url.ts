import { RETURN_URL_PARAM, safeReturnUrl } from '@formloop/domain';

export { RETURN_URL_PARAM, safeReturnUrl };
export const LOGIN_PATH = '/authentication/login';
export const MFA_PATH = '/authentication/mfa';
export const FORGOT_PASSWORD_PATH = '/authentication/forgot-password';

/** Builds `path?ReturnUrl=…`, leaving the parameter off when the target is simply '/'. */
export function withReturnUrl(path: string, returnUrl: string | null | undefined): string {
  const target = safeReturnUrl(returnUrl);
  return target === '/' ? path : `${path}?${RETURN_URL_PARAM}=${encodeURIComponent(target)}`;
}

export function loginRedirectFor(wanted: string): string {
  return withReturnUrl(LOGIN_PATH, wanted);
}
