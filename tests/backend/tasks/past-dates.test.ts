/**
 * One rule per kind of date (common/date-rules.ts): a task due in 2020, a trade licence expiring in 2020
 * and a published job post whose window closed in 2020 were accepted silently, while a document request in
 * the past was refused. Each is now refused naming its field; a date already passed may stay as it is.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientDetail } from '../../../common/contract/clients.ts';
import type { TaskDetail } from '../../../common/contract/tasks.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let admin: TestUser;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: Record<string, unknown>) =>
  app.inject({ method, url: `/api/${url}`, headers: auth(admin.token), ...(body ? { payload: body } : {}) });

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  admin = (await createUsers(app, emulatorHost, ['ADMIN'], 'past-dates')).get('ADMIN')!;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('dates in the past', () => {
  it('refuses a task due in the past, on create and when the due date is changed', async () => {
    const [client] = await app.db.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
    const refused = await call('POST', 'tasks/', { client_id: client!.id, title: 'File the VAT return', due_on: '2020-03-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'due_on', message: 'Due date must not be in the past.' });
    const made = await call('POST', 'tasks/', { client_id: client!.id, title: 'File the VAT return', due_on: dubaiDate() });
    expect(made.statusCode, made.body).toBe(201);
    const task = made.json<TaskDetail>();
    expect((await call('PATCH', `tasks/${task.id}`, { version: task.version, due_on: '2020-03-01' })).json()).toMatchObject({ field: 'due_on' });
  });

  it("refuses a trade licence expiry in the past: the renewed licence's expiry is entered", async () => {
    const [client] = await app.db.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
    const detail = (await call('GET', `clients/${client!.id}`)).json<ClientDetail>();
    const refused = await call('PATCH', `clients/${client!.id}`, { version: detail.version, licence_expires_on: '2020-06-30' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'licence_expires_on', message: expect.stringContaining('must not be in the past') });
    const renewed = await call('PATCH', `clients/${client!.id}`, { version: detail.version, licence_expires_on: addDays(dubaiDate(), 365) });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('refuses a published job post whose window has closed; a draft may keep any dates', async () => {
    const post = { title: 'Senior accountant', department: 'Accounts', location: 'dubai_office', employment_type: 'full_time', description: 'Keeps the books.', publish_from: null, publish_until: '2020-01-31' };
    const refused = await call('POST', 'careers/jobs/', { ...post, status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'publish_until', message: expect.stringContaining('must not be in the past for a published post') });
    expect((await call('POST', 'careers/jobs/', { ...post, status: 'draft' })).statusCode).toBe(201);
  });
});
