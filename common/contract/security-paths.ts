/** The staff security area's paths (relative to API_BASE), plain code for the console. */
import type { AreaChanges } from './endpoint.ts';

export const securityRoutes = {
  /** Ends every session of the signed-in staff user: every ID token issued before is refused. */
  signOutEverywhere: 'POST /security/sign-out-everywhere',
  /** The same for another user: a lost laptop (ADMIN, from Users, with a fresh code of their own: { code }). */
  signOutUserEverywhere: 'POST /security/users/:userId/sign-out-everywhere',
  /** Whether the signed-in staff user has a second factor yet, and whether it is locked. */
  secondFactor: 'GET /security/second-factor',
  /** A new, unconfirmed TOTP secret (replacing an unconfirmed one) for the authenticator app. */
  startEnrolment: 'POST /security/second-factor/enrolment',
  /** Confirms the enrolment with a code: answers the ten recovery codes, once. */
  confirmEnrolment: 'POST /security/second-factor/enrolment/confirm',
  /** The code check of a new sign-in: a TOTP code or a recovery code. */
  verify: 'POST /security/second-factor/verify',
  /** Removes one's own second factor with a recovery code (a lost phone), to enrol again. */
  resetOwn: 'POST /security/second-factor/reset',
  /** Removes another staff user's second factor (ADMIN, with a fresh code of their own: { code }): they enrol again at their next sign-in. */
  resetUser: 'POST /security/users/:userId/second-factor/reset',
  /** The signed-in staff user's sessions: the sign-ins whose code was checked since their sessions last ended. */
  sessions: 'GET /security/sessions',
  /** Another staff user's second factor: enrolled, locked (ADMIN, from Users). */
  userSecondFactor: 'GET /security/users/:userId/second-factor',
  /** Lifts the lock wrong codes put on another staff user's second factor (ADMIN). */
  unlockUser: 'POST /security/users/:userId/second-factor/unlock',
} as const;

/** An ADMIN's acts on another user's sessions and second factor show on the Users page. */
export const securityChanges = {
  signOutUserEverywhere: ['users'],
  resetUser: ['users'],
  unlockUser: ['users'],
} as const satisfies AreaChanges<typeof securityRoutes>;

/** How many recovery codes an enrolment gives, and how many wrong codes lock the second factor, for how long. */
export const RECOVERY_CODE_COUNT = 10;
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_MINUTES = 15;
/** The custom claim listing the sign-ins (auth_time, seconds) whose code was checked; the last few are kept. */
export const SECOND_FACTOR_CLAIM = 'sf';
export const SECOND_FACTOR_CLAIM_KEEP = 5;
/** How many digits a code from the app has: only a code of this form is checked, and counted when wrong. */
export const TOTP_DIGITS = 6;
/**
 * SESSION_MAX_HOURS, the absolute session limit: the gateway refuses a token whose sign-in is older, and the back
 * end's sessions list shows only sign-ins younger. Both read the one variable with these bounds (set it alike on both).
 */
export const SESSION_MAX_HOURS_SETTING = { type: 'integer', minimum: 1, maximum: 720, default: 12 } as const;
/** How many sessions the list shows, newest first. */
export const SESSION_LIST_LIMIT = 20;
