/**
 * Firebase ID tokens made off Google's servers, shared by the gateway tests and the bench scripts: the claims
 * and JWT parts of a token, and an agent that routes firebase-admin's key fetches to a local HTTPS server.
 */
import { Agent as HttpsAgent, type AgentOptions } from 'node:https';
import type { Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';

/** Where firebase-admin fetches the public keys of ID tokens (on www.googleapis.com). */
export const GOOGLE_KEYS_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

/** Routes every connection to one local port; TLS still checks the certificate against `ca` and the real host name. */
export class LocalAgent extends HttpsAgent {
  constructor(
    private readonly port: number,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: ConnectionOptions): Socket {
    return tlsConnect({ ...options, host: '127.0.0.1', port: this.port });
  }
}

/** One part of a JWT: the value as JSON, base64url-encoded. */
export const jwtPart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Standard claims of a Firebase ID token for `projectId`, issued `ageSeconds` ago and valid for an hour. */
export function idTokenClaims(projectId: string, uid: string, ageSeconds = 0): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000) - ageSeconds;
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
}
