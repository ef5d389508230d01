import { MESSAGES } from '@formloop/domain';
import Spin from 'antd/es/spin';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { fetchSessionToken } from '../../auth/api.ts';
import { authStore } from '../../auth/auth-store.ts';
import { AuthTitle } from '../../auth/components/auth-layout.tsx';
import { STATUS_PARAM } from '../../auth/guards.tsx';
import { LOGIN_PATH, RETURN_URL_PARAM, safeReturnUrl, withReturnUrl } from '../../auth/return-url.ts';

/** The login page with ReturnUrl kept and the failure as its status banner. */
function loginWithStatus(returnUrl: string | null, status: string): string {
  const path = withReturnUrl(LOGIN_PATH, returnUrl);
  return `${path}${path.includes('?') ? '&' : '?'}${STATUS_PARAM}=${encodeURIComponent(status)}`;
}

/**
 * /authentication/sso (spec §2): 'Verifying...' while the sign-in completes. The identity provider
 * comes back here with either an error (status or error in the query: back to login, which shows it)
 * or a signed-in session cookie, which is traded for the session token as after a password sign-in.
 */
export function SsoPage() {
  const { t } = useTranslation(['public', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const returnUrl = params.get(RETURN_URL_PARAM) ?? authStore.getState().redirectUrl;
  const failure = params.get(STATUS_PARAM) ?? params.get('error');

  useEffect(() => {
    // One attempt per visit, also under strict mode's doubled effects.
    if (started.current) return;
    started.current = true;
    if (failure) {
      void navigate(loginWithStatus(returnUrl, failure), { replace: true });
      return;
    }
    fetchSessionToken().then(
      (session) => {
        authStore.signIn(session);
        void navigate(safeReturnUrl(returnUrl), { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 403) {
          void navigate(`/403?message=${encodeURIComponent(error.message)}`, { replace: true });
          return;
        }
        const message = isApiError(error) ? error.message.trim() : '';
        void navigate(loginWithStatus(returnUrl, message || MESSAGES.somethingWentWrong), { replace: true });
      },
    );
  }, [failure, navigate, returnUrl]);

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
