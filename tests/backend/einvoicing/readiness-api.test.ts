/**
 * The clients' e-invoicing readiness through the API, real back end (demo data seeded) and real
 * emulator tokens: the readiness recorded through PUT clients/{id}/einvoicing puts the mandate's deadlines on
 * the client's compliance calendar; the Clients list's 'e-invoicing not ready' filter (done in SQL) and the
 * Home block of clients late for e-invoicing, each for the caller's own clients only.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import type { ClientDeadlines, ClientListItem } from '../../../common/contract/clients.ts';
import type { ClientReadiness } from '../../../common/contract/einvoicing.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { MyWork } from '../../../common/contract/work.ts';
import { MANDATE_DEADLINES, type RevenueBand } from '../../../common/einvoicing.ts';
import { bandsWithoutAspAt } from '../../../common/einvoicing-readiness.ts';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let other: TestUser;
const today = dubaiDate();

/** The test bookkeeper's clients: no ASP in the AED 50m or more band, no ASP under AED 50m, an ASP appointed. */
const clients = { bigWithoutAsp: 0, smallWithoutAsp: 0, appointed: 0 };
let theirs = 0;

const call = (method: 'GET' | 'PUT', url: string, who: Role | TestUser, body?: Record<string, unknown>) =>
  app.inject({
    method,
    url: `/api/${url}`,
    headers: { ...auth((typeof who === 'string' ? users.get(who)! : who).token), 'idempotency-key': crypto.randomUUID() },
    ...(body ? { payload: body } : {}),
  });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const q = <T>(sql: string, params: unknown[] = []) => app.db.query<T>(sql, params);

async function record(who: Role | TestUser, clientId: number, band: RevenueBand, asp: string | null): Promise<ClientReadiness> {
  const current = ok<ClientReadiness>(await call('GET', `clients/${clientId}/einvoicing`, who));
  return ok<ClientReadiness>(
    await call('PUT', `clients/${clientId}/einvoicing`, who, { version: current.version, tin: null, revenue_band: band, asp_name: asp, asp_appointed_on: asp ? '2026-06-01' : null }),
  );
}

const notReadyIds = async (who: Role | TestUser) =>
  ok<Page<ClientListItem>>(await call('GET', 'clients/?einvoicing=not_ready&bookkeeper=mine&page_size=100', who)).results.map((client) => client.id);
const lateBlock = async (who: Role | TestUser) => ok<MyWork>(await call('GET', 'me/work', who)).blocks.find((block) => block.key === 'einvoicing.late');

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['BOOKKEEPER', 'REVIEWER'], 'einvoicing-readiness');
  other = (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'einvoicing-other')).get('BOOKKEEPER')!;
  const idOf = async (user: TestUser) => (await q<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id;
  const active = await q<{ id: number }>("SELECT id FROM clients WHERE status = 'active' ORDER BY id LIMIT 4");
  [clients.bigWithoutAsp, clients.smallWithoutAsp, clients.appointed, theirs] = active.map((row) => row.id) as [number, number, number, number];
  await q('UPDATE clients SET bookkeeper_id = $1, reviewer_id = NULL WHERE id = ANY($2::integer[])', [await idOf(users.get('BOOKKEEPER')!), [clients.bigWithoutAsp, clients.smallWithoutAsp, clients.appointed]]);
  await q('UPDATE clients SET bookkeeper_id = $1, reviewer_id = NULL WHERE id = $2', [await idOf(other), theirs]);
  await record('BOOKKEEPER', clients.bigWithoutAsp, '50m_or_more', null);
  await record('BOOKKEEPER', clients.smallWithoutAsp, 'under_50m', null);
  await record('BOOKKEEPER', clients.appointed, '50m_or_more', 'Gulf Peppol Access');
  await record(other, theirs, '50m_or_more', null);
}, 120_000);
afterAll(() => app?.close());

describe("a client's e-invoicing deadlines on its calendar", () => {
  it('lists the ASP appointment until an ASP is recorded, and the go-live of its band', async () => {
    const keys = async (clientId: number) => ok<ClientDeadlines>(await call('GET', `clients/${clientId}/deadlines`, 'BOOKKEEPER')).open.map((deadline) => deadline.key);
    // The window runs from the client's activation to a year ahead: the seeded clients were active before either date.
    expect(await keys(clients.bigWithoutAsp)).toEqual(expect.arrayContaining([`einvoicing_asp:${MANDATE_DEADLINES['50m_or_more'].aspBy}`, `einvoicing_go_live:${MANDATE_DEADLINES['50m_or_more'].goLive}`]));
    expect(await keys(clients.smallWithoutAsp)).toEqual(expect.arrayContaining([`einvoicing_asp:${MANDATE_DEADLINES.under_50m.aspBy}`]));
    const appointed = await keys(clients.appointed);
    expect(appointed.filter((key) => key.startsWith('einvoicing_asp:'))).toEqual([]);
  });
});

describe("the Clients list's 'e-invoicing not ready' filter", () => {
  it('finds my clients without an ASP whose deadline is within 90 days or past, and no one else’s', async () => {
    const expected = [
      ...(bandsWithoutAspAt(today).includes('50m_or_more') ? [clients.bigWithoutAsp] : []),
      ...(bandsWithoutAspAt(today).includes('under_50m') ? [clients.smallWithoutAsp] : []),
    ];
    const found = await notReadyIds('BOOKKEEPER');
    expect(found.filter((id) => Object.values(clients).includes(id)).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(found).not.toContain(clients.appointed);
    expect(found).not.toContain(theirs);
    // An administrator's unfiltered view counts every client in the rule, another bookkeeper's included.
    const all = ok<Page<ClientListItem>>(await call('GET', 'clients/?einvoicing=not_ready&page_size=100', 'REVIEWER'));
    expect(all.count).toBeGreaterThanOrEqual(expected.length);
    expect((await call('GET', 'clients/?einvoicing=soon', 'BOOKKEEPER')).json()).toMatchObject({ field: 'einvoicing' });
  });
});

describe("Home's clients late for e-invoicing", () => {
  it('shows a bookkeeper their clients whose ASP deadline has passed with no ASP, linking to the filtered list', async () => {
    const late = bandsWithoutAspAt(today, true);
    const block = await lateBlock('BOOKKEEPER');
    expect(block).toBeDefined();
    const ids = block!.items.map((item) => item.id);
    expect(ids.includes(clients.bigWithoutAsp)).toBe(late.includes('50m_or_more'));
    expect(ids.includes(clients.smallWithoutAsp)).toBe(late.includes('under_50m'));
    expect(ids).not.toContain(clients.appointed);
    expect(ids).not.toContain(theirs);
    expect(block!.count).toBe(ids.length);
    expect(block!.href).toBe('/clients?bookkeeper=mine&einvoicing=not_ready');
    expect((await lateBlock(other))!.items.map((item) => item.id)).toEqual(late.includes('50m_or_more') ? [theirs] : []);
    expect(await lateBlock('REVIEWER')).toBeUndefined();
  });
});

describe('e-invoicing off (no ASP configured, as in this test back end)', () => {
  it('says so in the summary and the status, offers no sending, and refuses Send now (409) while documents are still made', async () => {
    expect(ok<{ enabled: boolean }>(await call('GET', 'einvoices/summary/', 'BOOKKEEPER')).enabled).toBe(false);
    const [invoice] = await q<{ invoice_id: number; version: number; state: string }>(
      `SELECT e.invoice_id, e.version, e.state FROM einvoices e JOIN invoices i ON i.id = e.invoice_id
       WHERE i.client_id = ANY($1::integer[]) AND e.state = 'queued' ORDER BY e.invoice_id LIMIT 1`,
      [[clients.bigWithoutAsp, clients.smallWithoutAsp, clients.appointed]],
    );
    expect(invoice, 'a demo invoice of these clients waits, not sent').toBeDefined();
    const status = ok<{ enabled: boolean; can_send: boolean; state: string }>(await call('GET', `invoices/${invoice!.invoice_id}/einvoice/status`, 'BOOKKEEPER'));
    expect(status).toMatchObject({ enabled: false, can_send: false });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice!.invoice_id}/einvoice/send`,
      headers: { ...auth(users.get('BOOKKEEPER')!.token), 'idempotency-key': crypto.randomUUID() },
      payload: { version: invoice!.version },
    });
    expect(status.state).toBe('queued');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/E-invoicing is off/);
  });
});
