/** Query parameter that carries the page a signed-out user wanted (spec §2). */
export const RETURN_URL_PARAM = 'ReturnUrl';

/**
 * Only same-site paths are followed: '//evil.example' or 'https://…' would send the user off-site
 * after signing in, and a path back into /authentication would loop. Anything else becomes '/'.
 * Shared by the web app and the server (single sign-on carries the ReturnUrl through a provider).
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
