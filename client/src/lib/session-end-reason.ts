/**
 * Why the provider ended a session, when it says (an administrator disabled the account): told to the user
 * once, and kept for the login page. Apart from session-lost.ts so the auth flow can load it without a cycle.
 */
import { sessionEndNotice } from '../state/session.ts';
import { notifyError } from './toast.ts';

/** Provider refusals that say why the session ended (an administrator disabled the account), rather than that it did. */
const REASONS = new Set(['auth/user-disabled']);

export function isSessionEndReason(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && REASONS.has(code);
}

/** The sign-in texts load only here, so the pages' downloads do without them. */
export async function tellReason(error: unknown): Promise<void> {
  const message = (await import('./auth-messages.ts')).authErrorMessage(error);
  // The login page keeps saying it, whichever signs the user out first (Firebase or endLostSession).
  sessionEndNotice.value = message;
  notifyError(message);
}
