/**
 * Firebase Auth with administrator rights (firebase-admin): creating, disabling and enabling the sign-in
 * accounts of staff, revoking their sessions and issuing set-password links. The staff administration rules
 * (routes/users-store.ts) reach Firebase only through the IdentityAdmin interface decorated here.
 *
 * Credentials: against the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST) none are needed. In production
 * firebase-admin uses Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS pointing at a
 * service-account key of the project (role "Firebase Authentication Admin"), or the platform's workload
 * identity.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Agent } from 'node:http';
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { HttpError, invalidInput } from '../lib/http-error.ts';
import { SECOND_FACTOR_CLAIM, SECOND_FACTOR_CLAIM_KEEP } from '../../../common/contract/security-paths.ts';

export interface IdentityAdmin {
  /** Creates an enabled account without a password; answers its uid. 409 when the e-mail has an account. */
  createAccount(input: { email: string; displayName: string }): Promise<string>;
  deleteAccount(uid: string): Promise<void>;
  /** The uid of the account with this e-mail, or null when there is none. */
  findUid(email: string): Promise<string | null>;
  /** Firebase's password-reset action link for the account; continueUrl is where it leads after success. */
  passwordResetLink(email: string, continueUrl?: string): Promise<string>;
  /** Disables the account and revokes its refresh tokens, so no new ID token can be minted. */
  disable(uid: string): Promise<void>;
  enable(uid: string): Promise<void>;
  /** Revokes the account's refresh tokens: every ID token whose sign-in came before is refused by a revocation check. */
  revokeSessions(uid: string): Promise<void>;
  /**
   * Records that the sign-in of authTime (the token's auth_time, seconds) passed the second factor: the
   * account's custom claim keeps the last few such sign-ins, and the next token refreshed from it carries them.
   */
  markSecondFactor(uid: string, authTime: number): Promise<void>;
  /** Forgets every sign-in's second factor (an administrator reset it). */
  clearSecondFactor(uid: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityAdmin;
  }
}

export interface IdentityPluginOptions {
  projectId: string;
  /** Bound on each call to the Auth service; firebase-admin sets none. */
  timeoutMs: number;
  httpAgent?: Agent;
  /** Replaces the firebase-admin implementation (tests that make the provider fail on purpose). */
  override?: IdentityAdmin;
}

export const identityPlugin = fp<IdentityPluginOptions>(
  async (app: FastifyInstance, options) => {
    if (options.override) {
      app.decorate('identity', options.override);
      return;
    }
    const firebase = initializeApp(
      { projectId: options.projectId, ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}) },
      `identity-admin-${randomUUID()}`,
    );
    app.addHook('onClose', () => deleteApp(firebase));
    const auth = getAuth(firebase);
    const call = <T>(work: () => Promise<T>) => bounded(work(), options.timeoutMs);

    app.decorate('identity', {
      createAccount: ({ email, displayName }) => call(async () => (await auth.createUser({ email, displayName })).uid),
      deleteAccount: (uid) => call(() => auth.deleteUser(uid)),
      findUid: (email) =>
        call(async () => {
          try {
            return (await auth.getUserByEmail(email)).uid;
          } catch (error) {
            if (codeOf(error) === 'auth/user-not-found') return null;
            throw error;
          }
        }),
      passwordResetLink: (email, continueUrl) => call(() => auth.generatePasswordResetLink(email, continueUrl ? { url: continueUrl } : undefined)),
      disable: (uid) =>
        call(async () => {
          await auth.updateUser(uid, { disabled: true });
          await auth.revokeRefreshTokens(uid);
        }),
      enable: (uid) => call(async () => void (await auth.updateUser(uid, { disabled: false }))),
      revokeSessions: (uid) => call(() => auth.revokeRefreshTokens(uid)),
      markSecondFactor: (uid, authTime) =>
        call(async () => {
          const claims = (await auth.getUser(uid)).customClaims ?? {};
          const checked: unknown = claims[SECOND_FACTOR_CLAIM];
          const kept = (Array.isArray(checked) ? checked : []).filter((value): value is number => typeof value === 'number' && value !== authTime);
          await auth.setCustomUserClaims(uid, { ...claims, [SECOND_FACTOR_CLAIM]: [...kept, authTime].slice(-SECOND_FACTOR_CLAIM_KEEP) });
        }),
      clearSecondFactor: (uid) =>
        call(async () => {
          const { [SECOND_FACTOR_CLAIM]: _dropped, ...claims } = (await auth.getUser(uid)).customClaims ?? {};
          await auth.setCustomUserClaims(uid, claims);
        }),
    } satisfies IdentityAdmin);
  },
  { name: 'identity' },
);

class Timeout extends Error {}

/** Provider failures become the service's error shape; an e-mail taken in Firebase is a conflict. */
async function bounded<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    switch (codeOf(error)) {
      case 'auth/email-already-exists':
        throw new HttpError(409, 'CONFLICT', 'A sign-in account with this e-mail already exists.');
      case 'auth/invalid-email':
        throw invalidInput('email', 'is not a valid e-mail address');
      case 'auth/invalid-display-name':
        throw invalidInput('display_name', 'is not a valid name');
    }
    throw new IdentityUnavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The Auth service failed or did not answer in time: 503, with the cause kept for the log. */
export class IdentityUnavailable extends HttpError {
  constructor(readonly reason: unknown) {
    super(503, 'AUTH_UNAVAILABLE', 'The sign-in service could not be reached; nothing was changed. Try again shortly.');
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
