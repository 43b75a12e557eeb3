/**
 * Staff security: ending sessions and the TOTP second factor. Idle and absolute limits are the
 * gateway's and the console's (docs/areas/settings.md).
 */
import { Type, type Static } from 'typebox';
import { access, endpoints } from './endpoint.ts';
import { securityFields } from './security-fields.ts';
import { securityRoutes, TOTP_DIGITS } from './security-paths.ts';
import { Closed, IdParams, Instant, NoBody, Nullable } from './shared.ts';

export * from './security-paths.ts';

/** When the sessions ended: a token whose sign-in is older is refused (within the gateway's AUTH_CACHE_MS). */
export const SessionsEnded = Type.Object({ user_id: Type.Integer(), ended_at: Instant });
export type SessionsEnded = Static<typeof SessionsEnded>;

export const SecondFactorStatus = Type.Object({
  enrolled: Type.Boolean(),
  /** While five wrong codes lock the factor: until when. */
  locked_until: Nullable(Instant),
  recovery_codes_left: Type.Integer(),
});
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

export const Enrolment = Type.Object({
  /** Base32, for typing into an app that cannot scan. */
  secret: Type.String(),
  /** The otpauth:// URI the QR code carries. */
  uri: Type.String(),
});
export type Enrolment = Static<typeof Enrolment>;

/**
 * Six digits from the authenticator app; blanks are allowed and ignored. Anything else is refused by its form
 * before it is checked, so a slip of the finger (five digits) costs no attempt.
 */
export const TotpCode = Type.String({ maxLength: securityFields.code.max, pattern: `^ *([0-9] *){${TOTP_DIGITS}}$`, errorMessage: 'must be the six digits your app shows', title: securityFields.code.label });
/** A recovery code as shown ('ABCD-EFGH-JKLM-NPQR'); case, dashes and blanks are ignored. */
const RecoveryCode = Type.String({ maxLength: securityFields.recoveryCode.max, minLength: securityFields.recoveryCode.min, title: securityFields.recoveryCode.label });

export const CodeBody = Closed({ code: TotpCode });
export type CodeBody = Static<typeof CodeBody>;
/**
 * An ADMIN's step-up: a current code from their own app, checked (and spent) before the change. Needed
 * whenever staff sign in with a second factor (STAFF_SECOND_FACTOR=required); the route says so when missing.
 */
export const StepUpBody = Closed({ code: Type.Optional(TotpCode) });
export type StepUpBody = Static<typeof StepUpBody>;
export const VerifyBody = Type.Union([Closed({ code: TotpCode }), Closed({ recovery_code: RecoveryCode })]);
export type VerifyBody = Static<typeof VerifyBody>;
export const RecoveryBody = Closed({ recovery_code: RecoveryCode });

export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const Verified = Type.Object({ verified: Type.Literal(true) });

export const SecondFactorReset = Type.Object({ user_id: Type.Integer(), reset_at: Instant });
export type SecondFactorReset = Static<typeof SecondFactorReset>;

/** One of the signed-in user's sessions: a sign-in whose code was checked. */
export const SessionEntry = Type.Object({
  /** The sign-in, as the code check recorded it. */
  signed_in_at: Instant,
  /** How the second step passed. */
  second_factor: Type.Union([Type.Literal('code'), Type.Literal('recovery_code')]),
  client_address: Nullable(Type.String()),
  /** The browser's own description (its User-Agent), cut to a length worth showing. */
  browser: Nullable(Type.String()),
  /** This request's session. */
  current: Type.Boolean(),
});
export type SessionEntry = Static<typeof SessionEntry>;
export const SessionList = Type.Object({
  /** When the sessions were last ended (sign out everywhere, a reset), if ever. */
  ended_at: Nullable(Instant),
  /** How long a sign-in lasts (SESSION_MAX_HOURS): the list holds the sign-ins younger, so still valid. */
  max_hours: Type.Integer(),
  sessions: Type.Array(SessionEntry),
});
export type SessionList = Static<typeof SessionList>;

export const SecondFactorUnlocked = Type.Object({ user_id: Type.Integer(), unlocked_at: Instant });
export type SecondFactorUnlocked = Static<typeof SecondFactorUnlocked>;

const signedInStaff = access.signedIn;

export const securityEndpoints = endpoints('security', securityRoutes, {
  signOutEverywhere: { summary: 'End every session of the signed-in staff user', access: access.signedIn, body: NoBody, response: { 200: SessionsEnded } },
  signOutUserEverywhere: { summary: 'End every session of a staff user (a lost laptop), with a fresh code of the ADMIN', access: access.page('users'), params: IdParams('userId'), body: StepUpBody, response: { 200: SessionsEnded }, errors: [409, 429] },
  secondFactor: { summary: "The signed-in staff user's second factor: enrolled, locked", access: signedInStaff, beforeSecondFactor: true, response: { 200: SecondFactorStatus } },
  startEnrolment: { summary: 'Start enrolling a TOTP second factor (not when one is confirmed)', access: signedInStaff, beforeSecondFactor: true, body: NoBody, response: { 200: Enrolment }, errors: [409] },
  confirmEnrolment: { summary: 'Confirm the enrolment with a code; answers the recovery codes once', access: signedInStaff, beforeSecondFactor: true, body: CodeBody, response: { 200: RecoveryCodes }, errors: [409, 429] },
  verify: { summary: 'Check the code of a new sign-in (TOTP or recovery code)', access: signedInStaff, beforeSecondFactor: true, body: VerifyBody, response: { 200: Verified }, errors: [409, 429] },
  resetOwn: { summary: 'Remove one’s own second factor with a recovery code, to enrol again', access: signedInStaff, beforeSecondFactor: true, body: RecoveryBody, response: { 200: SecondFactorReset }, errors: [409, 429] },
  resetUser: { summary: "Remove a staff user's second factor (they enrol again), with a fresh code of the ADMIN", access: access.page('users'), params: IdParams('userId'), body: StepUpBody, response: { 200: SecondFactorReset }, errors: [409, 429] },
  sessions: { summary: "The signed-in staff user's sessions since they last ended", access: signedInStaff, response: { 200: SessionList } },
  userSecondFactor: { summary: "A staff user's second factor: enrolled, locked", access: access.page('users'), params: IdParams('userId'), response: { 200: SecondFactorStatus } },
  unlockUser: { summary: "Lift the lock wrong codes put on a staff user's second factor", access: access.page('users'), params: IdParams('userId'), body: NoBody, response: { 200: SecondFactorUnlocked }, errors: [409] },
});
