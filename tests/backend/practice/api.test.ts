/**
 * The practice API: ADMIN only (every other staff role is refused, and a client account too), cost rates set
 * with a version and audited, a rate never in any answer but the rates' own, and the reports' input checked
 * naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CostRate, CostRateList, Dashboard, Profitability } from '../../../common/contract/practice.ts';
import { STAFF_ROLES, type Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const idOf = async (role: Role) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get(role)!.email]))[0]!.id;

const get = (role: Role, url: string) => app.inject({ method: 'GET', url, headers: auth(users.get(role)!.token) });
const put = (role: Role, userId: number, payload: Record<string, unknown>, key?: string) =>
  app.inject({ method: 'PUT', url: `/api/staff/${userId}/cost-rate`, headers: { ...auth(users.get(role)!.token), ...(key ? { 'idempotency-key': key } : {}) }, payload });

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, [...STAFF_ROLES, 'CLIENT'], 'practice-api');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('who may call', () => {
  it('refuses every role but ADMIN on every practice endpoint', async () => {
    const bookkeeper = await idOf('BOOKKEEPER');
    for (const role of [...STAFF_ROLES.filter((role) => role !== 'ADMIN'), 'CLIENT'] as const) {
      for (const url of ['/api/staff/cost-rates', '/api/reports/profitability?from=2026-01&to=2026-03&group=client', '/api/reports/profitability/export?from=2026-01&to=2026-03&group=staff', '/api/reports/dashboard?month=2026-11']) {
        const answer = await get(role, url);
        expect([403, 404], `${role} ${url}`).toContain(answer.statusCode);
        expect(answer.body).not.toContain('hourly_fils');
      }
      const write = await put(role, bookkeeper, { version: 0, hourly_fils: 1 });
      expect([403, 404], role).toContain(write.statusCode);
    }
    expect((await get('ADMIN', '/api/staff/cost-rates')).statusCode).toBe(200);
  });
});

describe('cost rates', () => {
  it('sets a rate with its version, refuses a stale one, replays a retried key, audits each change', async () => {
    const target = await idOf('REVIEWER');
    const first = await put('ADMIN', target, { version: 0, hourly_fils: 18_000 }, 'rate-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CostRate>()).toMatchObject({ user_id: target, hourly_fils: 18_000, version: 1 });
    expect((await put('ADMIN', target, { version: 0, hourly_fils: 18_000 }, 'rate-1')).json<CostRate>().version).toBe(1);
    const stale = await put('ADMIN', target, { version: 0, hourly_fils: 20_000 });
    expect(stale.statusCode).toBe(409);
    const second = await put('ADMIN', target, { version: 1, hourly_fils: 20_000 });
    expect(second.json<CostRate>()).toMatchObject({ hourly_fils: 20_000, version: 2 });

    const events = await app.db.query<{ kind: string; after: { hourly_fils: number } }>("SELECT kind, after FROM audit_events WHERE entity = 'cost_rate' AND entity_id = $1 ORDER BY id", [target]);
    expect(events.map((event) => [event.kind, event.after.hourly_fils])).toEqual([
      ['cost_rate_set', 18_000],
      ['cost_rate_set', 20_000],
    ]);
    const list = (await get('ADMIN', '/api/staff/cost-rates')).json<CostRateList>();
    expect(list.results.find((rate) => rate.user_id === target)).toMatchObject({ hourly_fils: 20_000 });
    expect(list.results.some((rate) => rate.role === 'CLIENT')).toBe(false);
  });

  it('answers 404 for a client account or an unknown user, and names a bad amount', async () => {
    expect((await put('ADMIN', await idOf('CLIENT'), { version: 0, hourly_fils: 100 })).statusCode).toBe(404);
    expect((await put('ADMIN', 99_999, { version: 0, hourly_fils: 100 })).statusCode).toBe(404);
    const bad = await put('ADMIN', await idOf('REVIEWER'), { version: 2, hourly_fils: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'hourly_fils' });
  });

  it('never leaves in another answer: the users list, a user, the profile', async () => {
    const target = await idOf('BD_EXEC');
    expect((await put('ADMIN', target, { version: 0, hourly_fils: 12_345 })).statusCode).toBe(200);
    for (const url of ['/api/users/?page_size=100', '/api/users/me', '/api/clients/']) {
      const answer = await get('ADMIN', url);
      expect(answer.body, url).not.toContain('12345');
      expect(answer.body, url).not.toContain('hourly');
    }
  });
});

describe('reports', () => {
  it('validates from, to, group and month, naming the field', async () => {
    const cases: [string, string][] = [
      ['/api/reports/profitability?from=2026-13&to=2026-12&group=client', 'from'],
      ['/api/reports/profitability?from=2026-01&to=2026-1&group=client', 'to'],
      ['/api/reports/profitability?from=2026-01&to=2026-02&group=team', 'group'],
      ['/api/reports/profitability?from=2026-01&to=2026-02', 'group'],
      ['/api/reports/profitability?from=2026-03&to=2026-02&group=client', 'to'],
      ['/api/reports/profitability?from=2026-01&to=2026-02&group=client&sort=price', 'sort'],
      ['/api/reports/dashboard?month=2026-00', 'month'],
      ['/api/reports/dashboard', 'month'],
    ];
    for (const [url, field] of cases) {
      const answer = await get('ADMIN', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ errorCode: 'INVALID_INPUT', field });
    }
  });

  it('answers profitability, its CSV and the dashboard to ADMIN', async () => {
    const report = await get('ADMIN', '/api/reports/profitability?from=2026-01&to=2026-03&group=staff&sort=-utilisation');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<Profitability>().months.map((month) => month.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const csv = await get('ADMIN', '/api/reports/profitability/export?from=2026-01&to=2026-03&group=client');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Client,Revenue (AED),Time (minutes),Time (h:mm),Billable (minutes),Cost (AED),Margin (AED),Margin %');
    const dashboard = await get('ADMIN', '/api/reports/dashboard?month=2026-11');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const body = dashboard.json<Dashboard>();
    expect(body.previous_month).toBe('2026-10');
    const figures = body.sections.flatMap((section) => section.figures);
    expect(figures.map((figure) => figure.key)).toEqual(expect.arrayContaining(['recurring_revenue', 'clients_active', 'deadlines_missed', 'aml_open_matches', 'einvoices_attention', 'utilisation']));
    for (const figure of figures) expect(figure.link, figure.key).toMatch(/^\/[a-z-]+/);
  });
});
