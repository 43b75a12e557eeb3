/**
 * The client's side of the correction loop, as the client app would do it: sign in through the Auth
 * emulator, upload a corrected trade licence and resubmit, all through the gateway. Used by
 * `npm run demo:resubmit` and by the browser test.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, AUTH_SCHEME, IDEMPOTENCY_HEADER } from '../../common/contract/http.ts';
import type { DocumentUploadBody, MyRegistration } from '../../common/contract/registrations.ts';
import { registrationPaths } from '../../common/contract/registrations-paths.ts';
import { DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import { makePdf } from '../../backend/src/demo/files.ts';
import { emulatorFetch } from './emulator-fetch.ts';

export interface ClientResubmitOptions {
  /** The gateway's base URL, e.g. http://localhost:8080 */
  gatewayUrl: string;
  /** host:port of the Auth emulator */
  emulatorHost: string;
  email: string;
  password?: string;
}

export async function resubmitAsClient(options: ClientResubmitOptions): Promise<MyRegistration> {
  const token = await signIn(options.emulatorHost, options.email, options.password ?? DEMO_PASSWORD);
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(new URL(API_BASE + path, options.gatewayUrl), {
      method: init.method ?? 'GET',
      headers: {
        authorization: `${AUTH_SCHEME} ${token}`,
        // A fresh key per call: a network retry of the same call would reuse it and act once.
        [IDEMPOTENCY_HEADER]: randomUUID(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body as T;
  };

  const registration = await call<MyRegistration>(registrationPaths.mine);
  if (registration.review_state !== 'returned') {
    throw new Error(`${registration.legal_name} (${registration.registration_id}) is not returned for correction (status '${registration.status_label}'); return it from the due-diligence page first.`);
  }
  const upload: DocumentUploadBody = {
    kind: 'trade_licence',
    file_name: 'trade-licence-renewed.pdf',
    content_type: 'application/pdf',
    content_base64: makePdf(`Commercial Licence (renewed): ${registration.legal_name}`, [
      `Registration: ${registration.registration_id}`,
      `Renewed on: ${new Date().toISOString().slice(0, 10)}`,
      'Uploaded by the client as the correction asked for.',
    ]).toString('base64'),
  };
  const uploaded = await call<MyRegistration>(registrationPaths.myDocuments, { method: 'POST', body: upload });
  return call<MyRegistration>(registrationPaths.myResubmit, { method: 'POST', body: { version: uploaded.version } });
}

async function signIn(emulatorHost: string, email: string, password: string): Promise<string> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${body.error?.message ?? response.status}`);
  return body.idToken;
}
