/**
 * The client's side of the service desk, as the client app would do it: sign in through the Auth emulator
 * and call me/chat and me/requests through the gateway. Used by `npm run demo:chat`, `demo:request` and
 * `demo:accept-quote` against a running `npm start`.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, AUTH_SCHEME, IDEMPOTENCY_HEADER } from '../../common/contract/http.ts';
import { DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import { emulatorIdToken } from './emulator-fetch.ts';

export type ClientCall = <T>(path: string, body?: unknown) => Promise<T>;

export async function clientDeskSession(email: string): Promise<ClientCall> {
  const gatewayUrl = `http://localhost:${process.env.GATEWAY_PORT ?? '8080'}`;
  const token = await emulatorIdToken(`127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? '9099'}`, email, DEMO_PASSWORD);
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(API_BASE + path, gatewayUrl), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `${AUTH_SCHEME} ${token}`, [IDEMPOTENCY_HEADER]: randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`${body === undefined ? 'GET' : 'POST'} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer as T;
  };
}

/** Runs a client command: `npm run <name> -- <client e-mail> [argument]`; prints one line. */
export async function runDeskCommand(name: string, act: (call: ClientCall, argument: string | undefined) => Promise<string>): Promise<void> {
  const email = process.argv[2] ?? 'client@example.com';
  try {
    console.log(`${name}: ${await act(await clientDeskSession(email), process.argv[3])}`);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
