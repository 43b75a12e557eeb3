/**
 * The console's API client against a real HTTP server on port 0. The token source is a counter standing in
 * for Firebase's getIdToken, so the test can count forced refreshes; real Firebase tokens go through the
 * same client in the browser tests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../common/error-catalogue.ts';
import { createApiClient, type TokenSource } from '../../../client/src/lib/api-client.ts';
import { ApiError } from '../../../client/src/lib/errors.ts';

let server: Server;
let baseURL: string;
const seen: { url: string; authorization: string | undefined }[] = [];
/** The token the server accepts; anything else is a 401 with the gateway's body. */
let validToken = 'token-1';

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url?.startsWith('/api/slow')) return void setTimeout(() => send(200, {}), 1000);
    if (request.headers.authorization !== `Firebase ${validToken}`) {
      return send(401, { errorCode: 'TOKEN_EXPIRED', message: 'Token expired' });
    }
    send(200, { path: request.url });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

/** A provider whose cached token is `token-n` and whose forced refresh issues `token-(n+1)`. */
function tokenProvider(start = 1) {
  let generation = start;
  const source = vi.fn<TokenSource>(async (force) => {
    if (force) generation += 1;
    return `token-${generation}`;
  });
  return { source, forcedRefreshes: () => source.mock.calls.filter(([force]) => force).length };
}

describe('API client', () => {
  it('calls under /api/ with the Firebase ID token', async () => {
    validToken = 'token-1';
    const { source } = tokenProvider();
    const api = createApiClient({ getToken: source, baseURL });
    await expect(api('users/me', { query: { a: 1 } })).resolves.toEqual({ path: '/api/users/me?a=1' });
    expect(seen).toEqual([{ url: '/api/users/me?a=1', authorization: 'Firebase token-1' }]);
  });

  it('sends the request without the header when the token cannot be fetched, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createApiClient({
      baseURL,
      getToken: async () => {
        throw new Error('provider down');
      },
    });
    await expect(api('users/me')).rejects.toMatchObject({ status: 401 });
    expect(seen[0]?.authorization).toBeUndefined();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('without it'), expect.any(Error));
  });

  it('answers parallel 401s with one forced refresh and one retry per call', async () => {
    validToken = 'token-2';
    const provider = tokenProvider(1);
    const api = createApiClient({ getToken: provider.source, baseURL });
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => api<{ path: string }>(`items/${index}`)));
    expect(results.map((result) => result.path)).toEqual(Array.from({ length: 8 }, (_, index) => `/api/items/${index}`));
    expect(provider.forcedRefreshes()).toBe(1);
    expect(seen.filter((request) => request.authorization === 'Firebase token-1')).toHaveLength(8);
    expect(seen.filter((request) => request.authorization === 'Firebase token-2')).toHaveLength(8);
  });

  it('does not refresh again for a late 401 carrying the token that was already refreshed', async () => {
    validToken = 'token-2';
    let cached = 'token-1';
    let forced = 0;
    const api = createApiClient({
      baseURL,
      getToken: async (force) => {
        if (force) {
          forced += 1;
          cached = 'token-2';
        }
        return cached;
      },
    });
    await api('first');
    cached = 'token-1';
    await api('late');
    expect(forced).toBe(1);
  });

  it('gives up after one retry when the fresh token is refused too', async () => {
    validToken = 'never-issued';
    const provider = tokenProvider(1);
    const api = createApiClient({ getToken: provider.source, baseURL });
    const failure = await api('users/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'status', status: 401, message: 'Session timeout. Please refresh or login.' });
    expect(provider.forcedRefreshes()).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('does not refresh when no one is signed in', async () => {
    const onSessionLost = vi.fn();
    const api = createApiClient({ getToken: async () => null, baseURL, onSessionLost });
    await expect(api('users/me')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('reports a lost session when the retried call is refused too, and when the refresh itself fails', async () => {
    validToken = 'never-issued';
    const onSessionLost = vi.fn();
    const refused = createApiClient({ getToken: tokenProvider(1).source, baseURL, onSessionLost });
    await expect(refused('users/me')).rejects.toMatchObject({ status: 401 });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost.mock.calls[0]?.[0]).toMatchObject({ status: 401, message: 'Session timeout. Please refresh or login.' });

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Firebase refuses to refresh the token of a disabled user.
    const disabled = createApiClient({
      getToken: async (force) => {
        if (force) throw new Error('auth/user-disabled');
        return 'token-of-a-disabled-user';
      },
      baseURL,
      onSessionLost,
    });
    await expect(disabled('users/me')).rejects.toMatchObject({ status: 401 });
    expect(onSessionLost).toHaveBeenCalledTimes(2);
  });

  it('does not report a lost session when the refreshed token is accepted', async () => {
    validToken = 'token-2';
    const onSessionLost = vi.fn();
    const api = createApiClient({ getToken: tokenProvider(1).source, baseURL, onSessionLost });
    await expect(api('users/me')).resolves.toEqual({ path: '/api/users/me' });
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('turns a time-out into the network message', async () => {
    const api = createApiClient({ getToken: async () => null, baseURL, timeout: 100 });
    await expect(api('slow')).rejects.toMatchObject({ kind: 'network', message: NETWORK_ERROR_MESSAGE });
  });
});
