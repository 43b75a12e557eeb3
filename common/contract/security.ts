/**
 * Staff security (issue 33): ending sessions and the TOTP second factor. Idle and absolute limits are the
 * gateway's and the console's (docs/areas/security.md).
 */
import { Type, type Static } from 'typebox';
import { access, endpoints } from './endpoint.ts';
import { securityRoutes } from './security-paths.ts';
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

/** Six digits from the authenticator app; blanks are allowed and ignored. */
const TotpCode = Type.String({ maxLength: 12, pattern: '^[0-9 ]+$', errorMessage: 'must be the six digits your app shows', title: 'Code' });
/** A recovery code as shown ('ABCD-EFGH-JKLM-NPQR'); case, dashes and blanks are ignored. */
const RecoveryCode = Type.String({ maxLength: 40, minLength: 1, title: 'Recovery code' });

export const CodeBody = Closed({ code: TotpCode });
export type CodeBody = Static<typeof CodeBody>;
export const VerifyBody = Type.Union([Closed({ code: TotpCode }), Closed({ recovery_code: RecoveryCode })]);
export type VerifyBody = Static<typeof VerifyBody>;
export const RecoveryBody = Closed({ recovery_code: RecoveryCode });

export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const Verified = Type.Object({ verified: Type.Literal(true) });

export const SecondFactorReset = Type.Object({ user_id: Type.Integer(), reset_at: Instant });
export type SecondFactorReset = Static<typeof SecondFactorReset>;

const signedInStaff = access.signedIn;

export const securityEndpoints = endpoints('security', securityRoutes, {
  signOutEverywhere: { summary: 'End every session of the signed-in staff user', access: access.signedIn, body: NoBody, response: { 200: SessionsEnded } },
  signOutUserEverywhere: { summary: 'End every session of a staff user (a lost laptop)', access: access.page('users'), params: IdParams('userId'), body: NoBody, response: { 200: SessionsEnded } },
  secondFactor: { summary: "The signed-in staff user's second factor: enrolled, locked", access: signedInStaff, beforeSecondFactor: true, response: { 200: SecondFactorStatus } },
  startEnrolment: { summary: 'Start enrolling a TOTP second factor (not when one is confirmed)', access: signedInStaff, beforeSecondFactor: true, body: NoBody, response: { 200: Enrolment }, errors: [409] },
  confirmEnrolment: { summary: 'Confirm the enrolment with a code; answers the recovery codes once', access: signedInStaff, beforeSecondFactor: true, body: CodeBody, response: { 200: RecoveryCodes }, errors: [409, 429] },
  verify: { summary: 'Check the code of a new sign-in (TOTP or recovery code)', access: signedInStaff, beforeSecondFactor: true, body: VerifyBody, response: { 200: Verified }, errors: [409, 429] },
  resetOwn: { summary: 'Remove one’s own second factor with a recovery code, to enrol again', access: signedInStaff, beforeSecondFactor: true, body: RecoveryBody, response: { 200: SecondFactorReset }, errors: [409, 429] },
  resetUser: { summary: "Remove a staff user's second factor (they enrol again)", access: access.page('users'), params: IdParams('userId'), body: NoBody, response: { 200: SecondFactorReset } },
});
