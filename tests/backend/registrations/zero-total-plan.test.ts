/**
 * A plan whose total is zero (a 100 % discount: a fully waived first period) skips payment: approving it
 * moves the registration straight on to Activation, recorded as 'no payment due', with no payment request to
 * the client; the account is then activated without a payment record. Before, the approval asked the client
 * for AED 0.00 and 'Record payment' refused both 0.00 and 0.01, so the registration was stuck.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegistrationReview, TimelineEvent } from '../../../common/contract/registrations.ts';
import { dubaiDate } from '../../../common/calendar.ts';
import { NO_PAYMENT_DUE, phaseOf, type PipelineState } from '../../../common/pipeline.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, role: Role, body?: unknown) =>
  app.inject({ method, url: `/api/${url}`, headers: auth(users.get(role)!.token), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const review = async (userId: number) => (await call('GET', `registrations/${userId}/review`, 'ADMIN')).json<RegistrationReview>();
const idOf = async (role: Role) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get(role)!.email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'zero-total');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a plan with a zero total', () => {
  it('approving it skips payment: straight to Activation, no payment request, then activated without a payment', async () => {
    const rows = await app.db.query<PipelineState & { user_id: number }>(
      `SELECT r.user_id, r.stage, r.status, r.review_state, r.meeting_outcome, false AS plan_approved
       FROM registrations r JOIN users u ON u.id = r.user_id
       WHERE u.email NOT LIKE '%@example.com' AND NOT EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id) ORDER BY r.id`,
    );
    const userId = rows.find((row) => phaseOf(row) === 'plan_approval')!.user_id;
    const [starter] = await app.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'starter'");
    const set = await call('PUT', `registrations/${userId}/plan`, 'ADMIN', { version: (await review(userId)).version, plan_id: starter!.id, cycle: 'monthly', discount_percent: 100, note: 'First period waived' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<RegistrationReview>().plan?.total_fils).toBe(0);

    const approved = await call('POST', `registrations/${userId}/plan/approve`, 'BD_MANAGER', { version: set.json<RegistrationReview>().version });
    expect(approved.statusCode, approved.body).toBe(200);
    const state = approved.json<RegistrationReview>();
    expect(state).toMatchObject({ stage: 'payment_completed', phase: 'activation', status_label: 'Pending Activation', queue: 'pending-activation', payment: null });
    const events = (await call('GET', `registrations/${userId}/events`, 'ADMIN')).json<TimelineEvent[]>();
    expect(events.slice(-2).map((event) => event.kind)).toEqual(['plan_approved', 'stage_reached']);
    expect(events.at(-2)?.data).toMatchObject({ total_fils: 0, no_payment_due: true });
    const lines = await app.db.query<{ status_text: string }>(
      'SELECT status_text FROM registration_events WHERE registration_id = (SELECT id FROM registrations WHERE user_id = $1) ORDER BY id',
      [userId],
    );
    expect(lines.at(-1)?.status_text).toBe(NO_PAYMENT_DUE.statusLine);
    const toClient = await app.db.query<{ title: string; body: string }>("SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'plan_approved'", [userId]);
    expect(toClient).toEqual([{ title: 'Your plan is approved', body: 'Your plan is approved and no payment is due. Your account will be activated shortly.' }]);

    // Nothing to record: the payment action is not open any more.
    const payment = await call('POST', `registrations/${userId}/payment`, 'ADMIN', { version: state.version, amount_aed: '0.01', method: 'bank_transfer', reference: 'n/a', paid_on: dubaiDate(Date.now()) });
    expect(payment.statusCode).toBe(409);

    const activated = await call('POST', `registrations/${userId}/activate`, 'BD_MANAGER', {
      version: state.version,
      bookkeeper_id: await idOf('BOOKKEEPER'),
      reviewer_id: await idOf('REVIEWER'),
      starts_on: dubaiDate(Date.now()),
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<RegistrationReview>()).toMatchObject({ stage: 'account_activated', phase: 'activated' });
  });
});
