/**
 * The TIN asked for where the TRN is taken, through HTTP against the real back end (demo data seeded): at
 * plan approval (recorded on the client it becomes at activation, so its first invoice is addressed), on the
 * client's profile and on its e-invoicing details; a TIN that is not its TRN's first 10 digits is refused
 * naming the TRN, and a client with a TRN shows the TIN the TRN gives it. The readiness's words: a late ASP
 * appointment says so, and an ASP without its date (or a date without its ASP) is refused in plain words.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import type { ClientDetail } from '../../../common/contract/clients.ts';
import type { ClientReadiness } from '../../../common/contract/einvoicing.ts';
import type { InvoiceCheck } from '../../../common/contract/invoices.ts';
import type { RegistrationReview } from '../../../common/contract/registrations.ts';
import { phaseOf, type PipelineState } from '../../../common/pipeline.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
/** An active VAT-registered client with a well-formed TRN. */
let client: { id: number; trn: string };

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown, who: Role = 'ADMIN') =>
  app.inject({
    method,
    url: `/api/${url}`,
    headers: { ...auth(users.get(who)!.token), 'idempotency-key': crypto.randomUUID() },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const readiness = async (clientId: number) => ok<ClientReadiness>(await call('GET', `clients/${clientId}/einvoicing`));
const saveReadiness = async (clientId: number, changes: Partial<ClientReadiness>) => {
  const current = await readiness(clientId);
  const body = { version: current.version, tin: current.tin, revenue_band: current.revenue_band, asp_name: current.asp_name, asp_appointed_on: current.asp_appointed_on, ...changes };
  return call('PUT', `clients/${clientId}/einvoicing`, { version: body.version, tin: body.tin, revenue_band: body.revenue_band, asp_name: body.asp_name, asp_appointed_on: body.asp_appointed_on });
};
const idOf = async (role: Role) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get(role)!.email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'tin');
  const [row] = await app.db.query<{ id: number; trn: string }>("SELECT id, trn FROM clients WHERE status = 'active' AND vat_registered AND trn ~ '^1[0-9]{12}03$' ORDER BY id LIMIT 1");
  client = row!;
}, 120_000);
afterAll(() => app?.close());

describe("a client's TIN", () => {
  it("is the TRN's first 10 digits where it has a TRN: shown so, and another refused naming the TRN (the one the ASP rejected too)", async () => {
    const own = client.trn.slice(0, 10);
    expect(await readiness(client.id)).toMatchObject({ tin: own, tin_from_trn: true });
    expect(ok<ClientDetail>(await call('GET', `clients/${client.id}`)).tin).toBe(own);
    const wrong = `${Number(own[0]) + 1}${own.slice(1)}`;
    for (const tin of [wrong, `${own.slice(0, 9)}${(Number(own[9]) + 1) % 10}`]) {
      const refused = await saveReadiness(client.id, { tin });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'tin', message: `TIN must be ${own}, the first 10 digits of the client's TRN ${client.trn}.` });
    }
    expect(ok<ClientReadiness>(await saveReadiness(client.id, { tin: own }))).toMatchObject({ tin: own, tin_from_trn: false });
  });

  it("is asked for on the client's profile: one the TRN contradicts is refused naming it, and a new TRN carries it along", async () => {
    const detail = ok<ClientDetail>(await call('GET', `clients/${client.id}`));
    const refused = await call('PATCH', `clients/${client.id}`, { version: detail.version, tin: '2000253414' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'tin', message: expect.stringContaining(`TRN ${client.trn}`) });
    // A new TRN: the TIN recorded follows it (the law derives it), and the change is audited.
    const trn = `1${client.trn.slice(1, 9)}777703`;
    const changed = ok<ClientDetail>(await call('PATCH', `clients/${client.id}`, { version: detail.version, trn }));
    expect(changed.tin).toBe(trn.slice(0, 10));
    const [recorded] = await app.db.query<{ tin: string }>('SELECT tin FROM client_einvoicing WHERE client_id = $1', [client.id]);
    expect(recorded!.tin).toBe(trn.slice(0, 10));
    const [audit] = await app.db.query<{ after: { tin?: string } }>("SELECT after FROM audit_events WHERE entity = 'client' AND entity_id = $1 AND kind = 'profile_updated' ORDER BY id DESC LIMIT 1", [client.id]);
    expect(audit!.after.tin).toBe(trn.slice(0, 10));
    // A client without a TRN is given its TIN here.
    const unregistered = ok<ClientDetail>(await call('PATCH', `clients/${client.id}`, { version: changed.version, vat_registered: false, trn: null, vat_period: null, tin: '1400000007' }));
    expect(unregistered.tin).toBe('1400000007');
  });

  it('is asked for at plan approval, refused when its TRN contradicts it, and addresses the first invoice of the client it becomes', async () => {
    const rows = await app.db.query<PipelineState & { user_id: number; id: number }>(
      `SELECT r.id, r.user_id, r.stage, r.status, r.review_state, r.meeting_outcome, false AS plan_approved
       FROM registrations r JOIN users u ON u.id = r.user_id
       WHERE u.email NOT LIKE '%@example.com' AND NOT EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id) ORDER BY r.id`,
    );
    const registration = rows.find((row) => phaseOf(row) === 'plan_approval')!;
    const review = async () => ok<RegistrationReview>(await call('GET', `registrations/${registration.user_id}/review`));
    const [starter] = await app.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'starter'");
    const set = ok<RegistrationReview>(await call('PUT', `registrations/${registration.user_id}/plan`, { version: (await review()).version, plan_id: starter!.id, cycle: 'monthly', discount_percent: 0, note: '' }));

    await app.db.query("UPDATE company_profiles SET vat_registered = true, trn = '100025341400003' WHERE registration_id = $1", [registration.id]);
    const refused = await call('POST', `registrations/${registration.user_id}/plan/approve`, { version: set.version, tin: '2000253414' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'tin', message: "TIN must be 1000253414, the first 10 digits of the client's TRN 100025341400003." });

    // Not VAT-registered: the TIN it gives is recorded with its profile.
    await app.db.query('UPDATE company_profiles SET vat_registered = false, trn = NULL WHERE registration_id = $1', [registration.id]);
    const approved = ok<RegistrationReview>(await call('POST', `registrations/${registration.user_id}/plan/approve`, { version: set.version, tin: '1400000015' }));
    expect(approved.profile?.tin).toBe('1400000015');
    const today = dubaiDate(Date.now());
    const paid = ok<RegistrationReview>(
      await call('POST', `registrations/${registration.user_id}/payment`, { version: approved.version, amount_aed: (approved.plan!.total_fils / 100).toFixed(2), method: 'bank_transfer', reference: 'FT26000050', paid_on: today }),
    );
    ok(await call('POST', `registrations/${registration.user_id}/activate`, { version: paid.version, bookkeeper_id: await idOf('BOOKKEEPER'), reviewer_id: await idOf('REVIEWER'), starts_on: today }));
    const [activated] = await app.db.query<{ client_id: number }>('SELECT client_id FROM registration_activations WHERE registration_id = $1', [registration.id]);
    expect(await readiness(activated!.client_id)).toMatchObject({ tin: '1400000015', tin_from_trn: false });
    // Its first one-off invoice has nothing to fail on ibr-080.
    const check = ok<InvoiceCheck>(await call('POST', 'invoices/check', { client_id: activated!.client_id, lines: [{ description: 'Set-up', quantity: 1, unit_fils: 50_000 }] }));
    expect(check.failures.filter((failure) => failure.rule === 'ibr-080')).toEqual([]);
  });
});

describe("a client's readiness", () => {
  it('says an ASP appointed after its deadline is late', async () => {
    const saved = ok<ClientReadiness>(await saveReadiness(client.id, { revenue_band: 'under_50m', asp_name: 'Gulf Peppol Access', asp_appointed_on: '2027-06-01' }));
    expect(saved).toMatchObject({ late: true, not_ready: false, standing: 'ASP appointed late: on 01-Jun-2027, after the 31-Mar-2027 deadline' });
    expect(ok<ClientReadiness>(await saveReadiness(client.id, { asp_appointed_on: '2027-03-01' }))).toMatchObject({ late: false, standing: 'ASP appointed' });
  });

  it('refuses an ASP without the date it was appointed, and a date without an ASP, in plain words', async () => {
    expect((await saveReadiness(client.id, { asp_name: 'Gulf Peppol Access', asp_appointed_on: null })).json()).toMatchObject({ field: 'asp_appointed_on', message: 'ASP appointed on must be given with the ASP.' });
    expect((await saveReadiness(client.id, { asp_name: null, asp_appointed_on: '2026-11-02' })).json()).toMatchObject({ field: 'asp_name', message: 'ASP must be named when the date it was appointed is given.' });
  });
});
