/** The devices area's endpoints (schemas and access: devicesEndpoints in devices.ts): the spec's web-push device registration and the signed-in user's push token. */
export const devicesRoutes = {
  /** The caller's device by its registration id (404 when unknown or another user's). */
  device: 'GET /devices/:registrationId',
  /** 201 when new, 200 when it existed (updated and moved to the caller). */
  register: 'POST /devices/',
  /** The signed-in user's own web push token: GET to check it, PUT to register or refresh it. */
  pushToken: 'GET /users/me/push-token',
  savePushToken: 'PUT /users/me/push-token',
} as const;
