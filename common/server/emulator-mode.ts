/**
 * Emulator mode, the one rule for the gateway and the back end: while FIREBASE_AUTH_EMULATOR_HOST is set,
 * firebase-admin accepts the emulator's unsigned tokens, which anyone can forge. So a server with
 * NODE_ENV=production refuses that mode unless a variable whose name and value say what it costs is set too.
 */

/** FIREBASE_AUTH_EMULATOR_HOST is host:port, no scheme (firebase-admin's own format). */
export const EMULATOR_HOST_PATTERN = '^[^\\s/:]+:[0-9]{1,5}$';

export const UNSIGNED_TOKENS_OPT_IN = 'ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION';
export const UNSIGNED_TOKENS_OPT_IN_VALUE = 'yes-i-know';

export interface EmulatorModeEnv {
  NODE_ENV?: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  [UNSIGNED_TOKENS_OPT_IN]?: string;
}

/** true when the configuration asks for unsigned tokens in production without the explicit opt-in. */
export function isEmulatorModeRefused(env: EmulatorModeEnv): boolean {
  return (
    env.NODE_ENV === 'production' && Boolean(env.FIREBASE_AUTH_EMULATOR_HOST) && env[UNSIGNED_TOKENS_OPT_IN] !== UNSIGNED_TOKENS_OPT_IN_VALUE
  );
}
