/** The staff security area's paths (relative to API_BASE), plain code for the console (issue 33). */
export const securityRoutes = {
  /** Ends every session of the signed-in staff user: every ID token issued before is refused at the gateway. */
  signOutEverywhere: 'POST /security/sign-out-everywhere',
  /** The same for another user: a lost laptop (ADMIN, from Users). */
  signOutUserEverywhere: 'POST /security/users/:userId/sign-out-everywhere',
} as const;
