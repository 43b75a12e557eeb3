/**
 * A signed-in session the servers no longer accept (revoked, the user deactivated, the refresh refused):
 * the user is told why and signed out; the access guard then shows the login page with the current page
 * to return to. Parallel calls failing together show one toast (one error toast at a time).
 */
import { signOut } from 'firebase/auth';
import { authStatus, resetSession, sessionEndNotice } from '../state/session.ts';
import { isSessionEndReason as isReason, tellReason } from './session-end-reason.ts';
import type { ApiError } from './errors.ts';
import { currentIdToken, firebaseAuth } from './firebase.ts';
import { notifyError } from './toast.ts';
import { HTTP_STATUS_MESSAGES } from '../../../common/error-catalogue.ts';

/**
 * The signed-in user's ID token, for the API client and the notification stream. When a refresh is
 * refused for a reason the user should know (the account was disabled), it says so: the provider then
 * signs the user out by itself, whichever of the two asked first.
 */
export async function sessionIdToken(forceRefresh: boolean): Promise<string | null> {
  try {
    return await currentIdToken(forceRefresh);
  } catch (error) {
    if (isReason(error)) await tellReason(error);
    throw error;
  }
}

export async function endLostSession(error: ApiError, refreshFailure?: unknown): Promise<void> {
  // The message shows even when Firebase, refusing the refresh, has already signed the user out.
  if (isReason(refreshFailure)) await tellReason(refreshFailure);
  else {
    sessionEndNotice.value ??= HTTP_STATUS_MESSAGES[401] ?? null;
    notifyError(error);
  }
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
