/** Firebase and the auth flow as one chunk, which main.tsx imports right after the first render. */
export { initFirebase } from './firebase.ts';
export { watchAuthState } from './auth.ts';
