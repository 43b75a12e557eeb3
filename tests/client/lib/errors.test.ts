/** Spec section 8, row by row, through the real API client against a real HTTP server on port 0. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../client/src/lib/api-client.ts';
import { ApiError, errorMessage, toApiError } from '../../../client/src/lib/errors.ts';
import { authErrorMessage } from '../../../client/src/lib/auth-messages.ts';
import { freePort } from '../../../scripts/lib/processes.ts';

let server: Server;
let baseURL: string;

/** GET /api/<status>?body=<json> answers that status with that body. */
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const status = Number(url.pathname.split('/').pop());
    const body = url.searchParams.get('body');
    response.writeHead(status, body === null ? {} : { 'content-type': 'application/json' });
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(status: number, body?: unknown): Promise<unknown> {
  const api = createApiClient({ getToken: async () => null, baseURL });
  const query = body === undefined ? {} : { body: JSON.stringify(body) };
  return api(`${status}`, { query }).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('HTTP response handling', () => {
  it('401: session timeout', async () => {
    const error = await failure(401, { errorCode: 'TOKEN_EXPIRED', message: 'expired' });
    expect(errorMessage(error)).toBe('Session timeout. Please refresh or login.');
  });

  it('404: resource not found', async () => {
    expect(errorMessage(await failure(404, { errorCode: 'NOT_FOUND', message: 'No route' }))).toBe('404 - Resource Not Found.');
  });

  it('403: access denied', async () => {
    expect(errorMessage(await failure(403))).toBe('Access Denied - You do not have permission to access this resource.');
  });

  it('an ADMIN outside the allowed networks reads the server’s sentence, not the generic 403', async () => {
    const message = 'Administrator access is allowed only from the office or VPN networks.';
    expect(errorMessage(await failure(403, { errorCode: 'ADMIN_NETWORK_REFUSED', message }))).toBe(message);
    // Any other 403 keeps the catalogue's text, whatever the server said.
    expect(errorMessage(await failure(403, { errorCode: 'FORBIDDEN', message: 'Not yours' }))).toBe('Access Denied - You do not have permission to access this resource.');
  });

  it('a session ended by an administrator says so; any other 401 keeps the spec’s session timeout', async () => {
    expect(errorMessage(await failure(401, { errorCode: 'SESSION_ENDED', message: 'Your session was ended by an administrator.' }))).toBe('Your session was ended by an administrator.');
    expect(errorMessage(await failure(401, { errorCode: 'AUTHENTICATION_FAILED', message: 'The ID token is not valid.' }))).toBe('Session timeout. Please refresh or login.');
  });

  it('other statuses pass the original error on, with its status and body', async () => {
    const error = await failure(409, { errorCode: 'CONFLICT', message: 'Taken' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 409, body: { errorCode: 'CONFLICT', message: 'Taken' } });
    expect((error as ApiError).cause).toBeInstanceOf(Error);
  });

  it('no response: network error', async () => {
    const api = createApiClient({ getToken: async () => null, baseURL: `http://127.0.0.1:${await freePort()}/api/` });
    const error = await api('users/me').catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe('Network error. Please check your internet connection.');
  });

  it('any other error is logged and passed on unchanged', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = new TypeError('bad');
    expect(toApiError(original)).toBe(original);
    expect(logged).toHaveBeenCalledWith(expect.any(String), original);
    logged.mockRestore();
  });
});

describe('error toast by errorCode', () => {
  it.each([
    ['INVALID_INPUT', 'Invalid input. Please check your input data.'],
    ['AUTHENTICATION_FAILED', 'Authentication failed. Please log in again.'],
    ['UNAUTHORIZED', 'Unauthorized access. Please log in.'],
    ['TOKEN_EXPIRED', 'Your session has expired. Please log in again.'],
    ['UPSTREAM_TIMEOUT', 'Something went wrong.'],
    ['SOMETHING_NEW', 'Something went wrong.'],
  ])('%s', async (errorCode, text) => {
    expect(errorMessage(await failure(400, { errorCode, message: 'server text' }))).toBe(text);
  });

  it('no errorCode: the server message when it is a string', async () => {
    expect(errorMessage(await failure(500, { message: 'Database is read-only' }))).toBe('Database is read-only');
  });

  it('no errorCode and no string message: the fallback', async () => {
    expect(errorMessage(await failure(500, { message: 42 }))).toBe('Oops! Something went wrong on our end. Please try again later.');
    expect(errorMessage(await failure(502))).toBe('Oops! Something went wrong on our end. Please try again later.');
  });

  it('a plain string error as is', () => {
    expect(errorMessage('Upload failed: file too large')).toBe('Upload failed: file too large');
  });

  it('anything else: the fallback', () => {
    expect(errorMessage(new Error('boom'))).toBe('Oops! Something went wrong on our end. Please try again later.');
    expect(errorMessage(undefined)).toBe('Oops! Something went wrong on our end. Please try again later.');
  });
});

describe('sign-in messages', () => {
  it.each([
    ['auth/wrong-password', 'Incorrect email or password.'],
    ['auth/invalid-credential', 'Incorrect email or password.'],
    ['auth/user-not-found', 'Incorrect email or password.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', 'Network error. Please check your internet connection.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact your administrator.'],
    ['auth/unheard-of', 'Something went wrong. Please try again.'],
  ])('%s', (code, text) => {
    expect(authErrorMessage({ code })).toBe(text);
  });
});
