/**
 * Whether the signed-in staff user's sign-in still waits for its second factor: read from the
 * profile (users/me answers before the code, saying so) and set again when a call is refused for it (an
 * administrator reset the factor). The signed-in shell shows the code prompt instead of the page while it
 * holds. Kept out of state/session.ts: the login route's download does without it.
 */
import { signal } from '@preact/signals-react';

export const secondFactorPending = signal(false);
