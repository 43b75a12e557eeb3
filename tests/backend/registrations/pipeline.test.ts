/**
 * The onboarding pipeline's actions against the real back end (demo data seeded) and real emulator tokens:
 * every action per role (allowed, refused), each transition with its timeline event, status line and
 * notifications, 409 on a stale version, idempotent retries, the reminder and double-booking rules (also
 * under concurrency), the amounts in fils, the client's own submit, bad inputs, and one registration walked
 * from completed_registration to an active client with the nav counts read after every step.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkRemindResult, MyRegistration, RegistrationCounts, RegistrationListItem, RegistrationReview, TimelineEvent, UserStatusResponse } from '../../../common/contract/registrations.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { formatDubaiDateTime, formatDubaiDay, weekdayOf } from '../../../common/dubai-time.ts';
import { nextWorkingDay, publicHolidays } from '../../../common/uae-holidays.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { formatFils } from '../../../common/money.ts';
import { actionRoles, type Phase, PHASE_LABELS, phaseOf, PIPELINE_ACTIONS, type PipelineActionKey, type PipelineState, REQUIRED_DOCUMENTS, suggestedCallTime } from '../../../common/pipeline.ts';
import { cyclePrice } from '../../../common/pricing.ts';
import { CONFLICT_MESSAGE } from '../../../common/review.ts';
import { type Role, ROLES } from '../../../common/roles.ts';
import { makePdf } from '../../../backend/src/demo/files.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const ids = new Map<Role, number>();

type Caller = Role | TestUser;
const headers = (caller: Caller, key?: string) => ({
  ...auth(typeof caller === 'string' ? users.get(caller)!.token : caller.token),
  ...(key ? { 'idempotency-key': key } : {}),
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: Caller = 'ADMIN', body?: unknown, key?: string) =>
  app.inject({ method, url: `/api/${url}`, headers: headers(caller, key), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const review = async (userId: number) => (await call('GET', `registrations/${userId}/review`)).json<RegistrationReview>();
const timeline = async (userId: number) => (await call('GET', `registrations/${userId}/events`)).json<TimelineEvent[]>();
const counts = async () => (await call('GET', 'registrations/counts/')).json<RegistrationCounts>().counts;
const ok = (response: LightMyRequestResponse, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<RegistrationReview>();
};
const errorOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, ...response.json<{ errorCode: string; message: string; field?: string }>() });

/** A registration of the demo data in `phase` (and matching `where`), never handed out twice. */
const used = new Set<number>();
async function take(phase: Phase, where = 'TRUE'): Promise<number> {
  const rows = await app.db.query<PipelineState & { user_id: number }>(
    `SELECT r.user_id, r.stage, r.status, r.review_state, r.meeting_outcome,
            EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id AND p.approved_at IS NOT NULL) AS plan_approved
     FROM registrations r JOIN users u ON u.id = r.user_id WHERE u.email NOT LIKE '%@example.com' AND ${where} ORDER BY r.id`,
  );
  const next = rows.find((row) => phaseOf(row) === phase && !used.has(row.user_id));
  if (!next) throw new Error(`no ${phase} registration left in the demo data`);
  used.add(next.user_id);
  return next.user_id;
}

let fixtures = 0;
const run = Date.now().toString(36);
/**
 * A fresh registration at completed_registration or profile_verified with a company profile that passes the
 * checks unless told otherwise, owned by `owner` or by a new client user: the tests need more of these
 * than a demo shows.
 */
async function fixture(stage: 'completed_registration' | 'profile_verified', options: { owner?: TestUser; expiresOn?: string } = {}): Promise<number> {
  fixtures += 1;
  const [owner] = options.owner
    ? await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [options.owner.email])
    : await app.db.query<{ id: number }>("INSERT INTO users (email, display_name, role) VALUES ($1, $2, 'CLIENT') RETURNING id", [`fixture-${run}-${fixtures}@example.test`, `Fixture Owner ${fixtures}`]);
  const [registration] = await app.db.query<{ id: number }>(
    "INSERT INTO registrations (user_id, registration_id, legal_name, stage, status, status_label) VALUES ($1, $2, $3, $4, 'active', $5) RETURNING id",
    [owner!.id, `FIX-${run}-${fixtures}`, `Fixture ${fixtures} Trading LLC`, stage, PHASE_LABELS[stage]],
  );
  await app.db.query(
    `INSERT INTO company_profiles (registration_id, trade_licence_number, licensing_authority, legal_form, licence_issued_on, licence_expires_on, vat_registered, trn,
       contact_person, email, phone, address)
     VALUES ($1, 'CN-1234567', 'Mainland (DET)', 'Limited Liability Company (LLC)', '2025-01-10', $2, true, '100123456789012', 'Fixture Owner', $3, '+971 50 123 4567', 'Office 1, Business Bay, Dubai')`,
    [registration!.id, options.expiresOn ?? addDays(dubaiDate(Date.now()), 365), `accounts-${fixtures}@fixture.example.test`],
  );
  return owner!.id;
}

/** A start on the n-th working day from today (Dubai), at hh:mm Dubai time, with its offset. */
function slot(workingDaysAhead: number, hour: number, minute = 0): string {
  let day = dubaiDate(Date.now());
  for (let left = workingDaysAhead; left > 0; ) {
    day = addDays(day, 1);
    if (weekdayOf(day) <= 5) left -= 1;
  }
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+04:00`;
}

const meeting = (version: number, overrides: Record<string, unknown> = {}) => ({
  version,
  starts_at: slot(3, 10),
  duration_minutes: 30,
  host_id: ids.get('BD_EXEC')!,
  mode: 'video',
  link_or_location: 'https://meet.example.com/abc-defg',
  ...overrides,
});

const pdf = (title: string) => makePdf(title, ['Uploaded by the client']).toString('base64');
async function uploadRequired(client: TestUser): Promise<void> {
  for (const kind of REQUIRED_DOCUMENTS) {
    const response = await call('POST', 'me/registration/documents', client, { kind, file_name: `${kind}.pdf`, content_type: 'application/pdf', content_base64: pdf(kind) });
    expect(response.statusCode, response.body).toBe(201);
  }
}

/** The registration's booked call has begun (time is out of the tests' reach: the call is moved into the past). */
async function startCall(userId: number): Promise<void> {
  await app.db.query(
    `UPDATE registration_meetings SET starts_at = now() - interval '10 minutes', ends_at = now() + interval '20 minutes'
     WHERE id = (SELECT meeting_id FROM registrations WHERE user_id = $1)`,
    [userId],
  );
  await app.db.query("UPDATE registrations SET meeting_at = now() - interval '10 minutes' WHERE user_id = $1", [userId]);
}

const notificationsOf = (userId: number, kind: string) =>
  app.db.query<{ title: string; body: string; link: string | null }>('SELECT title, body, link FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id', [userId, kind]);

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'pipeline');
  for (const [role, user] of users) ids.set(role, (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
}, 120_000);
afterAll(() => app?.close());

describe('who may act', () => {
  /** Each action's route, with a body that is valid in shape. */
  const ROUTES: [PipelineActionKey, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
    ['remind', 'POST', 'remind', {}],
    ['verify_profile', 'POST', 'verify-profile', { version: 1 }],
    ['withdraw', 'POST', 'withdraw', { version: 1, reason: 'x' }],
    ['reinstate', 'POST', 'reinstate', { version: 1 }],
    ['book_meeting', 'PUT', 'meeting', { version: 1, starts_at: slot(3, 10), duration_minutes: 30, host_id: 1, mode: 'video', link_or_location: 'https://meet.example.com/x' }],
    ['cancel_meeting', 'DELETE', 'meeting', { version: 1, reason: 'x' }],
    ['mark_held', 'POST', 'meeting/outcome', { version: 1, outcome: 'held', notes: '' }],
    ['set_plan', 'PUT', 'plan', { version: 1, plan_id: 1, cycle: 'monthly', discount_percent: 0, note: '' }],
    ['approve_plan', 'POST', 'plan/approve', { version: 1 }],
    ['record_payment', 'POST', 'payment', { version: 1, amount_aed: '1.00', method: 'card', reference: 'x', paid_on: '2026-01-05' }],
    ['activate', 'POST', 'activate', { version: 1, bookkeeper_id: 1, reviewer_id: 1, starts_on: '2026-01-05' }],
  ];

  it.each(ROUTES)('%s: refused (403) to every role outside its page, never refused to the roles of it', async (key, method, path, body) => {
    // An activated registration: every allowed role gets past the guard and meets the machine's 409.
    const [{ user_id: userId } = { user_id: 0 }] = await app.db.query<{ user_id: number }>("SELECT user_id FROM registrations WHERE stage = 'account_activated' ORDER BY id LIMIT 1");
    const before = await review(userId);
    for (const role of ROLES) {
      const response = await call(method, `registrations/${userId}/${path}`, role, body);
      if (actionRoles(key).includes(role)) expect(response.statusCode, `${role} ${response.body}`).not.toBe(403);
      else expect(errorOf(response), role).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
    }
    expect(await review(userId)).toEqual(before);
  });

  it('keeps the client to its own submit: staff are refused it, and its action never reaches another registration', async () => {
    for (const role of ROLES.filter((role) => role !== 'CLIENT')) expect((await call('POST', 'me/registration/submit', role, {})).statusCode, role).toBe(403);
    const [client] = [...(await createUsers(app, emulatorHost, ['CLIENT'], 'pipeline-own')).values()];
    const mine = await fixture('profile_verified', { owner: client! });
    const booked = ok(await call('PUT', `registrations/${mine}/meeting`, 'BD_EXEC', meeting((await review(mine)).version, { starts_at: slot(11, 9) })));
    await startCall(mine);
    ok(await call('POST', `registrations/${mine}/meeting/outcome`, 'BD_EXEC', { version: booked.version, outcome: 'held', notes: '' }));
    const other = await take('awaiting_documents');
    const otherBefore = await review(other);
    await uploadRequired(client!);
    const submitted = await call('POST', 'me/registration/submit', client!, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<MyRegistration>()).toMatchObject({ stage: 'documents_submitted', phase: 'due_diligence', missing_documents: [] });
    expect((await review(mine)).phase).toBe('due_diligence');
    expect(await review(other)).toEqual(otherBefore);
    // Submitted once: a second submit is a conflict, not a second move.
    expect(errorOf(await call('POST', 'me/registration/submit', client!, {}))).toMatchObject({ status: 409, message: PIPELINE_ACTIONS.submit_documents.notNow });
  });
});

describe('reminders', () => {
  it('notify the client once per 24 hours; a second is 409 saying when the next may go; a retry replays', async () => {
    const userId = await take('signed_up', 'r.last_reminded_at IS NULL');
    const sent = ok(await call('POST', `registrations/${userId}/remind`, 'BD_EXEC', {}, `remind-${userId}`));
    expect(sent.last_reminded_at).not.toBeNull();
    expect(Date.parse(sent.next_reminder_at!) - Date.parse(sent.last_reminded_at!)).toBe(24 * 3_600_000);
    expect((await notificationsOf(userId, 'reminded')).map((row) => [row.title, row.link])).toEqual([['A reminder from our onboarding team', null]]);
    // The same request retried: replayed, not refused, and nothing sent twice.
    expect((await call('POST', `registrations/${userId}/remind`, 'BD_EXEC', {}, `remind-${userId}`)).statusCode).toBe(200);
    const again = errorOf(await call('POST', `registrations/${userId}/remind`, 'BD_MANAGER', {}));
    expect(again).toMatchObject({ status: 409, errorCode: 'CONFLICT' });
    expect(again.message).toMatch(/the next one can be sent after \d{2}-\w{3}-\d{4} \d{1,2}:\d{2} [AP]M \(Dubai time\)\.$/);
    expect(await notificationsOf(userId, 'reminded')).toHaveLength(1);
    expect((await timeline(userId)).filter((event) => event.kind === 'reminded')).toHaveLength(1);
    // A reminder changes no decision: the version others hold stays valid.
    expect(sent.version).toBe((await review(userId)).version);
  });

  it('go in bulk with a result per row, and refuse a phase where the client has nothing to do', async () => {
    const fresh = await fixture('completed_registration');
    const [recent] = await app.db.query<{ user_id: number }>("SELECT user_id FROM registrations WHERE last_reminded_at > now() - interval '24 hours' ORDER BY id LIMIT 1");
    const plan = await take('plan_approval', 'EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id)');
    const body = { user_ids: [fresh, recent!.user_id, 2_000_000_000, plan] };
    const response = await call('POST', 'registrations/remind/', 'BD_MANAGER', body, 'bulk-1');
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<BulkRemindResult>();
    expect(results.map((row) => [row.id, row.status])).toEqual([
      [fresh, 200],
      [recent!.user_id, 409],
      [2_000_000_000, 404],
      [plan, 409],
    ]);
    expect(results[0]!.last_reminded_at).not.toBeNull();
    expect(results[3]!.message).toBe(PIPELINE_ACTIONS.remind.notNow);
    const retry = (await call('POST', 'registrations/remind/', 'BD_MANAGER', body, 'bulk-1')).json<BulkRemindResult>();
    expect(retry.results.map((row) => row.status)).toEqual([200, 409, 404, 409]);
    expect(await notificationsOf(fresh, 'reminded')).toHaveLength(1);
    expect(errorOf(await call('POST', 'registrations/remind/', 'BD_MANAGER', { user_ids: [] }))).toMatchObject({ status: 400, field: 'user_ids' });
    expect(errorOf(await call('POST', 'registrations/remind/', 'BD_MANAGER', { user_ids: Array.from({ length: 101 }, (_, index) => index + 1) }))).toMatchObject({ status: 400, field: 'user_ids' });
  });
});

describe('verifying the profile', () => {
  it('shows the checks, refuses a failing one without an override reason, and records the override', async () => {
    const userId = await fixture('completed_registration', { expiresOn: addDays(dubaiDate(Date.now()), -75) });
    const before = await review(userId);
    expect(before.profile_checks.find((check) => check.key === 'licence_valid')).toMatchObject({ passed: false, detail: expect.stringMatching(/^Expired on .* days ago\)$/) });
    const refused = errorOf(await call('POST', `registrations/${userId}/verify-profile`, 'BD_EXEC', { version: before.version }));
    expect(refused).toMatchObject({ status: 400, errorCode: 'INVALID_INPUT', field: 'override_reason' });
    expect(refused.message).toContain('trade licence not expired');
    const blank = errorOf(await call('POST', `registrations/${userId}/verify-profile`, 'BD_EXEC', { version: before.version, override_reason: '   ' }));
    expect(blank.field).toBe('override_reason');

    const reason = 'Renewal receipt seen; renewed licence promised with the documents.';
    const after = ok(await call('POST', `registrations/${userId}/verify-profile`, 'BD_EXEC', { version: before.version, override_reason: reason }));
    expect(after).toMatchObject({ stage: 'profile_verified', phase: 'profile_verified', status_label: 'Awaiting Meeting', version: before.version + 1, queue: 'registrations' });
    expect(after.verification).toMatchObject({ verified_by: { id: ids.get('BD_EXEC') }, override_reason: reason });
    expect(after.reached_at.profile_verified).toEqual(expect.any(String));
    const events = (await timeline(userId)).slice(-2);
    expect(events.map((event) => event.kind)).toEqual(['verified', 'stage_reached']);
    expect(events[0]).toMatchObject({ actor: { id: ids.get('BD_EXEC') }, data: { override_reason: reason } });
    const status = (await call('GET', `users/${userId}/status`)).json<UserStatusResponse>();
    expect(status.current_status.at(-1)?.status_text).toBe('Profile verified by the onboarding team');
    // The page that books the call hears of it; the client too.
    expect(await notificationsOf(ids.get('BD_MANAGER')!, 'verified')).toContainEqual(expect.objectContaining({ title: 'Profile verified: book the call', link: expect.stringMatching(/step=profile_verified$/) }));
    expect(await notificationsOf(ids.get('BD_EXEC')!, 'verified')).toEqual([]);
    expect(await notificationsOf(userId, 'verified')).toHaveLength(1);
  });

  it('verifies a profile that passes without an override, keeping no reason', async () => {
    const userId = await fixture('completed_registration');
    const before = await review(userId);
    expect(before.profile_checks.every((check) => check.passed)).toBe(true);
    const after = ok(await call('POST', `registrations/${userId}/verify-profile`, 'ADMIN', { version: before.version, override_reason: 'not needed' }));
    expect(after.verification?.override_reason).toBeNull();
  });

  it('refuses a stale version (409) and a registration past the step (409 saying so)', async () => {
    const userId = await fixture('completed_registration');
    const { version } = await review(userId);
    ok(await call('POST', `registrations/${userId}/withdraw`, 'BD_EXEC', { version, reason: 'Client asked to wait' }));
    expect(errorOf(await call('POST', `registrations/${userId}/verify-profile`, 'BD_EXEC', { version, override_reason: 'x' }))).toEqual({ status: 409, errorCode: 'CONFLICT', message: CONFLICT_MESSAGE });
    expect(errorOf(await call('POST', `registrations/${userId}/verify-profile`, 'BD_EXEC', { version: version + 1, override_reason: 'x' }))).toMatchObject({
      status: 409,
      message: PIPELINE_ACTIONS.verify_profile.notNow,
    });
  });
});

describe('withdraw and reinstate', () => {
  it('takes the registration off every queue under a Withdrawn chip and brings it back where it was', async () => {
    const userId = await take('returned');
    const before = await review(userId);
    const start = await counts();
    expect(errorOf(await call('POST', `registrations/${userId}/withdraw`, 'BD_EXEC', { version: before.version, reason: '  ' }))).toMatchObject({ status: 400, field: 'reason' });
    const withdrawn = ok(await call('POST', `registrations/${userId}/withdraw`, 'BD_EXEC', { version: before.version, reason: 'Company is being sold' }));
    expect(withdrawn).toMatchObject({ status: 'inactive', phase: 'withdrawn', status_label: 'Withdrawn', queue: null, withdrawal: { reason: 'Company is being sold', withdrawn_by: { id: ids.get('BD_EXEC') } } });
    expect((await counts()).registrations).toBe(start.registrations! - 1);
    const list = (await call('GET', 'registrations/?status=inactive&page_size=100&sort=-date_joined')).json<Page<RegistrationListItem>>();
    expect(list.results.find((item) => item.id === userId)).toMatchObject({ status: 'Withdrawn', phase: 'withdrawn' });
    // Off every queue: no action of a queue applies.
    expect(errorOf(await call('POST', `registrations/${userId}/remind`, 'BD_EXEC', {}))).toMatchObject({ status: 409 });

    const back = ok(await call('POST', `registrations/${userId}/reinstate`, 'BD_MANAGER', { version: withdrawn.version }));
    expect(back).toMatchObject({ status: 'active', stage: before.stage, review_state: 'returned', phase: 'returned', status_label: 'Returned for Correction', queue: 'registrations', withdrawal: null });
    expect((await counts()).registrations).toBe(start.registrations);
    expect((await timeline(userId)).slice(-2).map((event) => [event.kind, event.data])).toEqual([
      ['withdrawn', { reason: 'Company is being sold', cancelled_meeting_id: null, payment: null, payment_fate: null }],
      ['reinstated', {}],
    ]);
  });

  it('cancels a booked call with it, freeing the host, and comes back waiting for a new booking', async () => {
    const userId = await fixture('profile_verified');
    const { version } = await review(userId);
    const booked = ok(await call('PUT', `registrations/${userId}/meeting`, 'BD_EXEC', meeting(version, { starts_at: slot(4, 9), host_id: ids.get('BD_MANAGER') })));
    const withdrawn = ok(await call('POST', `registrations/${userId}/withdraw`, 'ADMIN', { version: booked.version, reason: 'No longer needed' }));
    expect(withdrawn).toMatchObject({ stage: 'profile_verified', meeting: null, meeting_at: null });
    const [call_] = await app.db.query<{ status: string }>('SELECT status FROM registration_meetings WHERE id = $1', [booked.meeting!.id]);
    expect(call_!.status).toBe('cancelled');
    expect(await notificationsOf(ids.get('BD_MANAGER')!, 'withdrawn')).toContainEqual(expect.objectContaining({ title: 'Onboarding call cancelled' }));
    // The slot is free again for another registration.
    const other = await fixture('profile_verified');
    ok(await call('PUT', `registrations/${other}/meeting`, 'BD_EXEC', meeting((await review(other)).version, { starts_at: slot(4, 9), host_id: ids.get('BD_MANAGER') })));
    const back = ok(await call('POST', `registrations/${userId}/reinstate`, 'ADMIN', { version: withdrawn.version }));
    expect(back).toMatchObject({ phase: 'profile_verified', status_label: 'Awaiting Meeting' });
  });
});

describe('a paid registration, and the stages a role may open', () => {
  it('lets a BD_EXEC read and withdraw only at the stages of its own pages; elsewhere 404 as for another\'s record', async () => {
    for (const phase of ['due_diligence', 'plan_approval', 'awaiting_payment', 'activation'] as const) {
      const userId = await take(phase, 'EXISTS (SELECT 1 FROM registration_documents d WHERE d.registration_id = r.id)');
      const { version, documents } = await review(userId);
      expect(documents.length, phase).toBeGreaterThan(0);
      expect(errorOf(await call('GET', `registrations/${userId}/review`, 'BD_EXEC')), phase).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
      expect((await call('GET', `registrations/${userId}/documents/${documents[0]!.id}`, 'BD_EXEC')).statusCode, phase).toBe(404);
      expect((await call('GET', `users/${userId}/status`, 'BD_EXEC')).statusCode, phase).toBe(404);
      expect(errorOf(await call('POST', `registrations/${userId}/withdraw`, 'BD_EXEC', { version, reason: 'Client went quiet' })), phase).toMatchObject({ status: 404 });
      expect((await review(userId)).status, phase).toBe('active');
      expect((await call('GET', `registrations/${userId}/review`, 'BD_MANAGER')).statusCode, phase).toBe(200);
      // Nothing changed: the registration stays for the other tests.
      used.delete(userId);
    }
    const own = await take('profile_verified');
    used.delete(own);
    expect((await call('GET', `registrations/${own}/review`, 'BD_EXEC')).statusCode).toBe(200);
  });

  it('takes a BD manager\'s withdrawal of a paid registration only naming the payment and what becomes of it, on the timeline and in the record', async () => {
    const userId = await take('activation', 'EXISTS (SELECT 1 FROM registration_payments p WHERE p.registration_id = r.id)');
    const before = await review(userId);
    const payment = before.payment!;
    const url = `registrations/${userId}/withdraw`;
    const body = { version: before.version, reason: 'The client closed the company' };
    expect(errorOf(await call('POST', url, 'BD_MANAGER', body))).toMatchObject({ status: 400, field: 'payment_reference' });
    expect(errorOf(await call('POST', url, 'BD_MANAGER', { ...body, payment_reference: 'NOT-IT', payment_fate: 'refund' }))).toMatchObject({ status: 400, field: 'payment_reference' });
    const noFate = errorOf(await call('POST', url, 'BD_MANAGER', { ...body, payment_reference: payment.reference }));
    expect(noFate).toMatchObject({ status: 400, field: 'payment_fate' });
    expect(noFate.message).toContain(formatFils(payment.amount_fils));
    const withdrawn = ok(await call('POST', url, 'BD_MANAGER', { ...body, payment_reference: payment.reference, payment_fate: 'refund' }));
    const mention = { amount_fils: payment.amount_fils, method: payment.method, reference: payment.reference, paid_on: payment.paid_on };
    expect(withdrawn).toMatchObject({ phase: 'withdrawn', withdrawal: { reason: body.reason, withdrawn_by: { id: ids.get('BD_MANAGER') }, payment: mention, payment_fate: 'refund' } });
    expect((await timeline(userId)).at(-1)).toMatchObject({ kind: 'withdrawn', data: { payment: mention, payment_fate: 'refund' } });
    // Reinstating it stays with the Activation page's roles.
    expect((await call('POST', `registrations/${userId}/reinstate`, 'BD_EXEC', { version: withdrawn.version })).statusCode).toBe(404);
  });

  it('refuses a payment\'s fate where no payment is recorded', async () => {
    const userId = await take('plan_approval');
    const { version } = await review(userId);
    expect(errorOf(await call('POST', `registrations/${userId}/withdraw`, 'ADMIN', { version, reason: 'x', payment_fate: 'credit' }))).toMatchObject({ status: 400, field: 'payment_fate' });
    used.delete(userId);
  });
});

describe('the onboarding call', () => {
  it('books in Dubai time, moves to Call Schedule, notifies host and client, downloads as .ics, reschedules in place', async () => {
    const userId = await fixture('profile_verified');
    const before = await review(userId);
    const start = await counts();
    const startsAt = slot(5, 14, 30);
    const booked = ok(await call('PUT', `registrations/${userId}/meeting`, 'BD_MANAGER', meeting(before.version, { starts_at: startsAt, duration_minutes: 45 }), `book-${userId}`));
    expect(booked).toMatchObject({ stage: 'meeting_scheduled', phase: 'call_booked', status_label: 'Meeting Scheduled', queue: 'call-schedules' });
    expect(booked.meeting).toMatchObject({ starts_at: new Date(startsAt).toISOString(), duration_minutes: 45, host: { id: ids.get('BD_EXEC') }, mode: 'video', status: 'scheduled', sequence: 0 });
    expect(booked.meeting_at).toBe(new Date(startsAt).toISOString());
    // Retried with its key: one call, one event.
    expect((await call('PUT', `registrations/${userId}/meeting`, 'BD_MANAGER', meeting(before.version, { starts_at: startsAt, duration_minutes: 45 }), `book-${userId}`)).statusCode).toBe(200);
    expect((await timeline(userId)).filter((event) => event.kind === 'meeting_booked')).toHaveLength(1);
    expect(await counts()).toMatchObject({ registrations: start.registrations! - 1, 'call-schedules': start['call-schedules']! + 1 });
    const host = await notificationsOf(ids.get('BD_EXEC')!, 'meeting_booked');
    expect(host.at(-1)?.body).toContain('(Dubai time)');
    expect(await notificationsOf(userId, 'meeting_booked')).toHaveLength(1);

    const mine = (await call('GET', `registrations/?queue=call-schedules&host_id=${ids.get('BD_EXEC')}&sort=call_schedule&page_size=100`)).json<Page<RegistrationListItem>>();
    expect(mine.results.map((item) => item.id)).toContain(userId);
    expect(mine.results.every((item) => item.meeting_host_id === ids.get('BD_EXEC'))).toBe(true);
    expect(mine.results.find((item) => item.id === userId)).toMatchObject({ meeting_mode: 'video', meeting_outcome: null, meeting_ends_at: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(), meeting_host: 'Test BD_EXEC' });

    const ics = await call('GET', `registrations/${userId}/meeting/calendar`, 'REVIEWER');
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="onboarding-call-${booked.registration_id}\\.ics"`));
    const lines = ics.body.split('\r\n');
    expect(lines).toEqual(expect.arrayContaining(['BEGIN:VEVENT', `DTSTART:${new Date(startsAt).toISOString().replace(/[-:]/g, '').replace('.000', '')}`, 'SEQUENCE:0', 'STATUS:CONFIRMED', 'URL:https://meet.example.com/abc-defg']));
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect((await call('GET', `registrations/${userId}/meeting/calendar`, 'HR_MANAGER')).statusCode).toBe(403);

    const moved = ok(await call('PUT', `registrations/${userId}/meeting`, 'BD_EXEC', meeting(booked.version, { starts_at: slot(5, 16), mode: 'office', link_or_location: 'Office 1204, Business Bay' })));
    expect(moved.meeting).toMatchObject({ id: booked.meeting!.id, mode: 'office', sequence: 1 });
    expect((await timeline(userId)).at(-1)).toMatchObject({ kind: 'meeting_rescheduled', data: { previous: { id: booked.meeting!.id, starts_at: new Date(startsAt).toISOString() } } });
    expect((await call('GET', `registrations/${userId}/meeting/calendar`)).body).toContain('SEQUENCE:1');
  });

  it('never double-books a host: an overlapping call is 409 naming the other one; touching end to start is fine', async () => {
    const first = await fixture('profile_verified');
    const second = await fixture('profile_verified');
    const host = { host_id: ids.get('ADMIN') };
    const booked = ok(await call('PUT', `registrations/${first}/meeting`, 'BD_EXEC', meeting((await review(first)).version, { ...host, starts_at: slot(6, 11), duration_minutes: 60 })));
    const clash = errorOf(await call('PUT', `registrations/${second}/meeting`, 'BD_EXEC', meeting((await review(second)).version, { ...host, starts_at: slot(6, 11, 45) })));
    expect(clash).toMatchObject({ status: 409, errorCode: 'CONFLICT' });
    expect(clash.message).toContain(`already has a call from 11:00 AM to 12:00 PM`);
    expect(clash.message).toContain(`with ${booked.legal_name} (${booked.registration_id})`);
    ok(await call('PUT', `registrations/${second}/meeting`, 'BD_EXEC', meeting((await review(second)).version, { ...host, starts_at: slot(6, 12) })));
    // Rescheduling a call over its own old time is no clash.
    ok(await call('PUT', `registrations/${first}/meeting`, 'BD_EXEC', meeting(booked.version, { ...host, starts_at: slot(6, 11, 15), duration_minutes: 45 })));
  });

  it('lets exactly one of two simultaneous bookings of the same host slot through', async () => {
    const [a, b] = [await fixture('profile_verified'), await fixture('profile_verified')];
    const [va, vb] = [(await review(a)).version, (await review(b)).version];
    const body = (version: number) => meeting(version, { host_id: ids.get('BD_MANAGER'), starts_at: slot(7, 15) });
    const answers = await Promise.all([call('PUT', `registrations/${a}/meeting`, 'BD_EXEC', body(va)), call('PUT', `registrations/${b}/meeting`, 'ADMIN', body(vb))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM registration_meetings WHERE host_id = $1 AND status = 'scheduled' AND starts_at = $2",
      [ids.get('BD_MANAGER'), new Date(slot(7, 15))],
    );
    expect(count).toBe(1);
  });

  it("refuses a time in the past, a weekend, outside office hours, a bad duration, a host who does not host, a link that does not fit the mode", async () => {
    const userId = await fixture('profile_verified');
    const { version } = await review(userId);
    let saturday = dubaiDate(Date.now() + 86_400_000);
    while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ starts_at: new Date(Date.now() - 3_600_000).toISOString() }, 'starts_at'],
      [{ starts_at: `${saturday}T10:00:00+04:00` }, 'starts_at'],
      [{ starts_at: slot(2, 19, 45) }, 'starts_at'],
      [{ starts_at: slot(2, 7, 30) }, 'starts_at'],
      [{ starts_at: 'tomorrow at ten' }, 'starts_at'],
      [{ duration_minutes: 10 }, 'duration_minutes'],
      [{ duration_minutes: 121 }, 'duration_minutes'],
      [{ host_id: ids.get('REVIEWER') }, 'host_id'],
      [{ host_id: 2_000_000_000 }, 'host_id'],
      [{ link_or_location: 'http://meet.example.com/x' }, 'link_or_location'],
      [{ mode: 'phone', link_or_location: 'call me' }, 'link_or_location'],
      [{ mode: 'carrier-pigeon' }, 'mode'],
      [{ link_or_location: 'x'.repeat(501) }, 'link_or_location'],
    ];
    for (const [overrides, field] of cases) {
      const answer = errorOf(await call('PUT', `registrations/${userId}/meeting`, 'BD_EXEC', meeting(version, overrides)));
      expect(answer, JSON.stringify(overrides)).toMatchObject({ status: 400, errorCode: 'INVALID_INPUT', field });
    }
    expect((await review(userId)).phase).toBe('profile_verified');
  });

  it('refuses a UAE public holiday by its name, offering the next working day; names the phone field as the form labels it', async () => {
    const userId = await fixture('profile_verified');
    const { version } = await review(userId);
    // New Year's Day 2027 is a Friday: a working weekday, but a public holiday (common/uae-holidays.ts).
    const holiday = publicHolidays(2027).find((day) => day.date === '2027-01-01')!;
    const refused = errorOf(await call('PUT', `registrations/${userId}/meeting`, 'BD_EXEC', meeting(version, { starts_at: '2027-01-01T10:00:00+04:00' })));
    expect(refused).toMatchObject({ status: 400, field: 'starts_at' });
    expect(refused.message).toContain(holiday.name);
    expect(refused.message).toContain(formatDubaiDay(nextWorkingDay('2027-01-01')));
    const phone = errorOf(await call('PUT', `registrations/${userId}/meeting`, 'BD_EXEC', meeting(version, { mode: 'phone', link_or_location: 'call me' })));
    expect(phone).toMatchObject({ status: 400, field: 'link_or_location' });
    expect(phone.message).toMatch(/^Phone number must be/);
  });

  it('marks a call held (documents requested from the client) or missed (only once it started), and cancels', async () => {
    const held = await fixture('profile_verified');
    const bookedHeld = ok(await call('PUT', `registrations/${held}/meeting`, 'BD_EXEC', meeting((await review(held)).version, { starts_at: slot(8, 9) })));
    const tooLong = errorOf(await call('POST', `registrations/${held}/meeting/outcome`, 'BD_EXEC', { version: bookedHeld.version, outcome: 'held', notes: 'x'.repeat(10_240) }));
    expect(tooLong).toMatchObject({ status: 400, field: 'notes' });
    const early = errorOf(await call('POST', `registrations/${held}/meeting/outcome`, 'BD_EXEC', { version: bookedHeld.version, outcome: 'no_show', notes: '' }));
    expect(early).toMatchObject({ status: 409, message: expect.stringContaining('cannot miss it before then') });
    // Nor held before its time: the timeline would say it was held before it started.
    const heldEarly = errorOf(await call('POST', `registrations/${held}/meeting/outcome`, 'BD_MANAGER', { version: bookedHeld.version, outcome: 'held', notes: '' }));
    expect(heldEarly).toMatchObject({ status: 409, message: expect.stringContaining('it can be marked held once it has started') });
    // What it offers instead is a time booking takes (a future working-day slot), never one in the past.
    expect(heldEarly.message).toContain(`such as ${formatDubaiDateTime(suggestedCallTime())} (Dubai time)`);
    expect(heldEarly.message).not.toContain('when it was held');
    await startCall(held);
    const marked = ok(await call('POST', `registrations/${held}/meeting/outcome`, 'BD_MANAGER', { version: bookedHeld.version, outcome: 'held', notes: 'Scope agreed: bookkeeping and VAT.' }));
    expect(marked).toMatchObject({ phase: 'awaiting_documents', status_label: 'Awaiting Documents', queue: 'call-schedules', meeting: { status: 'held', outcome_notes: 'Scope agreed: bookkeeping and VAT.', outcome_by: { id: ids.get('BD_MANAGER') } } });
    expect(marked.requested_on).not.toBeNull();
    const [asked] = await notificationsOf(held, 'meeting_held');
    expect(asked?.body).toContain('Trade licence, Passport, Emirates ID');
    expect(errorOf(await call('DELETE', `registrations/${held}/meeting`, 'BD_MANAGER', { version: marked.version, reason: 'x' }))).toMatchObject({ status: 409 });

    const missed = await fixture('profile_verified');
    const bookedMissed = ok(await call('PUT', `registrations/${missed}/meeting`, 'BD_EXEC', meeting((await review(missed)).version, { starts_at: slot(8, 11) })));
    // The call's time has come (time is out of the test's reach: the row is moved into the past).
    await app.db.query("UPDATE registration_meetings SET starts_at = now() - interval '1 hour', ends_at = now() - interval '30 minutes' WHERE id = $1", [bookedMissed.meeting!.id]);
    const list = (await call('GET', 'registrations/?queue=call-schedules&sort=call_schedule&page_size=100')).json<Page<RegistrationListItem>>();
    // Past calls waiting for their outcome come first, then the upcoming ones, soonest first.
    const needing = list.results.filter((item) => item.meeting_outcome === null && Date.parse(item.meeting_ends_at!) <= Date.now());
    expect(needing.map((item) => item.id)).toContain(missed);
    expect(list.results.slice(0, needing.length)).toEqual(needing);
    const upcoming = list.results.filter((item) => item.meeting_outcome === null && Date.parse(item.meeting_ends_at!) > Date.now());
    expect(list.results.slice(needing.length, needing.length + upcoming.length)).toEqual(upcoming);
    expect(upcoming.map((item) => item.meeting_at)).toEqual([...upcoming.map((item) => item.meeting_at)].sort());
    const noShow = ok(await call('POST', `registrations/${missed}/meeting/outcome`, 'BD_EXEC', { version: bookedMissed.version, outcome: 'no_show', notes: '' }));
    expect(noShow).toMatchObject({ phase: 'no_show', status_label: 'No Show', queue: 'call-schedules' });
    // A missed call is rebooked as a new call; the missed one stays on record.
    const rebooked = ok(await call('PUT', `registrations/${missed}/meeting`, 'BD_EXEC', meeting(noShow.version, { starts_at: slot(9, 9) })));
    expect(rebooked).toMatchObject({ phase: 'call_booked', meeting: { status: 'scheduled' } });
    expect(rebooked.meeting!.id).not.toBe(bookedMissed.meeting!.id);
    const cancelled = ok(await call('DELETE', `registrations/${missed}/meeting`, 'BD_EXEC', { version: rebooked.version, reason: 'Client will call back' }));
    expect(cancelled).toMatchObject({ stage: 'profile_verified', phase: 'profile_verified', meeting: null, queue: 'registrations' });
    expect((await timeline(missed)).slice(-1)[0]).toMatchObject({ kind: 'meeting_cancelled', data: { reason: 'Client will call back', meeting: { id: rebooked.meeting!.id } } });
  });
});

describe('plan and payment', () => {
  it('prices the plan in fils with the cycle and the negotiated discount; above 15 % needs ADMIN; unknown plans refused', async () => {
    const userId = await take('plan_approval', 'NOT EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id)');
    const { version } = await review(userId);
    const [growth] = await app.db.query<{ id: number; monthly_price_fils: number; name: string }>("SELECT id, monthly_price_fils, name FROM plans WHERE code = 'growth'");
    const body = { version, plan_id: growth!.id, cycle: 'quarterly', discount_percent: 12.5, note: 'Two-year commitment' };
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, discount_percent: 20 }))).toMatchObject({ status: 400, field: 'discount_percent' });
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, discount_percent: 12.345 }))).toMatchObject({ status: 400, field: 'discount_percent' });
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, discount_percent: -1 }))).toMatchObject({ status: 400, field: 'discount_percent' });
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, note: ' ' }))).toMatchObject({ status: 400, field: 'note' });
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, plan_id: 999_999 }))).toMatchObject({ status: 400, field: 'plan_id' });
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, cycle: 'weekly' }))).toMatchObject({ status: 400, field: 'cycle' });
    expect(errorOf(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { ...body, note: 'x'.repeat(10_240) }))).toMatchObject({ status: 400, field: 'note' });

    const set = ok(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', body));
    const { cycle_discount_fils: _cycle, negotiated_discount_fils: _negotiated, ...price } = cyclePrice(growth!.monthly_price_fils, 'quarterly', 1_250);
    expect(set.plan).toMatchObject({ plan_id: growth!.id, cycle: 'quarterly', discount_bp: 1_250, ...price, approved_at: null, note: 'Two-year commitment' });
    expect(Number.isInteger(set.plan!.vat_fils) && set.plan!.total_fils === set.plan!.net_fils + set.plan!.vat_fils).toBe(true);
    expect(set).toMatchObject({ phase: 'plan_approval', plan_name: growth!.name, plan_amount_aed: `${Math.floor(price.total_fils / 100)}.${String(price.total_fils % 100).padStart(2, '0')}` });
    const listed = (await call('GET', 'registrations/?queue=pending-payments&page_size=100')).json<Page<RegistrationListItem>>().results.find((item) => item.id === userId);
    expect(listed).toMatchObject({ plan_cycle: 'quarterly', plan_total_fils: price.total_fils, status: 'Pending Plan Approval' });

    const admin = ok(await call('PUT', `registrations/${userId}/plan`, 'ADMIN', { ...body, version: set.version, discount_percent: 25 }));
    expect(admin.plan?.discount_bp).toBe(2_500);
  });

  it('needs a second person to approve a negotiated discount above 10 %, and carries the discount\'s reason to the subscription', async () => {
    // A fresh registration put straight at Plan Approval: the demo's few are the other tests'.
    const userId = await fixture('profile_verified');
    await app.db.query("UPDATE registrations SET stage = 'documents_submitted', review_state = 'approved', status_label = $2 WHERE user_id = $1", [userId, PHASE_LABELS.plan_approval]);
    const [growth] = await app.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'growth'");
    const note = 'Referred by Al Noor Holdings; three entities to follow';
    let state = ok(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { version: (await review(userId)).version, plan_id: growth!.id, cycle: 'annual', discount_percent: 12, note }));
    const refused = errorOf(await call('POST', `registrations/${userId}/plan/approve`, 'BD_MANAGER', { version: state.version }));
    expect(refused).toMatchObject({ status: 409, errorCode: 'CONFLICT' });
    expect(refused.message).toContain('second person');
    expect((await review(userId)).plan!.approved_at).toBeNull();
    state = ok(await call('POST', `registrations/${userId}/plan/approve`, 'ADMIN', { version: state.version }));
    expect(state.plan!.approved_by).toMatchObject({ id: ids.get('ADMIN') });
    state = ok(await call('POST', `registrations/${userId}/payment`, 'BD_MANAGER', { version: state.version, amount_aed: (state.plan!.total_fils / 100).toFixed(2), method: 'bank_transfer', reference: 'FT-88231', paid_on: dubaiDate(Date.now()) }));
    const activated = ok(await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', { version: state.version, bookkeeper_id: ids.get('BOOKKEEPER')!, reviewer_id: ids.get('REVIEWER')!, starts_on: dubaiDate(Date.now()) }));
    const subscription = (await call('GET', `subscriptions/${activated.activation!.subscription_id}`)).json<{ discount_bp: number; discount_note: string | null }>();
    expect(subscription).toMatchObject({ discount_bp: 1_200, discount_note: note });
  });

  it('approves (payment request to the client), then takes only the exact total, paid on a real day', async () => {
    const userId = await take('plan_approval', 'NOT EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id)');
    const [starter] = await app.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'starter'");
    expect(errorOf(await call('POST', `registrations/${userId}/plan/approve`, 'BD_MANAGER', { version: (await review(userId)).version }))).toMatchObject({ status: 409, message: 'Set a plan before approving it.' });
    const set = ok(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { version: (await review(userId)).version, plan_id: starter!.id, cycle: 'annual', discount_percent: 0, note: '' }));
    const approved = ok(await call('POST', `registrations/${userId}/plan/approve`, 'BD_MANAGER', { version: set.version }, `approve-${userId}`));
    expect(approved).toMatchObject({ phase: 'awaiting_payment', status_label: 'Awaiting Payment', queue: 'pending-payments', plan: { approved_by: { id: ids.get('BD_MANAGER') } } });
    const total = approved.plan!.total_fils;
    expect((await notificationsOf(userId, 'plan_approved'))[0]?.body).toBe(`Your plan is approved. Amount due: ${formatFils(total)} including 5 % VAT.`);

    const today = dubaiDate(Date.now());
    const pay = (overrides: Record<string, unknown>) => ({ version: approved.version, amount_aed: (total / 100).toFixed(2), method: 'bank_transfer', reference: 'FT26000001', paid_on: today, ...overrides });
    for (const [overrides, field] of [
      [{ amount_aed: '-5.00' }, 'amount_aed'],
      [{ amount_aed: '0' }, 'amount_aed'],
      [{ amount_aed: '12.345' }, 'amount_aed'],
      [{ amount_aed: 1312.5 }, 'amount_aed'],
      [{ amount_aed: ((total + 1) / 100).toFixed(2) }, 'amount_aed'],
      [{ paid_on: addDays(today, 1) }, 'paid_on'],
      [{ paid_on: '2026-02-30' }, 'paid_on'],
      [{ paid_on: addDays(today, -400) }, 'paid_on'],
      [{ method: 'crypto' }, 'method'],
      [{ reference: '' }, 'reference'],
    ] as const) {
      expect(errorOf(await call('POST', `registrations/${userId}/payment`, 'ADMIN', pay(overrides))), JSON.stringify(overrides)).toMatchObject({ status: 400, field });
    }
    const mismatch = errorOf(await call('POST', `registrations/${userId}/payment`, 'ADMIN', pay({ amount_aed: ((total + 1) / 100).toFixed(2) })));
    expect(mismatch.message).toBe(`Amount must equal the approved total, ${formatFils(total)}.`);
    // A negative amount is told it must be more than zero, not that its form is wrong.
    expect(errorOf(await call('POST', `registrations/${userId}/payment`, 'ADMIN', pay({ amount_aed: '-5.00' }))).message).toMatch(/^Amount must be more than zero/);

    const start = await counts();
    // Grouped as the form's hint shows the total ('1,115.63').
    const grouped = formatFils(total).replace(/^AED\s*/, '');
    expect(grouped).toContain(total >= 100_000 ? ',' : '.');
    const paid = ok(await call('POST', `registrations/${userId}/payment`, 'BD_MANAGER', pay({ amount_aed: grouped }), `pay-${userId}`));
    expect((await call('POST', `registrations/${userId}/payment`, 'BD_MANAGER', pay({}), `pay-${userId}`)).statusCode).toBe(200);
    expect(paid).toMatchObject({ stage: 'payment_completed', phase: 'activation', status_label: 'Pending Activation', queue: 'pending-activation', payment: { amount_fils: total, method: 'bank_transfer', reference: 'FT26000001', paid_on: today } });
    expect(await counts()).toMatchObject({ 'pending-payments': start['pending-payments']! - 1, 'pending-activation': start['pending-activation']! + 1 });
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM registration_payments WHERE registration_id = (SELECT id FROM registrations WHERE user_id = $1)', [userId]);
    expect(count).toBe(1);
    expect(await notificationsOf(ids.get('BD_MANAGER')!, 'payment_recorded')).toEqual([]);
    expect(await notificationsOf(ids.get('ADMIN')!, 'payment_recorded')).toContainEqual(expect.objectContaining({ title: 'Payment received: activate the account' }));
  });

  it('withdraws a payment request when the plan is changed after approval', async () => {
    const userId = await take('awaiting_payment');
    const before = await review(userId);
    const changed = ok(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { version: before.version, plan_id: before.plan!.plan_id, cycle: 'monthly', discount_percent: 0, note: '' }));
    expect(changed).toMatchObject({ phase: 'plan_approval', status_label: 'Pending Plan Approval', plan: { approved_at: null, cycle: 'monthly' } });
  });
});

describe('one registration from completed_registration to an active client', () => {
  it('walks every step by the right role, each in the timeline, the stepper and the nav counts', async () => {
    const [client] = [...(await createUsers(app, emulatorHost, ['CLIENT'], 'pipeline-walk')).values()];
    const userId = await fixture('completed_registration', { owner: client! });
    const seen = (await timeline(userId)).length;
    const expectCounts = async (change: Partial<Record<keyof RegistrationCounts['counts'], number>>, base: RegistrationCounts['counts']) => {
      const now = await counts();
      for (const page of Object.keys(now) as (keyof RegistrationCounts['counts'])[]) expect(now[page], page).toBe(base[page]! + (change[page] ?? 0));
      return now;
    };
    let base = await counts();
    let state = ok(await call('POST', `registrations/${userId}/verify-profile`, 'BD_EXEC', { version: (await review(userId)).version }));
    base = await expectCounts({}, base);

    state = ok(await call('PUT', `registrations/${userId}/meeting`, 'BD_EXEC', meeting(state.version, { starts_at: slot(10, 10) })));
    base = await expectCounts({ registrations: -1, 'call-schedules': 1 }, base);
    await startCall(userId);
    state = ok(await call('POST', `registrations/${userId}/meeting/outcome`, 'BD_EXEC', { version: state.version, outcome: 'held', notes: 'Good call' }));
    base = await expectCounts({}, base);

    const mine = (await call('GET', 'me/registration', client!)).json<MyRegistration>();
    expect(mine).toMatchObject({ phase: 'awaiting_documents', required_documents: REQUIRED_DOCUMENTS, missing_documents: REQUIRED_DOCUMENTS, meeting: { status: 'held' } });
    expect(errorOf(await call('POST', 'me/registration/submit', client!, {}))).toMatchObject({ status: 409, message: 'Upload these documents before submitting: Trade licence, Passport, Emirates ID.' });
    await uploadRequired(client!);
    expect((await call('POST', 'me/registration/submit', client!, { version: 1 })).statusCode).toBe(409);
    const submitted = (await call('POST', 'me/registration/submit', client!, {})).json<MyRegistration>();
    expect(submitted).toMatchObject({ stage: 'documents_submitted', status_label: 'Pending Due Diligence' });
    base = await expectCounts({ 'call-schedules': -1, 'due-diligence': 1 }, base);

    // AML due diligence: the owner screened (clear) and the risk rated before approval can pass.
    const owner = { kind: 'person', name: 'Nadia Fernandes', name_ar: null, date_of_birth: '1984-02-02', nationality: 'PT', residence: 'AE', id_type: null, id_number: null, id_expires_on: null, roles: ['shareholder', 'manager'], share_percent: 100, owner_party_id: null, pep: false, pep_details: null, source_of_funds: null, source_of_wealth: null, jurisdiction: null, registration_number: null };
    expect((await call('POST', `registrations/${userId}/parties`, 'BD_MANAGER', owner)).statusCode).toBe(201);
    const aml = (await call('GET', `registrations/${userId}/screening`, 'BD_MANAGER')).json<{ version: number }>();
    expect((await call('PUT', `registrations/${userId}/risk`, 'ADMIN', { version: aml.version, sector: 'technology', services: ['bookkeeping'], face_to_face: true })).statusCode).toBe(200);
    state = ok(await call('POST', `registrations/${userId}/approve`, 'BD_MANAGER', { version: (await review(userId)).version }));
    base = await expectCounts({ 'due-diligence': -1, 'pending-payments': 1 }, base);
    const [premium] = await app.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'premium-cfo'");
    state = ok(await call('PUT', `registrations/${userId}/plan`, 'BD_MANAGER', { version: state.version, plan_id: premium!.id, cycle: 'monthly', discount_percent: 0, note: '' }));
    state = ok(await call('POST', `registrations/${userId}/plan/approve`, 'BD_MANAGER', { version: state.version }));
    base = await expectCounts({}, base);
    state = ok(await call('POST', `registrations/${userId}/payment`, 'ADMIN', { version: state.version, amount_aed: (state.plan!.total_fils / 100).toFixed(2), method: 'card', reference: 'Card ending 4242', paid_on: dubaiDate(Date.now()) }));
    base = await expectCounts({ 'pending-payments': -1, 'pending-activation': 1 }, base);

    const team = { bookkeeper_id: ids.get('BOOKKEEPER')!, reviewer_id: ids.get('REVIEWER')!, starts_on: dubaiDate(Date.now()) };
    expect(errorOf(await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', { ...team, version: state.version, bookkeeper_id: ids.get('REVIEWER') }))).toMatchObject({ status: 400, field: 'bookkeeper_id' });
    expect(errorOf(await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', { ...team, version: state.version, reviewer_id: ids.get('BOOKKEEPER') }))).toMatchObject({ status: 400, field: 'reviewer_id' });
    expect(errorOf(await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', { ...team, version: state.version, starts_on: addDays(dubaiDate(Date.now()), -1) }))).toMatchObject({ status: 400, field: 'starts_on' });
    const activated = ok(await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', { ...team, version: state.version }, `activate-${userId}`));
    expect((await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', { ...team, version: state.version }, `activate-${userId}`)).statusCode).toBe(200);
    await expectCounts({ 'pending-activation': -1 }, base);
    expect(activated).toMatchObject({ stage: 'account_activated', phase: 'activated', status: 'active', status_label: 'Active', queue: null, activation: { bookkeeper: { id: ids.get('BOOKKEEPER') }, reviewer: { id: ids.get('REVIEWER') }, starts_on: team.starts_on } });

    const [record] = await app.db.query<{ legal_name: string; bookkeeper_id: number; user_id: number; plan_id: number; cycle: string; total_fils: number; status: string }>(
      `SELECT c.legal_name, c.bookkeeper_id, c.user_id, s.plan_id, s.cycle, s.total_fils, s.status FROM clients c JOIN subscriptions s ON s.client_id = c.id WHERE c.id = $1`,
      [activated.activation!.client_id],
    );
    expect(record).toEqual({ legal_name: activated.legal_name, bookkeeper_id: ids.get('BOOKKEEPER'), user_id: userId, plan_id: premium!.id, cycle: 'monthly', total_fils: activated.plan!.total_fils, status: 'active' });
    expect(await notificationsOf(ids.get('BOOKKEEPER')!, 'activated')).toContainEqual(expect.objectContaining({ title: 'New client assigned to you', link: '/clients' }));
    expect(await notificationsOf(userId, 'activated')).toHaveLength(1);
    // The Clients area lists it at once: for its bookkeeper (their own clients) and for an admin.
    for (const caller of ['BOOKKEEPER', 'ADMIN'] as const) {
      const listed = (await call('GET', `clients/?search=${encodeURIComponent(activated.legal_name!.slice(0, 40))}`, caller)).json<{ results: { id: number }[] }>();
      expect(listed.results.map((client) => client.id), caller).toContain(activated.activation!.client_id);
    }

    const status = (await call('GET', `users/${userId}/status`)).json<UserStatusResponse>();
    // Seven ticks: the last step is done, not in progress.
    expect(status.status.map((step) => step.status)).toEqual(Array(7).fill('completed'));
    const events = (await timeline(userId)).slice(seen);
    expect(events.map((event) => (event.kind === 'stage_reached' ? `reached ${event.data.stage}` : event.kind))).toEqual([
      'verified',
      'reached profile_verified',
      'meeting_booked',
      'reached meeting_scheduled',
      'meeting_held',
      'document_uploaded',
      'document_uploaded',
      'document_uploaded',
      'submitted',
      'reached documents_submitted',
      'approved',
      'plan_set',
      'plan_approved',
      'payment_recorded',
      'reached payment_completed',
      'activated',
      'reached account_activated',
    ]);
    // Every action's event says who acted and what changed.
    const [audit] = await app.db.query<{ before: { stage: string }; after: { stage: string; status_label: string } }>(
      "SELECT before, after FROM audit_events WHERE entity = 'registration' AND kind = 'activated' AND entity_id = (SELECT id FROM registrations WHERE user_id = $1)",
      [userId],
    );
    expect(audit).toMatchObject({ before: { stage: 'payment_completed' }, after: { stage: 'account_activated', status_label: 'Active' } });
    // Off every queue: nothing more to do.
    expect(errorOf(await call('POST', `registrations/${userId}/withdraw`, 'ADMIN', { version: activated.version, reason: 'x' }))).toMatchObject({ status: 409 });
  });
});

describe('the demo data', () => {
  it('has calls today, a host with a full afternoon on the next working day, and the client accounts at their steps', async () => {
    // The demo's own calls: this file's fixtures (FIX-...) had calls moved to 'now', a weekend day on a weekend.
    const calls = (await call('GET', 'registrations/?queue=call-schedules&sort=call_schedule&page_size=100', 'REVIEWER'))
      .json<Page<RegistrationListItem>>()
      .results.filter((item) => !item.registration_id.startsWith('FIX-'));
    // Calls are on working days only, as bookings are: on a weekend the demo's 'today' is the next working day.
    let today = dubaiDate(Date.now());
    while (weekdayOf(today) > 5) today = addDays(today, 1);
    expect(calls.every((item) => !item.meeting_at || weekdayOf(dubaiDate(Date.parse(item.meeting_at))) <= 5)).toBe(true);
    expect(calls.filter((item) => item.meeting_at && dubaiDate(Date.parse(item.meeting_at)) === today).length).toBeGreaterThanOrEqual(2);
    expect(calls.some((item) => item.meeting_outcome === 'no_show') && calls.some((item) => item.meeting_outcome === 'held')).toBe(true);
    expect(calls.some((item) => item.meeting_outcome === null && Date.parse(item.meeting_ends_at!) < Date.now())).toBe(true);
    const [omar] = await app.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'bd_exec@example.com'");
    const afternoon = calls.filter((item) => item.meeting_host_id === omar!.id && item.meeting_outcome === null && Date.parse(item.meeting_at!) > Date.now());
    const perDay = new Map<string, number>();
    for (const item of afternoon) perDay.set(dubaiDate(Date.parse(item.meeting_at!)), (perDay.get(dubaiDate(Date.parse(item.meeting_at!))) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBe(5);
    const mine = await app.db.query<{ email: string; stage: string; meeting_outcome: string | null }>(
      "SELECT u.email, r.stage, r.meeting_outcome FROM registrations r JOIN users u ON u.id = r.user_id WHERE u.email LIKE 'client%@example.com' ORDER BY u.email",
    );
    expect(mine).toEqual([
      { email: 'client2@example.com', stage: 'documents_submitted', meeting_outcome: 'held' },
      { email: 'client3@example.com', stage: 'completed_registration', meeting_outcome: null },
      { email: 'client4@example.com', stage: 'profile_verified', meeting_outcome: null },
      { email: 'client5@example.com', stage: 'meeting_scheduled', meeting_outcome: 'held' },
      { email: 'client@example.com', stage: 'documents_submitted', meeting_outcome: 'held' },
    ]);
  });
});
