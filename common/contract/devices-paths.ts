/** The devices area's paths: the spec's web-push device registration and the signed-in user's push token. */
export const devicePaths = {
  device: (registrationId: string) => `devices/${encodeURIComponent(registrationId)}`,
  devices: 'devices/',
  /** The signed-in user's own web push token: GET to check it, PUT to register or refresh it. */
  pushToken: 'users/me/push-token',
} as const;
