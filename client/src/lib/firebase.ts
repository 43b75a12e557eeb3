/**
 * The Firebase app and Auth instance, configured from the gateway's /config.json at boot. Auth is
 * initialised without a popup/redirect resolver: the console signs in with e-mail and password only, and
 * the resolver would load Google's iframe and scripts, which the CSP rightly forbids.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { RuntimeConfig } from '../../../common/runtime-config.ts';

let auth: Auth | null = null;
let announceReady: (auth: Auth) => void = () => {};
const ready = new Promise<Auth>((resolve) => {
  announceReady = resolve;
});

export function initFirebase(config: RuntimeConfig): Auth {
  const app = initializeApp(config.firebase);
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
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
