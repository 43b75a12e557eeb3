/**
 * Firebase Auth for the console: the app and Auth instance configured from the gateway's /config.json at boot,
 * the signed-in user's ID token, and the auth flow of spec section 4. On every auth-state change: signed in ->
 * refresh the stored token if it differs from the provider's, fetch users/me, store the profile, end loading;
 * signed out -> reset the session (the route guard then sends protected pages to the login page).
 *
 * One module, so the SDK and the flow arrive as one chunk (main.tsx imports it right after the first render,
 * the login page when the form is sent): the login route's whole download has a budget
 * (tests/scripts/bundle-budget.test.ts). Auth is initialised with the one persistence the console uses,
 * localStorage (where it keeps its access token too, spec section 4), and without a popup/redirect
 * resolver: the console signs in with e-mail and password only, and the resolver would load Google's iframe
 * and scripts, which the CSP forbids.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { navigate } from 'wouter/use-browser-location';
import type { Me } from '../../../common/contract/users.ts';
import { LOGIN_PATH } from '../../../common/access.ts';
import type { RuntimeConfig } from '../../../common/runtime-config.ts';
import { HTTP_STATUS_MESSAGES } from '../../../common/error-catalogue.ts';
import { authStatus, resetSession, session, sessionEndNotice, setSession, updateAccessToken } from '../state/session.ts';
import { notifyError } from './toast.ts';
import { ApiError, serverWorded } from './errors.ts';

let auth: Auth | null = null;
let announceReady: (auth: Auth) => void = () => {};
const ready = new Promise<Auth>((resolve) => {
  announceReady = resolve;
});

export function initFirebase(config: RuntimeConfig): Auth {
  const app = initializeApp(config.firebase);
  auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  announceReady(auth);
  return auth;
}

/** The Auth instance once boot has initialised it: the public pages render before Firebase has loaded. */
export function whenAuthReady(): Promise<Auth> {
  return ready;
}

export function firebaseAuth(): Auth {
  if (!auth) throw new Error('Firebase is not initialised yet');
  return auth;
}

/** The signed-in user's ID token, or null when nobody is signed in. */
export async function currentIdToken(forceRefresh: boolean): Promise<string | null> {
  const user = auth?.currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}

/** The provider refreshes ID tokens 5 minutes before expiry (spec section 9); the console does the same. */
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
/** Never refresh more often than this, even if a token's lifetime were shorter than the margin. */
const MIN_REFRESH_DELAY_MS = 30_000;

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export interface AuthWatch {
  /** Reads the signed-in user's profile (users/me, lib/me.ts): the API client's token comes from this module, so the client is handed in, not imported. */
  readMe: () => Promise<Me>;
  /**
   * Runs each time the provider reports a signed-in user, before the profile is fetched: main.tsx starts
   * push there, so a device registers as that user and push's code (with the API client it brings) stays out
   * of the login page's download yet is in place before the signed-in shell mounts and asks it to register.
   */
  onUser?: () => void;
}

/** Follows the auth state into the session. */
export function watchAuthState(auth: Auth, { readMe, onUser = () => {} }: AuthWatch): () => void {
  // The web SDK refreshes lazily, when a token is asked for; a timer keeps the stored token fresh too.
  const stopTokens = onIdTokenChanged(auth, (user) => {
    clearTimeout(refreshTimer);
    if (user) void syncToken(user);
  });
  const stopState = onAuthStateChanged(auth, (user) => {
    if (user) onUser();
    void onAuthState(auth, user, readMe);
  });
  return () => {
    clearTimeout(refreshTimer);
    stopTokens();
    stopState();
  };
}

async function syncToken(user: User): Promise<void> {
  try {
    const result = await user.getIdTokenResult();
    const expiresAt = Date.parse(result.expirationTime);
    if (result.token !== session.value.access_token) updateAccessToken(result.token, expiresAt);
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(
      () => {
        // A refreshed token comes back through onIdTokenChanged, which stores it and schedules the next one.
        user.getIdToken(true).catch(async (error: unknown) => {
          console.warn('Could not refresh the ID token', error);
          // The provider refused the session for a reason (the account was disabled): say so, as the API client does.
          const { isSessionEndReason, tellReason } = await import('./session-end-reason.ts');
          if (isSessionEndReason(error)) await tellReason(error);
        });
      },
      Math.max(expiresAt - REFRESH_BEFORE_EXPIRY_MS - Date.now(), MIN_REFRESH_DELAY_MS),
    );
  } catch (error) {
    console.error('Could not read the ID token', error);
  }
}

/** A sign-in started from the login page, settled once the profile is stored (or could not be). */
let pendingSignIn: { resolve: () => void; reject: (error: unknown) => void } | null = null;

function settleSignIn(error?: unknown): void {
  if (error === undefined) pendingSignIn?.resolve();
  else pendingSignIn?.reject(error);
  pendingSignIn = null;
}

async function onAuthState(auth: Auth, user: User | null, readMe: () => Promise<Me>): Promise<void> {
  if (!user) {
    // Signed out without a logout (the provider dropped a disabled or revoked session on its own): the login
    // page says the session ended; the reason, once known, replaces this.
    if (authStatus.value === 'signed-in') sessionEndNotice.value ??= HTTP_STATUS_MESSAGES[401] ?? null;
    resetSession();
    authStatus.value = 'signed-out';
    return;
  }
  authStatus.value = 'loading';
  try {
    await syncToken(user);
    const me = await readMe();
    if (auth.currentUser?.uid !== user.uid) return;
    setSession({
      refresh_token: user.refreshToken,
      email_verified: user.emailVerified,
      email: me.email ?? user.email,
      uid: user.uid,
      photo_url: me.profile_picture,
      profile_picture: me.profile_picture,
      display_name: me.display_name,
      phone_number: user.phoneNumber,
      role: me.role,
      clientId: me.profile?.id ?? null,
    });
    authStatus.value = 'signed-in';
    settleSignIn();
  } catch (error) {
    notifyError(error);
    // A refusal the user can act on (an ADMIN outside the office or VPN networks) stays on the login page.
    const worded = error instanceof ApiError ? serverWorded(error.body) : null;
    if (worded !== null) sessionEndNotice.value = worded;
    settleSignIn(error);
    await signOut(auth);
  }
}

/** Signs in and resolves once the profile is stored, so the login page keeps 'Please Wait' until then. */
export async function signIn(email: string, password: string): Promise<void> {
  const profileStored = new Promise<void>((resolve, reject) => {
    pendingSignIn = { resolve, reject };
  });
  try {
    await signInWithEmailAndPassword(await whenAuthReady(), email.trim(), password);
  } catch (error) {
    pendingSignIn = null;
    throw error;
  }
  await profileStored;
}

/** Logout: the session is cleared and the login page shown at once; the provider's sign-out follows. */
export async function logout(): Promise<void> {
  sessionEndNotice.value = null;
  authStatus.value = 'signed-out';
  resetSession();
  navigate(LOGIN_PATH);
  try {
    await signOut(firebaseAuth());
  } catch (error) {
    console.error('Sign-out failed', error);
  }
}
