import { MESSAGES } from '@formloop/domain';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useSignOut } from '../api.ts';
import { loginRedirect } from '../guards.tsx';

/** /logout: ends the session, then goes to login, which says 'You have logged out…' (spec §2, §8). */
export function LogoutPage() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice in development; one logout call is enough.
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate(loginRedirect('/', MESSAGES.loggedOut), { replace: true }));
  }, [signOut, navigate]);
  return <LoadingScreen />;
}

export default LogoutPage;
