/**
 * The client's side of its registration, as the client app would do it: sign in through the Auth emulator
 * and call the client's own endpoints through the gateway. `resubmitAsClient` uploads a corrected trade
 * licence and resubmits a returned registration; `submitAsClient` uploads the documents the held onboarding
 * call asked for and submits them. Used by `npm run demo:resubmit`, `npm run demo:submit` and the browser
 * tests.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, AUTH_SCHEME, IDEMPOTENCY_HEADER } from '../../common/contract/http.ts';
import type { DocumentUploadBody, MyRegistration } from '../../common/contract/registrations.ts';
import { requestOf } from '../../common/contract/endpoint.ts';
import { registrationsRoutes } from '../../common/contract/registrations-paths.ts';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '../../common/review.ts';
import { DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import { makePdf } from '../../backend/src/demo/files.ts';
import { emulatorIdToken } from './emulator-fetch.ts';

export interface ClientResubmitOptions {
  /** The gateway's base URL, e.g. http://localhost:8080 */
  gatewayUrl: string;
  /** host:port of the Auth emulator */
  emulatorHost: string;
  email: string;
  password?: string;
}

type Call = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/** Signs the client in and answers a caller of the API as that client. */
async function clientSession(options: ClientResubmitOptions): Promise<Call> {
  const token = await emulatorIdToken(options.emulatorHost, options.email, options.password ?? DEMO_PASSWORD);
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
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
}

/** A small PDF standing in for the client's scan of one document. */
function upload(registration: MyRegistration, kind: DocumentKind, title: string, lines: string[]): DocumentUploadBody {
  return {
    kind,
    file_name: `${kind.replace(/_/g, '-')}.pdf`,
    content_type: 'application/pdf',
    content_base64: makePdf(`${title}: ${registration.legal_name}`, [`Registration: ${registration.registration_id}`, ...lines]).toString('base64'),
  };
}

export async function resubmitAsClient(options: ClientResubmitOptions): Promise<MyRegistration> {
  const call = await clientSession(options);
  const registration = await call<MyRegistration>(requestOf(registrationsRoutes.mine).path);
  if (registration.review_state !== 'returned') {
    throw new Error(`${registration.legal_name} (${registration.registration_id}) is not returned for correction (status '${registration.status_label}'); return it from the due-diligence page first.`);
  }
  const renewed = upload(registration, 'trade_licence', 'Commercial Licence (renewed)', [`Renewed on: ${new Date().toISOString().slice(0, 10)}`, 'Uploaded by the client as the correction asked for.']);
  const uploaded = await call<MyRegistration>(requestOf(registrationsRoutes.myDocuments).path, { method: 'POST', body: { ...renewed, file_name: 'trade-licence-renewed.pdf' } });
  return call<MyRegistration>(requestOf(registrationsRoutes.myResubmit).path, { method: 'POST', body: { version: uploaded.version } });
}

export async function submitAsClient(options: ClientResubmitOptions): Promise<MyRegistration> {
  const call = await clientSession(options);
  let registration = await call<MyRegistration>(requestOf(registrationsRoutes.mine).path);
  if (registration.phase !== 'awaiting_documents') {
    throw new Error(`${registration.legal_name} (${registration.registration_id}) is not waiting for documents (status '${registration.status_label}'); mark its onboarding call held on Call Schedule first.`);
  }
  for (const kind of registration.missing_documents) {
    registration = await call<MyRegistration>(requestOf(registrationsRoutes.myDocuments).path, { method: 'POST', body: upload(registration, kind, DOCUMENT_KIND_LABELS[kind], ['Uploaded by the client after the onboarding call.']) });
  }
  return call<MyRegistration>(requestOf(registrationsRoutes.mySubmit).path, { method: 'POST', body: { version: registration.version } });
}

/**
 * A demo command's whole run: the client's e-mail from the command line, the stack's ports from the
 * environment (GATEWAY_PORT 8080, AUTH_EMULATOR_PORT 9099, as for npm start), one line of outcome.
 */
export async function runClientCommand(name: string, example: string, act: (options: ClientResubmitOptions) => Promise<MyRegistration>, done: string): Promise<void> {
  const email = process.argv[2];
  if (!email) {
    console.error(`usage: npm run ${name} -- <client e-mail>   (e.g. ${example})`);
    process.exit(2);
  }
  const gatewayPort = process.env.GATEWAY_PORT ?? '8080';
  const emulatorPort = process.env.AUTH_EMULATOR_PORT ?? '9099';
  try {
    const registration = await act({ gatewayUrl: `http://localhost:${gatewayPort}`, emulatorHost: `127.0.0.1:${emulatorPort}`, email });
    console.log(`${name}: ${registration.legal_name} (${registration.registration_id}) ${done}; status '${registration.status_label}'.`);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
