/**
 * A signed-in session the servers no longer accept (revoked, the user deactivated, the refresh refused):
 * the user sees the 401 message and is signed out; the access guard then shows the login page with the
 * current page to return to. Parallel calls failing together show one toast (one error toast at a time).
 */
import { signOut } from 'firebase/auth';
import { authStatus, resetSession } from '../state/session.ts';
import type { ApiError } from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { notifyError } from './toast.ts';

export async function endLostSession(error: ApiError): Promise<void> {
  // The message shows even when Firebase, refusing the refresh, has already signed the user out.
  notifyError(error);
  // While signing in, the auth flow signs out itself.
  if (authStatus.value === 'loading') return;
  resetSession();
  authStatus.value = 'signed-out';
  try {
    await signOut(firebaseAuth());
  } catch (failure) {
    console.error('Sign-out after the session was lost failed', failure);
  }
}
