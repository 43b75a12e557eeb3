/**
 * The API's own description at GET /api/openapi.json (ADMIN only), and request bodies read only by their
 * schema: a JSON null is a body of the wrong type, refused like any other.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BD_MANAGER', 'CLIENT'], 'api-docs');
}, 120_000);
afterAll(() => app?.close());

const token = (role: Role) => users.get(role)!.token;

describe('GET /api/openapi.json', () => {
  it('answers signed-in ADMINs the OpenAPI 3.1 document of every route, with roles and error codes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: auth(token('ADMIN')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, { 'x-roles'?: string[]; responses: Record<string, unknown> }>> }>();
    expect(document.openapi).toBe('3.1.0');
    const approve = document.paths['/api/registrations/{userId}/plan/approve']?.post;
    expect(approve?.['x-roles']).toEqual(['ADMIN', 'BD_MANAGER']);
    expect(Object.keys(approve?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '500']));
    expect(document.paths['/api/openapi.json']?.get).toBeDefined();
  });

  it('refuses other roles (403) and callers without a token (401)', async () => {
    for (const role of ['BD_MANAGER', 'CLIENT'] as const) {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: auth(token(role)) });
      expect(response.statusCode, role).toBe(403);
      expect(response.json<{ errorCode: string }>().errorCode).toBe('FORBIDDEN');
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a JSON null body', () => {
  const send = (url: string, role: Role, payload: string) =>
    app.inject({ method: 'POST', url, headers: { ...auth(token(role)), 'content-type': 'application/json' }, payload });

  it('is refused with 400 INVALID_INPUT naming the body, where an empty object or no body is taken', async () => {
    const response = await send('/api/me/registration/resubmit', 'CLIENT', 'null');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', message: 'The body must be an object.', field: 'body' });
  });

  it('is refused on a write whose body has required fields too (the same schema path)', async () => {
    const response = await send('/api/registrations/1/approve', 'ADMIN', 'null');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errorCode: string; field: string }>()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'body' });
  });

  it('leaves a missing body meaning an empty one, as before', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/me/registration/resubmit', headers: auth(token('CLIENT')) });
    expect(response.statusCode, response.body).not.toBe(400);
  });
});
