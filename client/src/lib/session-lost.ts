/**
 * A signed-in session the servers no longer accept (ended by an administrator or from another tab, the user
 * deactivated, the refresh refused): the user is told why and signed out; the access guard then shows the login page with the current page
 * to return to. Parallel calls failing together show one toast (one error toast at a time).
 */
import { signOut } from 'firebase/auth';
import { authStatus, resetSession, sessionEndNotice } from '../state/session.ts';
import { isSessionEndReason as isReason, tellReason } from './session-end-reason.ts';
import { serverWorded, type ApiError } from './errors.ts';
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
  const worded = serverWorded(error.body);
  // The message shows even when Firebase, refusing the refresh, has already signed the user out. Who ended
  // the session (the server's SESSION_ENDED) says more than the provider's refusal that follows from it.
  if (worded !== null) {
    sessionEndNotice.value = worded;
    notifyError(worded);
  } else if (isReason(refreshFailure)) await tellReason(refreshFailure);
  else {
    sessionEndNotice.value ??= HTTP_STATUS_MESSAGES[401] ?? null;
    notifyError(error);
  }
  await signOutHere();
}

/**
 * The server said the session is over without a call failing (the notification stream's `ended` event, or
 * its 401 after a refreshed token): told with the server's sentence when it gave one, and signed out.
 */
export async function endSessionWith(worded: string | null): Promise<void> {
  const message = worded ?? HTTP_STATUS_MESSAGES[401] ?? null;
  sessionEndNotice.value = message;
  if (message) notifyError(message);
  await signOutHere();
}

async function signOutHere(): Promise<void> {
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
