/**
 * Files that leave are audited: a list's CSV export and a document's download each write an event
 * on the reader, with the path and the file; the audit trail's own export keeps its own event only.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN'], 'reads');
}, 60_000);
afterAll(() => app?.close());

const eventsOf = async (email: string, kind: string) =>
  app.db.query<{ data: Record<string, unknown> }>("SELECT e.data FROM audit_events e JOIN users u ON u.id = e.actor_id WHERE u.email = $1 AND e.kind = $2 ORDER BY e.id", [email, kind]);

it('audits a list export and a document download on the reader, and the audit export once', async () => {
  const admin = users.get('ADMIN')!;
  const exported = await app.inject({ method: 'GET', url: '/api/clients/export/?search=a', headers: auth(admin.token) });
  expect(exported.statusCode).toBe(200);
  expect(await eventsOf(admin.email, 'list_exported')).toMatchObject([{ data: { path: '/api/clients/export/', query: 'search=a', file: expect.stringMatching(/\.csv$/) } }]);

  const [document] = await app.db.query<{ id: number; user_id: number }>('SELECT d.id, r.user_id FROM registration_documents d JOIN registrations r ON r.id = d.registration_id ORDER BY d.id LIMIT 1');
  const downloaded = await app.inject({ method: 'GET', url: `/api/registrations/${document!.user_id}/documents/${document!.id}?download=true`, headers: auth(admin.token) });
  expect(downloaded.statusCode, downloaded.body.slice(0, 200)).toBe(200);
  expect(await eventsOf(admin.email, 'document_downloaded')).toMatchObject([{ data: { path: `/api/registrations/${document!.user_id}/documents/${document!.id}` } }]);

  expect((await app.inject({ method: 'GET', url: '/api/audit/export', headers: auth(admin.token) })).statusCode).toBe(200);
  expect(await eventsOf(admin.email, 'list_exported')).toHaveLength(1);
  expect(await eventsOf(admin.email, 'audit_exported')).toHaveLength(1);
});
