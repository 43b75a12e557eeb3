/**
 * TOTP (RFC 6238) as the second factor uses it: SHA-1, six digits, 30 s steps, the app's clock allowed a step
 * off either way; otpauth does the arithmetic. Apart from the store so the demo's `demo:code` and the tests
 * compute codes without the database.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
const WINDOW = 1;
const ISSUER = 'Staff console';
const PARAMETERS = { period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'SHA1' } as const;

/** The step a code belongs to, within the window around now; null when it is not a code of any of them. */
export function stepOf(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), ...PARAMETERS, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an app shows at `now`. */
export const codeAt = (secret: string, now: number) => TOTP.generate({ secret: Secret.fromBase32(secret), ...PARAMETERS, timestamp: now });

/** 160 random bits, base32: what the app is given. */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans. */
export const otpauthUri = (secret: string, email: string) => new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), ...PARAMETERS }).toString();
