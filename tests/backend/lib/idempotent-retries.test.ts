/**
 * Every create that declares an Idempotency-Key replays it: the same request sent again with the same key
 * (its answer lost) answers the same status and record and changes no row count anywhere. The creates are
 * read from the app's own route table (a POST answering 201 whose headers take the key), and each has an
 * entry below with a body that is accepted: a create added later without an entry fails the first test, so
 * nobody has to remember this file. An entry may instead name the test file that checks its replay (a create
 * whose caller needs a registration at a given stage, which that file builds), or say why it is not sent yet.
 * The deletes that take the key are held the same way: a retry answers as the first did, not 404.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Role } from '../../../common/roles.ts';
import { conversationOf } from '../../../backend/src/modules/chats/store.ts';
import { createClient } from '../../../backend/src/modules/clients/index.ts';
import { deskClient } from '../clients/desk-client.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
const today = dubaiDate();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64').toString('base64');

let app: FastifyInstance;
let users: Map<Role, TestUser & { id: number }>;
/** Ids the entries' urls and bodies name, found or made once before the sweep. */
const ids: Record<string, number> = {};
/** A request type's code, for the client's on-demand request. */
let requestType = '';
let creates: string[];
/** Every DELETE that takes the key, from the same route table. */
let deletes: string[];

/** A create: who sends it, its url (after /api/) and an accepted body; `answer` names the record it answered. */
interface Create {
  who: Role;
  url: () => string;
  body: () => Record<string, unknown>;
  answer?: (json: Record<string, unknown>) => unknown;
}
/** A create whose replay a test beside its area checks (the same key sent twice), with the state it needs. */
interface CheckedElsewhere {
  elsewhere: string;
}
/** A write this sweep does not send yet, with why: listed, so a new route still has to be placed here. */
interface NotSwept {
  notSwept: string;
}

const nextMonday = (() => {
  let day = addDays(today, 1);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return addDays(day, 7);
})();
const results = (json: Record<string, unknown>) => (json['results'] as { id: number }[]).map((row) => row.id);

const CREATES: Record<string, Create | CheckedElsewhere | NotSwept> = {
  'POST /api/aml-register/': { who: 'ADMIN', url: () => 'aml-register/', body: () => ({ type: 'str', client: ids['registrationUser'], decided_on: today, notes: 'Cash deposits split below the threshold (retried).' }) },
  'POST /api/bulk/jobs/': { who: 'BOOKKEEPER', url: () => 'bulk/jobs/', body: () => ({ list: 'tasks', action: 'status', ids: [ids['task']], params: { status: 'in_progress' } }) },
  'POST /api/capacity/leave/': { who: 'ADMIN', url: () => 'capacity/leave/', body: () => ({ user_id: users.get('BOOKKEEPER')!.id, from: nextMonday, to: nextMonday, note: 'Retried' }), answer: (json) => json['days'] },
  'POST /api/careers/jobs/': { who: 'ADMIN', url: () => 'careers/jobs/', body: () => ({ title: 'Payroll Specialist', department: 'Accounting', location: 'dubai_office', employment_type: 'full_time', description: 'Run payroll.', status: 'draft', publish_from: null, publish_until: null }) },
  'POST /api/chat/reminder/': { who: 'BOOKKEEPER', url: () => 'chat/reminder/', body: () => ({ conversation_id: ids['conversation'], kind: 'me', preset: 'tomorrow_9' }), answer: results },
  'POST /api/chats/:conversationId/messages': { who: 'BOOKKEEPER', url: () => `chats/${ids['conversation']}/messages`, body: () => ({ body: 'Your VAT return is filed (sent once).' }) },
  'POST /api/chats/canned-replies/': { who: 'ADMIN', url: () => 'chats/canned-replies/', body: () => ({ title: 'Retried greeting', body: 'Thank you for your message.' }) },
  'POST /api/clients/:clientId/document-requests': { who: 'BOOKKEEPER', url: () => `clients/${ids['client']}/document-requests`, body: () => ({ kind: 'bank_statement', note: 'November statement, please (asked once).' }), answer: (json) => (json['requests'] as { id: number }[]).map((row) => row.id) },
  'POST /api/clients/:clientId/documents': { who: 'BOOKKEEPER', url: () => `clients/${ids['client']}/documents`, body: () => ({ kind: 'bank_statement', file_name: 'statement.png', content_type: 'image/png', content_base64: PNG }), answer: (json) => (json['documents'] as { id: number }[]).map((row) => row.id) },
  'POST /api/crm/leads/': { who: 'ADMIN', url: () => 'crm/leads/', body: () => ({ company: 'Retried Sweep Trading LLC', contact_name: 'Omar Saleh', email: 'retried-sweep@example.test', source: 'referral', owner_id: null, monthly_value_fils: 275_000, next_follow_up: null }) },
  'POST /api/faqs/': { who: 'ADMIN', url: () => 'faqs/', body: () => ({ category: 'Retried', question_en: 'Sent twice?', answer_en: 'Kept once.', question_ar: 'مرتين؟', answer_ar: 'مرة.', status: 'draft', publish_from: null, publish_until: null }) },
  'POST /api/invoices/': { who: 'ADMIN', url: () => 'invoices/', body: () => ({ client_id: ids['invoiceable'], lines: [{ description: 'VAT registration (on-demand request)', quantity: 1, unit_fils: 150_000 }] }) },
  'POST /api/invoices/:invoiceId/credit-note': { who: 'ADMIN', url: () => `invoices/${ids['invoice']}/credit-note`, body: () => ({ version: ids['invoiceVersion'], reason: 'Discount agreed after issue', net_fils: 1_000 }) },
  'POST /api/me/chat/messages': { who: 'CLIENT', url: () => 'me/chat/messages', body: () => ({ body: 'Here is the invoice you asked for (sent once).' }) },
  'POST /api/me/document-requests/:requestId/upload': { who: 'CLIENT', url: () => `me/document-requests/${ids['documentRequest']}/upload`, body: () => ({ file_name: 'statement.png', content_type: 'image/png', content_base64: PNG }), answer: (json) => json },
  'POST /api/me/registration/documents': { notSwept: 'needs a client registration at the documents stage' },
  'POST /api/me/registration/parties': { elsewhere: 'tests/backend/aml/client-parties.test.ts' },
  'POST /api/me/requests': { who: 'CLIENT', url: () => 'me/requests', body: () => ({ type: requestType, details: 'Please prepare our VAT return (sent once).' }) },
  'POST /api/monthly-reports/': { who: 'BOOKKEEPER', url: () => 'monthly-reports/', body: () => ({ client_id: ids['client'], month: today.slice(0, 7) }) },
  'POST /api/registrations/:userId/comments': { who: 'ADMIN', url: () => `registrations/${ids['registrationUser']}/comments`, body: () => ({ text: 'Checked the licence (said once).' }), answer: (json) => (json as unknown as unknown[]).length },
  'POST /api/registrations/:userId/parties': { elsewhere: 'tests/backend/aml/aml.test.ts' },
  'POST /api/registrations/:userId/parties/:partyId/evidence': { elsewhere: 'tests/backend/aml/aml.test.ts' },
  'POST /api/screening/lists/:list': { elsewhere: 'tests/backend/aml/lists.test.ts' },
  'POST /api/subscriptions/': { who: 'ADMIN', url: () => 'subscriptions/', body: () => ({ client_id: ids['client'], plan_id: ids['plan'], cycle: 'monthly', starts_on: today }) },
  'POST /api/task-templates/': { who: 'BOOKKEEPER', url: () => 'task-templates/', body: () => ({ client_id: ids['client'], title: 'Monthly retried close', frequency: 'monthly', day_of_month: 10 }) },
  'POST /api/tasks/': { who: 'BOOKKEEPER', url: () => 'tasks/', body: () => ({ client_id: ids['client'], title: 'Reconcile the retried bank feed', due_on: today }) },
  'POST /api/tasks/:taskId/comments': { who: 'BOOKKEEPER', url: () => `tasks/${ids['task']}/comments`, body: () => ({ body: 'Bank feed reconciled (said once).' }), answer: (json) => (json['comments'] as unknown[] | undefined)?.length ?? json['version'] },
  'POST /api/time-entries/': { who: 'BOOKKEEPER', url: () => 'time-entries/', body: () => ({ client_id: ids['client'], date: today, minutes: 45, note: 'Retried month-end close', billable: true }) },
  'POST /api/users/': { who: 'ADMIN', url: () => 'users/', body: () => ({ email: `retried-invite-${crypto.randomUUID().slice(0, 8)}@example.test`, display_name: 'Retried Invitee', role: 'BOOKKEEPER' }), answer: (json) => (json['user'] as { id: number }).id },
  'POST /api/views/': { who: 'BOOKKEEPER', url: () => 'views/', body: () => ({ list: 'tasks', name: 'Retried view', query: 'status=open', shared: false, is_default: false }) },
};

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = new Map();
  for (const [role, user] of await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER', 'CLIENT'], 'idempotent-retries')) {
    const [row] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    users.set(role, { ...user, id: row!.id });
  }
  // The goAML register is a compliance officer's.
  await app.db.query('UPDATE users SET compliance_officer = true WHERE id = $1', [users.get('ADMIN')!.id]);
  for (const user of users.values()) await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(user.token) });
  ids['client'] = await app.db.transaction((tx) => createClient(tx, deskClient({ legalName: 'Retry Sweep Trading LLC', bookkeeperId: users.get('BOOKKEEPER')!.id, userId: users.get('CLIENT')!.id })));
  ids['conversation'] = await app.db.transaction((tx) => conversationOf(tx, ids['client']!));
  const [valid] = await app.db.query<{ id: number }>(
    `SELECT DISTINCT c.id FROM clients c JOIN invoices i ON i.client_id = c.id JOIN einvoices e ON e.invoice_id = i.id
     WHERE c.status = 'active' AND c.vat_registered AND c.trn LIKE '1%' AND e.state <> 'invalid' AND NOT EXISTS (SELECT 1 FROM einvoices x JOIN invoices y ON y.id = x.invoice_id WHERE y.client_id = c.id AND x.state IN ('invalid', 'rejected'))
     ORDER BY c.id LIMIT 1`,
  );
  ids['invoiceable'] = valid!.id;
  const invoice = await app.inject({ method: 'POST', url: '/api/invoices/', headers: auth(users.get('ADMIN')!.token), payload: { client_id: valid!.id, lines: [{ description: 'Bookkeeping (to credit)', quantity: 1, unit_fils: 100_000 }] } });
  expect(invoice.statusCode, invoice.body).toBe(201);
  ids['invoice'] = invoice.json<{ id: number }>().id;
  ids['invoiceVersion'] = invoice.json<{ version: number }>().version;
  const task = await app.inject({ method: 'POST', url: '/api/tasks/', headers: auth(users.get('BOOKKEEPER')!.token), payload: { client_id: ids['client'], title: 'Task to comment on', due_on: today } });
  expect(task.statusCode, task.body).toBe(201);
  ids['task'] = task.json<{ id: number }>().id;
  const asked = await app.inject({ method: 'POST', url: `/api/clients/${ids['client']}/document-requests`, headers: auth(users.get('BOOKKEEPER')!.token), payload: { kind: 'bank_statement', note: 'October statement' } });
  expect(asked.statusCode, asked.body).toBe(201);
  ids['documentRequest'] = asked.json<{ requests: { id: number }[] }>().requests[0]!.id;
  const [registration] = await app.db.query<{ user_id: number }>("SELECT user_id FROM registrations WHERE status = 'active' ORDER BY id LIMIT 1");
  ids['registrationUser'] = registration!.user_id;
  const [plan] = await app.db.query<{ id: number }>('SELECT id FROM plans WHERE active ORDER BY id LIMIT 1');
  ids['plan'] = plan!.id;
  const [type] = await app.db.query<{ code: string }>('SELECT code FROM request_types ORDER BY id LIMIT 1');
  requestType = type!.code;
  creates = app.routeTable
    .flatMap((route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, route })))
    .filter(({ method, route }) => {
      const schema = route.schema as { headers?: { properties?: Record<string, unknown> }; response?: Record<string, unknown> } | undefined;
      return method === 'POST' && schema?.headers?.properties?.['idempotency-key'] !== undefined && schema.response?.['201'] !== undefined;
    })
    .map(({ method, route }) => `${method} ${route.url}`)
    .sort();
  deletes = app.routeTable
    .filter((route: RouteOptions) => route.method === 'DELETE' && (route.schema as { headers?: { properties?: Record<string, unknown> } } | undefined)?.headers?.properties?.['idempotency-key'] !== undefined)
    .map((route) => `DELETE ${route.url}`)
    .sort();
}, 180_000);
afterAll(() => app?.close());

/**
 * Rows per table: a replay adds none anywhere (no second record, event, notification or file). A bulk job
 * runs its rows after its answer, so the count waits for every job to finish first.
 */
async function rowCounts(): Promise<Record<string, number>> {
  await vi.waitFor(async () => expect((await app.db.query("SELECT id FROM bulk_jobs WHERE state <> 'finished'")).length).toBe(0), { timeout: 30_000, interval: 100 });
  const tables = await app.db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name");
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) counts[table] = (await app.db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM "${table}"`))[0]!.count;
  return counts;
}

describe('a create retried with its Idempotency-Key', () => {
  it('has an entry for every create that takes the key, and none for a route that is not one', () => {
    expect(creates.length).toBeGreaterThan(20);
    expect(creates).toEqual(Object.keys(CREATES).sort());
  });

  for (const [name, create] of Object.entries(CREATES)) {
    if ('notSwept' in create) continue;
    if ('elsewhere' in create) {
      it(`${name}: its replay is checked in ${create.elsewhere}`, () => {
        expect(existsSync(create.elsewhere)).toBe(true);
        const path = name.replace('POST /api/', '').replace(/:[A-Za-z]+/g, '');
        const text = readFileSync(create.elsewhere, 'utf8');
        // The file sends this create with a key of its own at least twice (the original and the retry).
        expect(path.split('/').filter(Boolean).every((part) => text.includes(part))).toBe(true);
      });
      continue;
    }
    it(`${name}: the retry answers the first answer and adds no row`, async () => {
      const send = () =>
        app.inject({ method: 'POST', url: `/api/${create.url()}`, headers: { ...auth(users.get(create.who)!.token), 'idempotency-key': `retry-${key}` }, payload: body });
      const key = crypto.randomUUID();
      const body = create.body();
      const first = await send();
      expect(first.statusCode, first.body).toBe(201);
      const before = await rowCounts();
      const second = await send();
      expect(second.statusCode, second.body).toBe(first.statusCode);
      const answer = create.answer ?? ((json: Record<string, unknown>) => json['id']);
      expect(answer(second.json())).toEqual(answer(first.json()));
      expect(await rowCounts()).toEqual(before);
    });
  }
});

/** A delete: made ready by `make` (the record it removes), then sent twice with one key. */
interface Delete {
  who: Role;
  make: () => Promise<{ url: string; body: Record<string, unknown> }>;
}
const post = async (who: Role, url: string, payload: Record<string, unknown>) => {
  const response = await app.inject({ method: 'POST', url: `/api/${url}`, headers: auth(users.get(who)!.token), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; version: number }>();
};

const DELETES: Record<string, Delete | NotSwept> = {
  'DELETE /api/capacity/leave/:userId/:day': {
    who: 'ADMIN',
    make: async () => {
      const day = addDays(nextMonday, 7);
      await post('ADMIN', 'capacity/leave/', { user_id: users.get('BOOKKEEPER')!.id, from: day, to: day });
      return { url: `capacity/leave/${users.get('BOOKKEEPER')!.id}/${day}`, body: {} };
    },
  },
  'DELETE /api/chats/canned-replies/:replyId': { who: 'ADMIN', make: async () => ({ url: `chats/canned-replies/${(await post('ADMIN', 'chats/canned-replies/', { title: 'To delete', body: 'Gone soon.' })).id}`, body: {} }) },
  'DELETE /api/time-entries/:entryId': {
    who: 'BOOKKEEPER',
    make: async () => {
      const entry = await post('BOOKKEEPER', 'time-entries/', { client_id: ids['client'], date: today, minutes: 15, note: 'Logged by mistake', billable: false });
      return { url: `time-entries/${entry.id}`, body: { version: entry.version } };
    },
  },
  'DELETE /api/views/:viewId': {
    who: 'BOOKKEEPER',
    make: async () => {
      const view = await post('BOOKKEEPER', 'views/', { list: 'tasks', name: 'View to delete', query: 'status=done', shared: false, is_default: false });
      return { url: `views/${view.id}`, body: { version: view.version } };
    },
  },
  'DELETE /api/me/registration/parties/:partyId': { notSwept: 'needs a client registration that may still change its parties' },
  'DELETE /api/registrations/:userId/parties/:partyId': { notSwept: 'needs a registration at due diligence' },
  'DELETE /api/registrations/:userId/meeting': {
    who: 'ADMIN',
    make: async () => {
      // A demo registration whose onboarding call is booked and still to come.
      const [row] = await app.db.query<{ user_id: number; version: number }>(
        "SELECT r.user_id, r.version FROM registrations r JOIN registration_meetings m ON m.id = r.meeting_id WHERE m.status = 'scheduled' ORDER BY r.id LIMIT 1",
      );
      return { url: `registrations/${row!.user_id}/meeting`, body: { version: row!.version, reason: 'The client asked for a call next week instead.' } };
    },
  },
};

describe('a delete retried with its Idempotency-Key', () => {
  it('has an entry for every delete that takes the key', () => {
    expect(deletes).toEqual(Object.keys(DELETES).sort());
  });

  for (const [name, remove] of Object.entries(DELETES)) {
    if ('notSwept' in remove) continue;
    it(`${name}: the retry answers as the first did (not 404) and changes nothing`, async () => {
      const { url, body } = await remove.make();
      const key = `retry-delete-${crypto.randomUUID()}`;
      const send = () => app.inject({ method: 'DELETE', url: `/api/${url}`, headers: { ...auth(users.get(remove.who)!.token), 'idempotency-key': key }, payload: body });
      const first = await send();
      expect(first.statusCode, first.body).toBe(200);
      const before = await rowCounts();
      const second = await send();
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await rowCounts()).toEqual(before);
    });
  }
});
