import { SSO_TWO_FACTOR_PARAM } from '@formloop/contracts';
import Spin from 'antd/es/spin';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { fetchSessionToken } from '../api.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { AuthTitle } from '../components/auth-layout.tsx';
import { STATUS_PARAM } from '../guards.tsx';
import { LOGIN_PATH, MFA_PATH, RETURN_URL_PARAM, safeReturnUrl, withReturnUrl } from '../return-url.ts';

/** The login page with the ReturnUrl kept and the reason (a status key) as its status banner. */
export function loginWithStatus(returnUrl: string | null, status: string): string {
  const path = withReturnUrl(LOGIN_PATH, returnUrl);
  return `${path}${path.includes('?') ? '&' : '?'}${STATUS_PARAM}=${encodeURIComponent(status)}`;
}

/**
 * /authentication/sso (spec §2): 'Verifying...' while the sign-in completes. The server ends a SAML
 * or OpenID Connect sign-in here with the session cookie set, or, when the user's authenticator is
 * still due, with the pending second-factor cookie and twoFactor=1. Refusals go straight to the login
 * page; a status that arrives here anyway is passed on to it.
 */
export function SsoPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const returnUrl = params.get(RETURN_URL_PARAM) ?? authStore.getState().redirectUrl;
  const status = params.get(STATUS_PARAM);
  const twoFactorDue = params.get(SSO_TWO_FACTOR_PARAM) === '1';

  useEffect(() => {
    // One attempt per visit: the session cookie is traded once, also under StrictMode's doubled effects.
    if (started.current) return;
    started.current = true;
    if (status) {
      void navigate(loginWithStatus(returnUrl, status), { replace: true });
      return;
    }
    authStore.setRedirectUrl(safeReturnUrl(returnUrl));
    if (twoFactorDue) {
      // As after a password sign-in: the authenticator step finishes it (spec §4).
      authStore.setRequiresTwoFactor(true);
      void navigate(withReturnUrl(MFA_PATH, returnUrl), { replace: true });
      return;
    }
    fetchSessionToken().then(
      (session) => {
        authStore.signIn(session);
        void navigate(safeReturnUrl(returnUrl), { replace: true });
      },
      (error: unknown) => {
        // Spec §7: a 403 on the session token request leads to /403 (an expired licence, say).
        if (isApiError(error) && error.status === 403) {
          void navigate(`/403?message=${encodeURIComponent(error.message)}`, { replace: true });
          return;
        }
        // No session cookie (401) or no answer: the provider's sign-in did not reach us.
        void navigate(loginWithStatus(returnUrl, 'ssoFailed'), { replace: true });
      },
    );
  }, [navigate, returnUrl, status, twoFactorDue]);

  return (
    <div style={{ textAlign: 'center' }} aria-busy="true">
      <AuthTitle>{t('sso.title')}</AuthTitle>
      <Spin size="large" />
      <p role="status" style={{ marginTop: 16 }}>
        {translateMessageKey(t, 'verifying')}
      </p>
    </div>
  );
}

export default SsoPage;
