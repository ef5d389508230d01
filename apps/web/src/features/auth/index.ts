// What other features use of the auth feature: the form rule that words a domain validator's
// message. The session itself is shared/auth/auth-store.ts; the frame of the signed-out pages is
// in components.ts.
export { domainRule, passwordMessage } from './validation.ts';
