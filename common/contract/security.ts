/** Staff security (issue 33): ending sessions. Idle and absolute limits are the gateway's and the console's (docs/areas/security.md). */
import { Type, type Static } from 'typebox';
import { access, endpoints } from './endpoint.ts';
import { securityRoutes } from './security-paths.ts';
import { IdParams, Instant, NoBody } from './shared.ts';

export * from './security-paths.ts';

/** When the sessions ended: a token whose sign-in is older is refused (within the gateway's AUTH_CACHE_MS). */
export const SessionsEnded = Type.Object({ user_id: Type.Integer(), ended_at: Instant });
export type SessionsEnded = Static<typeof SessionsEnded>;

export const securityEndpoints = endpoints('security', securityRoutes, {
  signOutEverywhere: { summary: 'End every session of the signed-in staff user', access: access.signedIn, body: NoBody, response: { 200: SessionsEnded } },
  signOutUserEverywhere: { summary: 'End every session of a staff user (a lost laptop)', access: access.page('users'), params: IdParams('userId'), body: NoBody, response: { 200: SessionsEnded } },
});
