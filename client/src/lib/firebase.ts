/**
 * The Auth instance and the ID token for the API client, the notification stream and the session's end; they
 * live with the auth flow in auth.ts, so the SDK and the flow are one chunk.
 */
export { currentIdToken, firebaseAuth, whenAuthReady } from './auth.ts';
