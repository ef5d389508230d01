import { LicenceCheck } from './licence-check.tsx';
import { SessionManager } from './session-manager.tsx';

/** What runs beside every signed-in page; one lazy chunk, so the login route never loads it. */
export default function SignedInServices() {
  return (
    <>
      <SessionManager />
      <LicenceCheck />
    </>
  );
}
