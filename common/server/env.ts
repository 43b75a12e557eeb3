/**
 * Environment reading for the gateway and the back end: env-schema over exactly the variables given (never
 * process.env behind the caller's back, never a .env file), empty strings counting as unset, as in a shell's
 * `VAR= cmd`. A failure is one EnvError naming the first bad variable; each server words its own line.
 */
import { envSchema } from 'env-schema';

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    /** Ajv's complaint, e.g. 'must be integer'; empty when the variable is missing. */
    readonly reason: string,
    readonly missing: boolean,
    readonly allowedValues?: readonly unknown[],
  ) {
    super(`${variable} ${missing ? 'is required' : reason}`);
    this.name = 'EnvError';
  }
}

interface AjvError {
  instancePath: string;
  message?: string;
  params: { missingProperty?: string; allowedValues?: unknown[] };
}

export function readEnv<T>(schema: object, env: Record<string, string | undefined>): T {
  const data = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  try {
    return envSchema<T>({ schema, data, env: false, dotenv: false });
  } catch (error) {
    const first = (error as { errors?: AjvError[] }).errors?.[0];
    if (!first) throw error;
    if (first.params.missingProperty) throw new EnvError(first.params.missingProperty, '', true);
    throw new EnvError(first.instancePath.replace(/^\//, ''), first.message ?? 'is invalid', false, first.params.allowedValues);
  }
}
