/**
 * A signed-in session the servers no longer accept (revoked, the user deactivated, the refresh refused):
 * the user sees the 401 message and is signed out; the access guard then shows the login page with the
 * current page to return to. Parallel calls failing together end the session once.
 */
import { signOut } from 'firebase/auth';
import { authStatus, resetSession } from '../state/session.ts';
import type { ApiError } from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { notifyError } from './toast.ts';

export async function endLostSession(error: ApiError): Promise<void> {
  // While signing in, the auth flow reports its own failure and signs out itself.
  if (authStatus.value !== 'signed-in') return;
  notifyError(error);
  resetSession();
  authStatus.value = 'signed-out';
  try {
    await signOut(firebaseAuth());
  } catch (failure) {
    console.error('Sign-out after the session was lost failed', failure);
  }
}
