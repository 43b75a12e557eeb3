/**
 * Token verification as in production, on a machine without Google: an HTTPS server presenting a test CA's
 * certificate for www.googleapis.com serves the public key of a locally made signing key, and an agent (the
 * seam firebase-admin documents for proxies) routes firebase-admin's connections there. TLS and RS256
 * signatures are checked as usual; only the address differs. ID tokens are signed with that key.
 */
import { createSign, randomUUID } from 'node:crypto';
import { createServer, type Agent as HttpsAgent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { GOOGLE_KEYS_PATH, idTokenClaims, jwtPart, LocalAgent } from '../../scripts/lib/google-id-tokens.ts';

export interface LocalGoogleKeys {
  agent: HttpsAgent;
  /** A valid ID token for `uid` in `projectId`, signed with the served key, valid for an hour. */
  signIdToken(projectId: string, uid: string): string;
  close(): Promise<void>;
}

export async function startLocalGoogleKeys(): Promise<LocalGoogleKeys> {
  const signing = await generate([{ name: 'commonName', value: 'securetoken.system.gserviceaccount.com' }], { keySize: 2048, algorithm: 'sha256' });
  const kid = randomUUID().replaceAll('-', '');
  const tls = await generate([{ name: 'commonName', value: 'www.googleapis.com' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'www.googleapis.com' }] }],
  });
  const server: Server = createServer({ key: tls.private, cert: tls.cert }, (request, response) => {
    if (request.url !== GOOGLE_KEYS_PATH) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ [kid]: signing.cert }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new LocalAgent((server.address() as AddressInfo).port, { ca: tls.cert });
  return {
    agent,
    signIdToken(projectId, uid) {
      const input = `${jwtPart({ alg: 'RS256', kid, typ: 'JWT' })}.${jwtPart(idTokenClaims(projectId, uid))}`;
      return `${input}.${createSign('RSA-SHA256').update(input).sign(signing.private).toString('base64url')}`;
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
