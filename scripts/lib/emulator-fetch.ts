import { SECOND_FACTOR_CLAIM, SECOND_FACTOR_CLAIM_KEEP } from '../../common/contract/security-paths.ts';

/**
 * fetch for the Auth emulator's REST API. The emulator closes idle kept-alive connections on its own
 * schedule; on a loaded machine a request can go out on one just as it closes ('other side closed',
 * UND_ERR_SOCKET), before the emulator read it. That one case is retried once; any other failure is not.
 */
export async function emulatorFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!isClosedKeptAliveSocket(error)) throw error;
    return fetch(url, init);
  }
}

function isClosedKeptAliveSocket(error: unknown): boolean {
  return error instanceof TypeError && (error.cause as { code?: unknown } | undefined)?.code === 'UND_ERR_SOCKET';
}

/**
 * Signs in through the emulator's REST API, as the web SDK does, and returns the real ID token. A staff
 * token needs its sign-in's second factor; outside a browser (tests, demo scripts) that is
 * granted here, in one place, as the code check would: the sign-in's auth_time goes onto the account's
 * custom claim (an emulator admin call) and the token is refreshed to carry it. `secondFactor: false` gives
 * the bare token of a password sign-in (the tests of the refusal). The emulator trusts anyone anyway: it
 * accepts unsigned tokens, so this grants nothing an emulator user could not forge.
 */
export async function emulatorIdToken(emulatorHost: string, email: string, password: string, options: { secondFactor?: boolean } = {}): Promise<string> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; refreshToken?: string };
  if (!body.idToken || !body.refreshToken) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
  if (options.secondFactor === false) return body.idToken;
  return withSecondFactor(emulatorHost, body.idToken, body.refreshToken);
}

/** Marks the token's sign-in as having passed the second factor and answers the refreshed token that says so. */
export async function withSecondFactor(emulatorHost: string, idToken: string, refreshToken: string): Promise<string> {
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { aud: string; user_id: string; auth_time: number };
  const admin = (path: string, body: unknown) =>
    emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(claims.aud)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    });
  const lookup = (await (await admin('/accounts:lookup', { localId: [claims.user_id] })).json()) as { users?: { customAttributes?: string }[] };
  const custom = JSON.parse(lookup.users?.[0]?.customAttributes || '{}') as Record<string, unknown>;
  const before: unknown = custom[SECOND_FACTOR_CLAIM];
  const kept = (Array.isArray(before) ? before : []).filter((value) => value !== claims.auth_time);
  custom[SECOND_FACTOR_CLAIM] = [...kept, claims.auth_time].slice(-SECOND_FACTOR_CLAIM_KEEP);
  const updated = await admin('/accounts:update', { localId: claims.user_id, customAttributes: JSON.stringify(custom) });
  if (!updated.ok) throw new Error(`the Auth emulator refused the second-factor claim: ${await updated.text()}`);
  const refreshed = await emulatorFetch(`http://${emulatorHost}/securetoken.googleapis.com/v1/token?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  const fresh = (await refreshed.json()) as { id_token?: string };
  if (!fresh.id_token) throw new Error(`the Auth emulator refused to refresh the token: ${JSON.stringify(fresh)}`);
  return fresh.id_token;
}
