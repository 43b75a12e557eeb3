/**
 * The session store (spec section 3): module-level signals so any component or module reads the same
 * session. The access token is mirrored to localStorage under 'token', as the spec requires.
 */
import { signal } from '@preact/signals-react';
import type { Role } from '../../../common/roles.ts';

export const TOKEN_STORAGE_KEY = 'token';

export interface Session {
  authState: boolean;
  access_token: string | null;
  refresh_token: string | null;
  email_verified: boolean;
  email: string | null;
  uid: string | null;
  photo_url: string | null;
  display_name: string | null;
  phone_number: string | null;
  /** Expiry of the access token, epoch milliseconds. */
  expirationTime: number | null;
  role: Role | null;
  is_vat_registered: boolean;
  clientId: number | null;
  profile_picture: string | null;
}

export const DEFAULT_SESSION: Readonly<Session> = Object.freeze({
  authState: false,
  access_token: null,
  refresh_token: null,
  email_verified: false,
  email: null,
  uid: null,
  photo_url: null,
  display_name: null,
  phone_number: null,
  expirationTime: null,
  role: null,
  is_vat_registered: false,
  clientId: null,
  profile_picture: null,
});

export const session = signal<Session>({ ...DEFAULT_SESSION, access_token: readStoredToken() });

/**
 * Where authentication stands: 'loading' until the provider's first answer and while the profile is
 * fetched, then signed in (profile stored) or signed out.
 */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';
export const authStatus = signal<AuthStatus>('loading');

/**
 * Why the last session ended when the user did not log out (the account was disabled, the session was
 * revoked): the login page says it until the next sign-in attempt, so the reason is not lost in a toast
 * that closed while the page changed. null after a logout or once read by a new attempt.
 */
export const sessionEndNotice = signal<string | null>(null);

/** Set all settings: the session becomes authenticated with whatever was given. */
export function setSession(settings: Partial<Omit<Session, 'authState'>>): void {
  session.value = { ...session.value, ...settings, authState: true };
  storeToken(session.value.access_token);
}

/** Update only the access token (after the provider refreshed it). */
export function updateAccessToken(token: string | null, expirationTime?: number | null): void {
  session.value = {
    ...session.value,
    access_token: token,
    expirationTime: expirationTime === undefined ? session.value.expirationTime : expirationTime,
  };
  storeToken(token);
}

/** Back to defaults, token removed from storage. */
export function resetSession(): void {
  session.value = { ...DEFAULT_SESSION };
  storeToken(null);
}

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function storeToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch (error) {
    // Storage can be disabled (private mode, quota); the in-memory session still works.
    console.warn('Could not store the access token', error);
  }
}
