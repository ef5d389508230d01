import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../shared/ui/page-spinner.tsx';
import { useSignOut } from '../api.ts';
import { LOGIN_PATH } from '../return-url.ts';

/** /logout: ends the session, then goes to login (spec §2). */
export function LogoutPage() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice in development; one logout call is enough.
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate(LOGIN_PATH, { replace: true }));
  }, [signOut, navigate]);
  return <PageSpinner />;
}

export default LogoutPage;
