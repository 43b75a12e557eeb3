/**
 * The freeze that holds everywhere: the approval gate's expiry items, every staff write for a frozen client
 * refused with 409 CLIENT_FROZEN while a chat reply goes through, the freeze on the Clients list, the client's
 * page and its invoices (held, no 'Retry now'), nothing of it in the client's own answers, a confirmed match
 * re-rating the risk and telling the client's team, and a lift that takes two people.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dubaiDate, formatIsoDate } from '../../../common/calendar.ts';
import type { Screening } from '../../../common/contract/aml.ts';
import type { ClientDetail, ClientListItem } from '../../../common/contract/clients.ts';
import type { InvoiceDetail, InvoiceListItem } from '../../../common/contract/invoices.ts';
import type { RegistrationReview, TimelineEvent } from '../../../common/contract/registrations.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { FROZEN_MESSAGE } from '../../../backend/src/lib/aml-freeze.ts';
import { createRecurringTasks } from '../../../backend/src/modules/tasks/index.ts';
import { createAmlDueTasks } from '../../../backend/src/modules/aml/due-tasks.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { DEMO_PASSWORD } from '../../../backend/src/demo/accounts.ts';
import { seedEmulatorAccounts } from '../../../scripts/lib/demo-accounts.ts';
import { auth, createUsers, signIn, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let secondAdmin: TestUser;
/** The demo's active client frozen by a confirmed match. */
let frozen: { client_id: number; registration_id: number; user_id: number; legal_name: string; bookkeeper_id: number; reviewer_id: number | null; client_user_id: number | null };

type Answer<T> = { status: number; body: T & { errorCode?: string; message?: string; field?: string } };

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown, as: Role | TestUser = 'ADMIN'): Promise<Answer<T>> {
  const token = typeof as === 'string' ? users.get(as)!.token : as.token;
  const response = await app.inject({ method, url: `/api/${url}`, headers: { ...auth(token), 'idempotency-key': crypto.randomUUID() }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json() };
}

const refusedByFreeze = { status: 409, body: { errorCode: 'CLIENT_FROZEN', message: FROZEN_MESSAGE } };

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'REVIEWER', 'BOOKKEEPER', 'BD_MANAGER'], 'aml-lift');
  secondAdmin = (await createUsers(app, emulatorHost, ['ADMIN'], 'aml-lift-second')).get('ADMIN')!;
  await app.db.query('UPDATE users SET compliance_officer = true WHERE email = $1', [users.get('ADMIN')!.email]);
  [frozen] = await app.db.query<typeof frozen>(
    `SELECT c.id AS client_id, r.id AS registration_id, r.user_id, c.legal_name, c.bookkeeper_id, c.reviewer_id, c.user_id AS client_user_id
     FROM clients c JOIN registrations r ON r.id = c.registration_id JOIN aml_files f ON f.registration_id = r.id WHERE f.frozen_at IS NOT NULL AND c.status = 'active' ORDER BY c.id LIMIT 1`,
  ) as [typeof frozen];
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the approval gate', () => {
  it('names an expired trade licence, a missing one and an expired passport, with their dates, and refuses the approval', async () => {
    const today = dubaiDate();
    const [registration] = await app.db.query<{ id: number; user_id: number }>(
      `SELECT r.id, r.user_id FROM registrations r JOIN aml_files f ON f.registration_id = r.id
       WHERE r.stage = 'documents_submitted' AND r.status = 'active' AND f.risk_level = 'low' AND f.frozen_at IS NULL
         AND (SELECT p.licence_expires_on FROM company_profiles p WHERE p.registration_id = r.id) > CURRENT_DATE
         AND NOT EXISTS (SELECT 1 FROM aml_parties x WHERE x.registration_id = r.id AND x.id_expires_on < CURRENT_DATE)
         AND EXISTS (SELECT 1 FROM registration_documents d WHERE d.registration_id = r.id AND d.kind = 'trade_licence') ORDER BY r.id LIMIT 1`,
    );
    const userId = registration!.user_id;
    expect((await call<Screening>('GET', `registrations/${userId}/screening`)).body.missing).toEqual([]);
    const expiredLicence = addDays(today, -176);
    await app.db.query('UPDATE company_profiles SET licence_expires_on = $2 WHERE registration_id = $1', [registration!.id, expiredLicence]);
    const expiredPassport = addDays(today, -3);
    await app.db.query("UPDATE aml_parties SET id_type = 'passport', id_number = 'P1234567', id_expires_on = $2 WHERE registration_id = $1", [registration!.id, expiredPassport]);
    const [party] = await app.db.query<{ name: string }>('SELECT name FROM aml_parties WHERE registration_id = $1', [registration!.id]);

    const screening = (await call<Screening>('GET', `registrations/${userId}/screening`)).body;
    const licenceItem = `Trade licence expired on ${formatIsoDate(expiredLicence)}: ask the client for the renewed one`;
    const passportItem = `Passport of ${party!.name} expired on ${formatIsoDate(expiredPassport)}: ask for the renewed one`;
    expect(screening.missing).toEqual([licenceItem, passportItem]);
    const review = (await call<RegistrationReview>('GET', `registrations/${userId}/review`)).body;
    const refused = await call('POST', `registrations/${userId}/approve`, { version: review.version });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(licenceItem);
    expect(refused.body.message).toContain(passportItem);

    await app.db.query("DELETE FROM registration_documents WHERE registration_id = $1 AND kind = 'trade_licence'", [registration!.id]);
    expect((await call<Screening>('GET', `registrations/${userId}/screening`)).body.missing).toContain('Trade licence missing: ask the client for it');
  });
});

describe('a frozen client', () => {
  it('is the demo\'s: frozen on the Clients list, on its page and on its registration\'s pages', async () => {
    expect(frozen).toBeDefined();
    const list = (await call<Page<ClientListItem>>('GET', `clients/?search=${encodeURIComponent(frozen.legal_name.toLowerCase())}`)).body;
    expect(list.results.find((row) => row.id === frozen.client_id)).toMatchObject({ frozen: true });
    expect((await call<Page<ClientListItem>>('GET', 'clients/?page_size=100')).body.results.filter((row) => row.frozen).map((row) => row.id)).toEqual([frozen.client_id]);
    expect((await call<ClientDetail>('GET', `clients/${frozen.client_id}`)).body.frozen).toMatchObject({ at: expect.any(String), lift_requested: null });
    expect((await call<RegistrationReview>('GET', `registrations/${frozen.user_id}/review`)).body.frozen).toMatchObject({ at: expect.any(String) });
  });

  it('refuses every staff write with 409 CLIENT_FROZEN: task create and start, request, subscription change, invoice issue, Retry now, e-invoice send; a chat reply goes through', async () => {
    const today = dubaiDate();
    const task = await call('POST', 'tasks/', { client_id: frozen.client_id, title: 'Prepare the VAT return', due_on: addDays(today, 5) });
    expect(task).toMatchObject(refusedByFreeze);
    const [open] = await app.db.query<{ id: number }>(
      "INSERT INTO tasks (client_id, title, description, due_on, priority, checklist, status) VALUES ($1, 'Reconcile the bank', '', $2, 'normal', '[]', 'to_do') RETURNING id",
      [frozen.client_id, addDays(today, 3)],
    );
    const [taskRow] = await app.db.query<{ version: number }>('SELECT version FROM tasks WHERE id = $1', [open!.id]);
    expect(await call('POST', `tasks/${open!.id}/status`, { status: 'in_progress', version: taskRow!.version })).toMatchObject(refusedByFreeze);

    const [type] = await app.db.query<{ id: number }>('SELECT id FROM request_types ORDER BY id LIMIT 1');
    const [request] = await app.db.query<{ id: number; version: number }>(
      "INSERT INTO service_requests (client_id, type_id, details, requested_by) VALUES ($1, $2, 'Audit support', $3) RETURNING id, version",
      [frozen.client_id, type!.id, frozen.client_user_id],
    );
    expect(await call('POST', `requests/${request!.id}/status`, { status: 'in_progress', version: request!.version })).toMatchObject(refusedByFreeze);
    expect(await call('POST', `requests/${request!.id}/assign`, { assignee_id: frozen.bookkeeper_id, version: request!.version })).toMatchObject(refusedByFreeze);

    const client = (await call<ClientDetail>('GET', `clients/${frozen.client_id}`)).body;
    const [plan] = await app.db.query<{ id: number }>('SELECT id FROM plans WHERE id <> $1 ORDER BY id LIMIT 1', [client.subscription!.plan.id]);
    expect(await call('POST', `subscriptions/${client.subscription!.id}/change`, { plan_id: plan!.id, cycle: client.subscription!.cycle, version: client.subscription!.version })).toMatchObject(refusedByFreeze);

    expect(await call('POST', 'invoices/', { client_id: frozen.client_id, lines: [{ description: 'Advisory', quantity: 1, unit_fils: 100_00 }] })).toMatchObject(refusedByFreeze);

    // Its invoices: one the sync left retrying long ago, and one with its e-invoice to send.
    const [invoice] = await app.db.query<{ id: number }>("SELECT id FROM invoices WHERE client_id = $1 ORDER BY id LIMIT 1", [frozen.client_id]);
    expect(invoice).toBeDefined();
    await app.db.query("UPDATE invoices SET sync_state = 'retrying', sync_tries = 2, next_try_at = now() - interval '3 days', last_error = 'Service unavailable', last_error_kind = 'server' WHERE id = $1", [invoice!.id]);
    const detail = (await call<InvoiceDetail>('GET', `invoices/${invoice!.id}`)).body;
    expect(detail).toMatchObject({ client_frozen: true, can_retry: false });
    expect((await call<Page<InvoiceListItem>>('GET', 'invoices/?page_size=100')).body.results.find((row) => row.id === invoice!.id)).toMatchObject({ client_frozen: true });
    expect(await call('POST', `invoices/${invoice!.id}/retry`, { version: detail.version })).toMatchObject(refusedByFreeze);
    const [stillDue] = await app.db.query<{ sync_state: string }>('SELECT sync_state FROM invoices WHERE id = $1', [invoice!.id]);
    expect(stillDue!.sync_state).toBe('retrying');

    await app.db.query(
      `INSERT INTO einvoices (invoice_id, uuid, xml, state) VALUES ($1, gen_random_uuid(), '<Invoice/>', 'rejected') ON CONFLICT (invoice_id) DO UPDATE SET state = 'rejected'`,
      [invoice!.id],
    );
    const [einvoice] = await app.db.query<{ version: number }>('SELECT version FROM einvoices WHERE invoice_id = $1', [invoice!.id]);
    expect(await call('POST', `invoices/${invoice!.id}/einvoice/send`, { version: einvoice!.version })).toMatchObject(refusedByFreeze);

    // A chat reply is not refused: the team keeps talking to the client as usual.
    await app.db.query('INSERT INTO conversations (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING', [frozen.client_id]);
    const [conversation] = await app.db.query<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [frozen.client_id]);
    const reply = await call('POST', `chats/${conversation!.id}/messages`, { body: 'Thank you, we are looking into it.' });
    expect(reply.status).toBe(201);
  });

  it('passes its recurring task templates by: the occurrence moves on and no task is made, so none piles up for the lift', async () => {
    const monthStart = `${dubaiDate().slice(0, 7)}-01`;
    const [template] = await app.db.query<{ id: number }>(
      `INSERT INTO task_templates (client_id, title, frequency, day_of_month, lead_days, next_occurrence_on)
       VALUES ($1, 'Monthly bookkeeping close', 'monthly', 28, 60, $2) RETURNING id`,
      [frozen.client_id, monthStart],
    );
    await createRecurringTasks(app.db);
    expect(await app.db.query('SELECT id FROM tasks WHERE template_id = $1', [template!.id])).toEqual([]);
    const [after] = await app.db.query<{ next: string }>("SELECT to_char(next_occurrence_on, 'YYYY-MM-DD') AS next FROM task_templates WHERE id = $1", [template!.id]);
    expect(after!.next > monthStart).toBe(true);
  });

  it('gets no AML review or expiry task while frozen: its items wait, unclaimed, for the lift', async () => {
    await app.db.query('UPDATE aml_files SET next_review_on = CURRENT_DATE WHERE registration_id = $1', [frozen.registration_id]);
    await createAmlDueTasks(app.db);
    expect(await app.db.query('SELECT item_key FROM aml_due_tasks WHERE registration_id = $1', [frozen.registration_id])).toEqual([]);
  });

  it('names the freeze nowhere the client sees: its own calls answer as usual and it is told nothing', async () => {
    // The registration's user (its onboarding side) and the client's user (its books' side), signed in as the client does.
    const signedIn = async (userId: number) => {
      const [user] = await app.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      await seedEmulatorAccounts(emulatorHost, TEST_PROJECT_ID, [{ email: user!.email, password: DEMO_PASSWORD, role: 'CLIENT', displayName: 'Frozen client' }]);
      return { email: user!.email, role: 'CLIENT' as const, token: await signIn(emulatorHost, user!.email) };
    };
    const registrant = await signedIn(frozen.user_id);
    const client = frozen.client_user_id === null ? null : frozen.client_user_id === frozen.user_id ? registrant : await signedIn(frozen.client_user_id);
    const said: string[] = [];
    const calls = [['me/registration', registrant], ['me/registration/parties', registrant], ...(client ? (['me/requests', 'me/invoices/', 'me/document-requests', 'me/chat'] as const).map((url) => [url, client] as const) : [])] as const;
    for (const [url, as] of calls) {
      const answer = await call<unknown>('GET', url, undefined, as);
      expect(answer.status, url).toBe(200);
      said.push(JSON.stringify(answer.body));
    }
    const [type] = await app.db.query<{ code: string }>('SELECT code FROM request_types ORDER BY id LIMIT 1');
    if (client) {
      const asked = await call<unknown>('POST', 'me/requests', { type: type!.code, details: 'Please prepare our VAT return.' }, client);
      expect(asked.status).toBe(201);
      said.push(JSON.stringify(asked.body));
    }
    const notices = await app.db.query<{ kind: string; title: string; body: string }>('SELECT kind, title, body FROM notifications WHERE user_id = ANY($1::integer[])', [[frozen.user_id, frozen.client_user_id]]);
    said.push(JSON.stringify(notices));
    expect(said.join('\n')).not.toMatch(/froz|freeze|sanction|goaml|KPi\.950/i);
  });
});

describe('lifting a freeze', () => {
  it('takes a compliance officer with a reason and a second person: the same person is 403, and the timeline shows both', async () => {
    const url = `registrations/${frozen.user_id}/freeze/lift`;
    let screening = (await call<Screening>('GET', `registrations/${frozen.user_id}/screening`)).body;
    const reason = 'The UN delisted KPi.950 on the Security Council\'s notice; verified with the committee.';
    expect((await call(`POST`, url, { version: screening.version, reason }, secondAdmin)).status).toBe(403);
    expect(await call('POST', url, { version: screening.version, reason: 'delisted' })).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(await call('POST', `registrations/${frozen.user_id}/freeze/lift/approve`, { version: screening.version }, 'REVIEWER')).toMatchObject({ status: 409 });

    screening = (await call<Screening>('POST', url, { version: screening.version, reason })).body;
    expect(screening.frozen?.lift_requested).toMatchObject({ by: { email: users.get('ADMIN')!.email }, reason });
    // Still frozen until the second person approves.
    expect((await call('POST', 'tasks/', { client_id: frozen.client_id, title: 'Prepare the VAT return', due_on: addDays(dubaiDate(), 5) })).body.errorCode).toBe('CLIENT_FROZEN');
    const approvers = await app.db.query<{ user_id: number }>("SELECT user_id FROM notifications WHERE kind = 'freeze_lift_requested'");
    expect(approvers.map((row) => row.user_id)).toContain((await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [secondAdmin.email]))[0]!.id);

    const approve = `registrations/${frozen.user_id}/freeze/lift/approve`;
    expect(await call('POST', approve, { version: screening.version })).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    expect((await call('POST', approve, { version: screening.version }, 'BOOKKEEPER')).status).toBe(403);
    expect((await call('POST', approve, { version: screening.version }, 'BD_MANAGER')).status).toBe(403);
    const lifted = await call<Screening>('POST', approve, { version: screening.version }, 'REVIEWER');
    expect(lifted.status).toBe(200);
    expect(lifted.body.frozen).toBeNull();

    expect((await call<ClientDetail>('GET', `clients/${frozen.client_id}`)).body.frozen).toBeNull();
    const task = await call('POST', 'tasks/', { client_id: frozen.client_id, title: 'Prepare the VAT return', due_on: addDays(dubaiDate(), 5) });
    expect(task.status).toBe(201);
    const timeline = (await call<TimelineEvent[]>('GET', `registrations/${frozen.user_id}/events`)).body;
    const kinds = timeline.map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['frozen', 'freeze_lift_requested', 'freeze_lifted']));
    expect(timeline.find((event) => event.kind === 'freeze_lifted')).toMatchObject({ actor: { email: users.get('REVIEWER')!.email }, data: { reason, requested_by: { email: users.get('ADMIN')!.email } } });
    const audit = await app.db.query<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'registration' AND entity_id = $1 AND kind LIKE 'freeze%' ORDER BY id", [frozen.registration_id]);
    expect(audit.map((row) => row.kind)).toEqual(['freeze_lift_requested', 'freeze_lifted']);
  });

  it('a match confirmed again freezes at once: risk high with the match as the reason, the bookkeeper, reviewer and ADMINs told, not the client', async () => {
    const [match] = await app.db.query<{ id: number }>("SELECT id FROM aml_matches WHERE registration_id = $1 AND state = 'confirmed' ORDER BY id LIMIT 1", [frozen.registration_id]);
    await app.db.query("UPDATE aml_matches SET state = 'potential', decided_by = NULL, decided_at = NULL, reason = NULL WHERE id = $1", [match!.id]);
    await app.db.query('UPDATE aml_files SET risk_level = \'low\', risk_score = 0, risk_factors = \'[]\' WHERE registration_id = $1', [frozen.registration_id]);
    await app.db.query("UPDATE clients SET reviewer_id = (SELECT id FROM users WHERE email = $2) WHERE id = $1", [frozen.client_id, users.get('REVIEWER')!.email]);
    const [{ max } = { max: 0 }] = await app.db.query<{ max: number }>('SELECT coalesce(max(id), 0)::integer AS max FROM notifications');
    const [version] = await app.db.query<{ version: number }>('SELECT version FROM aml_matches WHERE id = $1', [match!.id]);

    const decided = await call<Screening>('POST', `registrations/${frozen.user_id}/screening/${match!.id}/decide`, { version: version!.version, decision: 'confirmed', reason: 'Name and date of birth agree with the listing.' });
    expect(decided.status).toBe(200);
    expect(decided.body.frozen).toMatchObject({ reason: expect.stringContaining('KPi.950') });
    expect(decided.body.risk).toMatchObject({ level: 'high', factors: expect.arrayContaining([{ factor: 'Confirmed sanctions match', points: 10, detail: expect.stringContaining('KPi.950') }]) });

    const told = await app.db.query<{ user_id: number; role: string; kind: string; body: string }>(
      'SELECT n.user_id, u.role, n.kind, n.body FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.id > $1 ORDER BY n.id',
      [max],
    );
    const frozenNotices = told.filter((notice) => notice.kind === 'client_frozen');
    const reviewerId = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get('REVIEWER')!.email]))[0]!.id;
    expect(frozenNotices.map((notice) => notice.user_id)).toEqual(expect.arrayContaining([frozen.bookkeeper_id, reviewerId]));
    const admins = await app.db.query<{ id: number }>("SELECT id FROM users WHERE role = 'ADMIN' AND deactivated_at IS NULL AND email <> $1", [users.get('ADMIN')!.email]);
    expect(frozenNotices.map((notice) => notice.user_id)).toEqual(expect.arrayContaining(admins.map((admin) => admin.id)));
    expect(told.map((notice) => notice.user_id)).not.toContain(frozen.user_id);
    for (const notice of frozenNotices) expect(notice.body).not.toMatch(/KPi|UN list|Morozov/);

    const timeline = (await call<TimelineEvent[]>('GET', `registrations/${frozen.user_id}/events`)).body;
    expect(timeline.filter((event) => event.kind === 'frozen')).toHaveLength(2);
    expect((await call('POST', 'tasks/', { client_id: frozen.client_id, title: 'Prepare the VAT return', due_on: addDays(dubaiDate(), 5) })).body.errorCode).toBe('CLIENT_FROZEN');
  });
});
