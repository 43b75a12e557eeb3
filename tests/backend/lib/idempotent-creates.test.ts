/**
 * A create retried while its original is still running (a retry racing the original, or the same request sent
 * to two back ends) makes one record: every request with the same Idempotency-Key answers that record (a lead,
 * a job post and an FAQ did not look for the replay at all, so they fail on PGlite too). A create
 * has no row to lock before it exists, so this holds only because the key's lock is taken before the replay is
 * looked for (lib/audit.ts). PGlite runs one transaction at a time, so there the requests cannot overlap and
 * this passes whatever the code does; on the postgres project they run on separate pool connections at once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Role } from '../../../common/roles.ts';
import { addRegisterEntry } from '../../../backend/src/modules/aml/register-store.ts';
import { conversationOf } from '../../../backend/src/modules/chats/store.ts';
import { createClient } from '../../../backend/src/modules/clients/index.ts';
import { deskClient } from '../clients/desk-client.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
const today = dubaiDate();
/** Requests at once with one key: enough that, without the lock, two of them overlap on a pool of several connections. */
const AT_ONCE = 6;
let app: FastifyInstance;
let users: Map<Role, TestUser & { id: number }>;
let mine: number;
/** A client whose e-invoices pass the PINT AE rules, so a one-off invoice is issued. */
let invoiceable: number;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = new Map();
  for (const [role, user] of await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER', 'CLIENT'], 'idempotent-creates')) {
    const [row] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    users.set(role, { ...user, id: row!.id });
  }
  mine = await app.db.transaction((tx) => createClient(tx, deskClient({ legalName: 'Retry Race Trading LLC', bookkeeperId: users.get('BOOKKEEPER')!.id, userId: users.get('CLIENT')!.id })));
  const [valid] = await app.db.query<{ id: number }>(
    `SELECT DISTINCT c.id FROM clients c JOIN invoices i ON i.client_id = c.id JOIN einvoices e ON e.invoice_id = i.id
     WHERE c.status = 'active' AND c.vat_registered AND c.trn LIKE '1%' AND e.state <> 'invalid' AND NOT EXISTS (SELECT 1 FROM einvoices x JOIN invoices y ON y.id = x.invoice_id WHERE y.client_id = c.id AND x.state IN ('invalid', 'rejected'))
     ORDER BY c.id LIMIT 1`,
  );
  invoiceable = valid!.id;
}, 180_000);
afterAll(() => app?.close());

/** The same create sent AT_ONCE times at once with one key. */
async function race(who: Role, url: string, body: Record<string, unknown>, key: string) {
  const responses = await Promise.all(
    Array.from({ length: AT_ONCE }, () => app.inject({ method: 'POST', url: `/api/${url}`, headers: { ...auth(users.get(who)!.token), 'idempotency-key': key }, payload: body })),
  );
  for (const response of responses) expect(response.statusCode, response.body).toBe(201);
  return responses.map((response) => response.json<{ id: number }>());
}

/** The same write sent AT_ONCE times at once with one key, every answer checked for `status`. */
async function raceWrite(who: Role, method: 'POST' | 'DELETE', url: string, body: Record<string, unknown> | undefined, key: string, status: number) {
  const responses = await Promise.all(
    Array.from({ length: AT_ONCE }, () => app.inject({ method, url: `/api/${url}`, headers: { ...auth(users.get(who)!.token), 'idempotency-key': key }, ...(body ? { payload: body } : {}) })),
  );
  for (const response of responses) expect(response.statusCode, response.body).toBe(status);
  return responses.map((response) => response.json<Record<string, unknown>>());
}

const count = async (sql: string, params: unknown[]) => (await app.db.query<{ count: number }>(sql, params))[0]!.count;

const eventsWithKey = async (entity: string, kind: string, key: string) =>
  (await app.db.query<{ entity_id: number }>('SELECT entity_id FROM audit_events WHERE entity = $1 AND kind = $2 AND idempotency_key = $3', [entity, kind, key])).map((row) => row.entity_id);

describe('a create sent several times at once with one Idempotency-Key', () => {
  const cases: { name: string; who: Role; url: string; body: () => Record<string, unknown>; entity: string; kind: string; table: string }[] = [
    { name: 'a one-off invoice', who: 'ADMIN', url: 'invoices/', body: () => ({ client_id: invoiceable, lines: [{ description: 'VAT registration (on-demand request)', quantity: 1, unit_fils: 150_000 }] }), entity: 'invoice', kind: 'invoice_issued', table: 'invoices' },
    { name: 'a task', who: 'BOOKKEEPER', url: 'tasks/', body: () => ({ client_id: mine, title: 'Reconcile the retried bank feed', due_on: today }), entity: 'task', kind: 'task_created', table: 'tasks' },
    { name: 'a task template', who: 'BOOKKEEPER', url: 'task-templates/', body: () => ({ client_id: mine, title: 'Monthly retried close', frequency: 'monthly', day_of_month: 10 }), entity: 'task_template', kind: 'task_template_created', table: 'task_templates' },
    { name: 'a lead', who: 'ADMIN', url: 'crm/leads/', body: () => ({ company: 'Retried Lead Trading LLC', contact_name: 'Omar Saleh', email: 'retried-lead@example.test', source: 'referral', owner_id: null, monthly_value_fils: 275_000, next_follow_up: null }), entity: 'lead', kind: 'lead_created', table: 'leads' },
    { name: 'a job post', who: 'ADMIN', url: 'careers/jobs/', body: () => ({ title: 'Payroll Specialist', department: 'Accounting', location: 'dubai_office', employment_type: 'full_time', description: 'Run payroll for 40 clients.', status: 'draft', publish_from: null, publish_until: null }), entity: 'job_post', kind: 'job_created', table: 'job_posts' },
    { name: 'an FAQ', who: 'ADMIN', url: 'faqs/', body: () => ({ category: 'Retried', question_en: 'Sent twice?', answer_en: 'Kept once.', question_ar: 'مرتين؟', answer_ar: 'مرة.', status: 'draft', publish_from: null, publish_until: null }), entity: 'faq', kind: 'faq_created', table: 'faqs' },
    { name: 'a time entry', who: 'BOOKKEEPER', url: 'time-entries/', body: () => ({ client_id: mine, date: today, minutes: 45, note: 'Retried month-end close', billable: true }), entity: 'time_entry', kind: 'time_entry_created', table: 'time_entries' },
  ];
  for (const { name, who, url, body, entity, kind, table } of cases) {
    it(`makes ${name} once and answers it to every request`, async () => {
      const key = `race-${entity}-${crypto.randomUUID()}`;
      const answers = await race(who, url, body(), key);
      const made = await eventsWithKey(entity, kind, key);
      expect(made).toHaveLength(1);
      const [rows] = await app.db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM ${table} WHERE id = ANY($1::integer[])`, [answers.map((answer) => answer.id)]);
      expect(rows!.count).toBe(1);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.id).toBe(made[0]);
    });
  }

  it("makes a client's on-demand request once", async () => {
    const [type] = await app.db.query<{ code: string }>('SELECT code FROM request_types ORDER BY id LIMIT 1');
    const key = `race-request-${crypto.randomUUID()}`;
    const answers = await race('CLIENT', 'me/requests', { type: type!.code, details: 'Please prepare our VAT return (sent twice).' }, key);
    expect(await eventsWithKey('service_request', 'request_created', key)).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('opens one goAML register entry when the store is called at once (no HTTP)', async () => {
    const [client] = await app.db.query<{ user_id: number }>("SELECT user_id FROM registrations WHERE status = 'active' ORDER BY id LIMIT 1");
    const key = `race-register-${crypto.randomUUID()}`;
    const body = { type: 'str' as const, client: client!.user_id, decided_on: today, notes: 'Cash deposits split below the threshold.' };
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => addRegisterEntry(app.db, body, { actorId: users.get('ADMIN')!.id, idempotencyKey: key }, today)));
    expect(await eventsWithKey('aml_register', 'register_entry_opened', key)).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('posts a staff message and a client message once (a retry after a lost answer never posts twice)', async () => {
    const conversation = await app.db.transaction((tx) => conversationOf(tx, mine));
    const staffKey = `race-message-${crypto.randomUUID()}`;
    const staff = await raceWrite('BOOKKEEPER', 'POST', `chats/${conversation}/messages`, { body: 'Your return is filed (sent at once).' }, staffKey, 201);
    for (const answer of staff) expect(answer).toEqual(staff[0]);
    expect(await count("SELECT count(*)::integer AS count FROM chat_messages WHERE conversation_id = $1 AND body = 'Your return is filed (sent at once).'", [conversation])).toBe(1);
    const clientKey = `race-my-message-${crypto.randomUUID()}`;
    const client = await raceWrite('CLIENT', 'POST', 'me/chat/messages', { body: 'Thank you (sent at once).' }, clientKey, 201);
    for (const answer of client) expect(answer).toEqual(client[0]);
    expect(await count("SELECT count(*)::integer AS count FROM chat_messages WHERE conversation_id = $1 AND body = 'Thank you (sent at once).'", [conversation])).toBe(1);
  });

  it('adds a canned reply and sets a reminder once', async () => {
    const replyKey = `race-canned-${crypto.randomUUID()}`;
    const replies = await raceWrite('ADMIN', 'POST', 'chats/canned-replies/', { title: 'Raced greeting', body: 'Thank you for writing.' }, replyKey, 201);
    for (const answer of replies) expect(answer).toEqual(replies[0]);
    expect(await eventsWithKey('canned_reply', 'canned_reply_created', replyKey)).toHaveLength(1);
    expect(await count("SELECT count(*)::integer AS count FROM canned_replies WHERE title = 'Raced greeting'", [])).toBe(1);
    const conversation = await app.db.transaction((tx) => conversationOf(tx, mine));
    const reminderKey = `race-reminder-${crypto.randomUUID()}`;
    const reminders = await raceWrite('BOOKKEEPER', 'POST', 'chat/reminder/', { conversation_id: conversation, kind: 'client' }, reminderKey, 201);
    for (const answer of reminders) expect(answer).toEqual(reminders[0]);
    expect(await eventsWithKey('conversation', 'chat_reminder_set', reminderKey)).toHaveLength(1);
  });

  it('starts one subscription, answered to every request (not 409 to the retries)', async () => {
    const [plan] = await app.db.query<{ id: number }>('SELECT id FROM plans WHERE active ORDER BY id LIMIT 1');
    const key = `race-subscription-${crypto.randomUUID()}`;
    const answers = await raceWrite('ADMIN', 'POST', 'subscriptions/', { client_id: mine, plan_id: plan!.id, cycle: 'monthly', starts_on: today }, key, 201);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await eventsWithKey('subscription', 'subscription_started', key)).toHaveLength(1);
    expect(await count('SELECT count(*)::integer AS count FROM subscriptions WHERE client_id = $1', [mine])).toBe(1);
  });

  it('invites a staff member once, every request answering that user', async () => {
    const email = `race-invite-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const key = `race-invite-${crypto.randomUUID()}`;
    const answers = await raceWrite('ADMIN', 'POST', 'users/', { email, display_name: 'Raced Invitee', role: 'BOOKKEEPER' }, key, 201);
    for (const answer of answers) expect(answer['user']).toEqual(answers[0]!['user']);
    expect(await count('SELECT count(*)::integer AS count FROM users WHERE email = $1', [email])).toBe(1);
  });

  it('issues one credit note against an invoice, answered to every request', async () => {
    const issued = await app.inject({ method: 'POST', url: '/api/invoices/', headers: auth(users.get('ADMIN')!.token), payload: { client_id: invoiceable, lines: [{ description: 'Bookkeeping (to credit)', quantity: 1, unit_fils: 100_000 }] } });
    const invoice = issued.json<{ id: number; version: number }>();
    const key = `race-credit-${crypto.randomUUID()}`;
    const answers = await raceWrite('ADMIN', 'POST', `invoices/${invoice.id}/credit-note`, { version: invoice.version, reason: 'Discount agreed after issue', net_fils: 1_000 }, key, 201);
    for (const answer of answers) expect(answer['id']).toEqual(answers[0]!['id']);
    expect(await eventsWithKey('invoice', 'credit_note_issued', key)).toHaveLength(1);
  });

  it('removes a leave day once: every duplicate answers as the first did, none 404', async () => {
    let day = addDays(today, 14);
    while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, 1);
    const bookkeeper = users.get('BOOKKEEPER')!.id;
    await app.db.query("INSERT INTO staff_leave_days (user_id, day, note, created_by) VALUES ($1, $2::date, 'Raced', $3)", [bookkeeper, day, users.get('ADMIN')!.id]);
    const key = `race-leave-${crypto.randomUUID()}`;
    const answers = await raceWrite('ADMIN', 'DELETE', `capacity/leave/${bookkeeper}/${day}`, undefined, key, 200);
    for (const answer of answers) expect(answer).toEqual({ user_id: bookkeeper, days: [day] });
    expect(await eventsWithKey('user', 'leave_removed', key)).toHaveLength(1);
  });
});
