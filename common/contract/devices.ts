/** Web-push device registration (spec section 7) and the signed-in user's own push token. */
import { Type, type Static } from 'typebox';
import { access, endpoints } from './endpoint.ts';
import { devicesRoutes } from './devices-paths.ts';
import { Closed, Instant, Line } from './shared.ts';

export { devicesRoutes } from './devices-paths.ts';

/** FCM tokens are ~160-200 printable ASCII characters; the limits only keep junk out. */
const PushTokenText = Type.String({ minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$', errorMessage: 'must be a push token', title: 'Token' });

export const DeviceParams = Closed({ registrationId: { ...PushTokenText, title: 'Device registration' } });

/** POST devices/ ; GET devices/{registration_id} answers the same shape or 404. */
export const DeviceRegistration = Closed({
  registration_id: PushTokenText,
  device: Line(255, { minLength: 1, title: 'Device' }),
  active: Type.Boolean({ title: 'Active' }),
  type: Type.Literal('web', { title: 'Type' }),
});
export type DeviceRegistration = Static<typeof DeviceRegistration>;

/** PUT users/me/push-token body; GET answers PushTokenRecord or 404. */
export const PushTokenBody = Closed({ token: PushTokenText });
export type PushTokenBody = Static<typeof PushTokenBody>;

export const PushTokenRecord = Type.Object({
  token: Type.String(),
  /** When it was last registered; the console refreshes it when older than 7 days. */
  updated_at: Instant,
});
export type PushTokenRecord = Static<typeof PushTokenRecord>;

const own = 'The caller\'s own devices and token only.';

export const devicesEndpoints = endpoints('devices', devicesRoutes, {
  device: { summary: 'The caller\'s device by its registration id', access: access.signedIn, ownership: own, params: DeviceParams, response: { 200: DeviceRegistration } },
  register: { summary: 'Register a web-push device (201 new, 200 existing)', access: access.signedIn, ownership: own, body: DeviceRegistration, response: { 200: DeviceRegistration, 201: DeviceRegistration } },
  pushToken: { summary: 'The caller\'s web push token', access: access.signedIn, ownership: own, response: { 200: PushTokenRecord }, errors: [404] },
  savePushToken: { summary: 'Store or replace the caller\'s web push token', access: access.signedIn, ownership: own, body: PushTokenBody, response: { 200: PushTokenRecord } },
});
