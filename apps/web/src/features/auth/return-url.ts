/** Query parameter that carries the page a signed-out user wanted (spec §2). */
export const RETURN_URL_PARAM = 'ReturnUrl';
export const LOGIN_PATH = '/authentication/login';
export const MFA_PATH = '/authentication/mfa';
export const FORGOT_PASSWORD_PATH = '/authentication/forgot-password';

/**
 * Only same-site paths are followed: '//evil.example' or 'https://…' would send the user off-site
 * after signing in, and a path back into /authentication would loop. Anything else becomes '/'.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (
    value === '/authentication' ||
    value.startsWith('/authentication/') ||
    value.startsWith('/authentication?')
  )
    return '/';
  return value;
}

/** Builds `path?ReturnUrl=…`, leaving the parameter off when the target is simply '/'. */
export function withReturnUrl(path: string, returnUrl: string | null | undefined): string {
  const target = safeReturnUrl(returnUrl);
  return target === '/' ? path : `${path}?${RETURN_URL_PARAM}=${encodeURIComponent(target)}`;
}

export function loginRedirectFor(wanted: string): string {
  return withReturnUrl(LOGIN_PATH, wanted);
}
