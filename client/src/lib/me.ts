/**
 * The signed-in user's profile (usersEndpoints.me) through the API client: main.tsx hands it to the auth flow
 * (auth.ts), which the API client's token comes from and so cannot import the client itself. Loaded with the
 * first signed-in call, so the login page's first download does without the client.
 */
import type { Me } from '../../../common/contract/users.ts';
import { fetchMe } from './me-api.ts';
import { secondFactorPending } from './second-factor-state.ts';

/** The profile; whether the sign-in still needs its code goes where the signed-in shell reads it. */
export async function readMe(): Promise<Me> {
  const me = await fetchMe();
  secondFactorPending.value = me.second_factor_missing;
  return me;
}
