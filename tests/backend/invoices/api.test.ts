/**
 * The invoices area through HTTP against the real back end (demo data seeded, sync off: no accounting
 * settings) and real emulator tokens: the demo's invoices in every sync state, roles per endpoint, the
 * bookkeeper's own clients only (another's invoice answers 404), retry, bulk retry with per-row results,
 * 'Mark as synced' (ADMIN, audited), one-off invoices and credit notes, the PDF and the client's own invoices.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InvoiceDetail, InvoiceListItem, InvoiceSummary, MyInvoice } from '../../../common/contract/invoices.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let other: TestUser;
const ids = new Map<string, number>();
/** Clients with unsynced invoices handed to the test bookkeeper, and one to another bookkeeper. */
let mine: number[];
let theirs: number;

const call = (method: 'GET' | 'POST', url: string, who: Role | TestUser, body?: unknown) =>
  app.inject({ method, url: `/api/${url}`, headers: auth((typeof who === 'string' ? users.get(who)! : who).token), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const unsyncedOf = (clientId: number) =>
  app.db.query<{ id: number; version: number; number: string; sync_state: string }>("SELECT id, version, number, sync_state FROM invoices WHERE client_id = $1 AND sync_state <> 'synced' ORDER BY id", [clientId]);

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'invoices');
  other = (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'invoices-other')).get('BOOKKEEPER')!;
  for (const [role, user] of [...users, ['other', other] as const]) {
    ids.set(role, (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  }
  const withUnsynced = (await app.db.query<{ client_id: number }>("SELECT DISTINCT client_id FROM invoices WHERE sync_state <> 'synced' ORDER BY client_id")).map((row) => row.client_id);
  mine = withUnsynced.slice(0, -1);
  theirs = withUnsynced.at(-1)!;
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = ANY($2::integer[])', [ids.get('BOOKKEEPER'), mine]);
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('other'), theirs]);
  await app.db.query('UPDATE clients SET user_id = $1 WHERE id = $2', [ids.get('CLIENT'), mine[0]]);
}, 120_000);
afterAll(() => app?.close());

describe('the demo data', () => {
  it('holds invoices in every sync state, the customer-TRN ones among them, and every active subscription invoiced for its current period', async () => {
    const states = await app.db.query<{ sync_state: string; kind: string | null; count: number }>(
      'SELECT sync_state, last_error_kind AS kind, count(*)::integer AS count FROM invoices GROUP BY 1, 2 ORDER BY 1, 2',
    );
    expect(new Set(states.map((row) => row.sync_state))).toEqual(new Set(['synced', 'waiting', 'retrying', 'needs_attention']));
    expect(states.find((row) => row.kind === 'customer_trn')!.count).toBeGreaterThanOrEqual(3);
    const [missing] = await app.db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM subscriptions s WHERE s.status = 'active' AND s.starts_on <= CURRENT_DATE AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.subscription_id = s.id AND i.period_start = s.starts_on)",
    );
    expect(missing!.count).toBe(0);
    // Numbers run without a gap.
    const [numbers] = await app.db.query<{ count: number; max: number }>("SELECT count(*)::integer AS count, max(sequence) AS max FROM invoices WHERE series = 'INV'");
    expect(numbers!.count).toBe(numbers!.max);
  });
});

describe('roles', () => {
  it('lets the Unsynced Inv roles read and refuses the others', async () => {
    for (const role of ['BOOKKEEPER', 'ADMIN', 'REVIEWER', 'BD_EXEC', 'BD_MANAGER', 'HR_MANAGER'] as const) {
      expect((await call('GET', 'invoices/', role)).statusCode, role).toBe(200);
      expect((await call('GET', 'invoices/summary/', role)).statusCode, role).toBe(200);
    }
    for (const role of ['MARKETING', 'CLIENT_ACCOUNT_MANAGER', 'CLIENT'] as const) expect((await call('GET', 'invoices/', role)).statusCode, role).toBe(403);
  });

  it('shows a bookkeeper only their clients and answers 404 for another bookkeeper\'s invoice', async () => {
    const page = ok<Page<InvoiceListItem>>(await call('GET', 'invoices/?page_size=100', 'BOOKKEEPER'));
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((row) => mine.includes(row.client.id))).toBe(true);
    const [foreign] = await unsyncedOf(theirs);
    expect((await call('GET', `invoices/${foreign!.id}`, 'BOOKKEEPER')).statusCode).toBe(404);
    expect((await call('GET', `invoices/${foreign!.id}/pdf`, 'BOOKKEEPER')).statusCode).toBe(404);
    expect((await call('POST', `invoices/${foreign!.id}/retry`, 'BOOKKEEPER', { version: foreign!.version })).statusCode).toBe(404);
    expect((await call('GET', `invoices/${foreign!.id}`, 'HR_MANAGER')).statusCode).toBe(200);
  });

  it('groups the errors in the summary, says sync is off, and tells who may write', async () => {
    const admin = ok<InvoiceSummary>(await call('GET', 'invoices/summary/', 'ADMIN'));
    expect(admin).toMatchObject({ sync_enabled: false, can_write: true, can_mark_synced: true });
    expect(admin.groups.find((group) => group.kind === 'customer_trn')!.label).toMatch(/^\d+ need(s)? a valid customer TRN$/);
    expect(admin.needs_attention).toBe(admin.groups.filter((group) => group.state === 'needs_attention').reduce((sum, group) => sum + group.count, 0));
    expect(ok<InvoiceSummary>(await call('GET', 'invoices/summary/', 'REVIEWER'))).toMatchObject({ can_write: false, can_mark_synced: false });
    expect(ok<InvoiceSummary>(await call('GET', 'invoices/summary/', 'BOOKKEEPER'))).toMatchObject({ can_write: true, can_mark_synced: false });
  });
});

describe('actions', () => {
  it('retries an invoice (ADMIN or its bookkeeper), refuses the read-only roles and a stale version', async () => {
    const [invoice] = (await unsyncedOf(mine[1]!)).length ? await unsyncedOf(mine[1]!) : await unsyncedOf(mine[0]!);
    for (const role of ['REVIEWER', 'BD_EXEC', 'HR_MANAGER'] as const) expect((await call('POST', `invoices/${invoice!.id}/retry`, role, { version: invoice!.version })).statusCode, role).toBe(403);
    const detail = ok<InvoiceDetail>(await call('POST', `invoices/${invoice!.id}/retry`, 'BOOKKEEPER', { version: invoice!.version }));
    expect(detail).toMatchObject({ sync_state: 'waiting', sync_tries: 0, version: invoice!.version + 1 });
    expect((await call('POST', `invoices/${invoice!.id}/retry`, 'BOOKKEEPER', { version: invoice!.version })).statusCode).toBe(409);
  });

  // A selection (or every invoice matching) is retried as a bulk job: tests/backend/bulk/service-desk-lists.test.ts.

  it("marks an invoice synced by hand: ADMIN only, with the external id and a reason, audited; it leaves the list", async () => {
    const invoice = (await unsyncedOf(theirs))[0]!;
    const body = { version: invoice.version, external_id: '982000000123456', reason: 'Entered in Zoho Books by hand while the customer TRN was corrected.' };
    expect((await call('POST', `invoices/${invoice.id}/mark-synced`, other, body)).statusCode).toBe(403);
    expect((await call('POST', `invoices/${invoice.id}/mark-synced`, 'ADMIN', { ...body, reason: '   ' })).statusCode).toBe(400);
    const detail = ok<InvoiceDetail>(await call('POST', `invoices/${invoice.id}/mark-synced`, 'ADMIN', body));
    expect(detail).toMatchObject({ sync_state: 'synced', external_id: '982000000123456' });
    expect(detail.attempts[0]).toMatchObject({ outcome: 'marked', error: body.reason });
    const [audit] = await app.db.query<{ actor_id: number; data: { reason: string } }>("SELECT actor_id, data FROM audit_events WHERE entity = 'invoice' AND entity_id = $1 AND kind = 'invoice_marked_synced'", [invoice.id]);
    expect(audit).toMatchObject({ actor_id: ids.get('ADMIN'), data: { reason: body.reason } });
    const list = ok<Page<InvoiceListItem>>(await call('GET', `invoices/?search=${invoice.number}`, 'ADMIN'));
    expect(list.results).toEqual([]);
  });

  it('raises a one-off invoice with 5 % VAT per line (ADMIN and the bookkeeper), refuses the read-only roles', async () => {
    const body = { client_id: mine[0], lines: [{ description: 'Corporate tax registration (on-demand request)', quantity: 1, unit_fils: 75_000 }, { description: 'Courier', quantity: 3, unit_fils: 3_333 }] };
    expect((await call('POST', 'invoices/', 'REVIEWER', body)).statusCode).toBe(403);
    expect((await call('POST', 'invoices/', other, body)).statusCode).toBe(404);
    const created = ok<InvoiceDetail>(await call('POST', 'invoices/', 'BOOKKEEPER', body), 201);
    expect(created.lines.map((line) => [line.net_fils, line.vat_fils, line.total_fils])).toEqual([
      [75_000, 3_750, 78_750],
      [9_999, 500, 10_499],
    ]);
    expect(created).toMatchObject({ kind: 'invoice', net_fils: 84_999, vat_fils: 4_250, total_fils: 89_249, sync_state: 'waiting' });
    expect((await call('POST', 'invoices/', 'ADMIN', { ...body, lines: [{ description: ' ', quantity: 1, unit_fils: 1 }] })).statusCode).toBe(400);
  });

  it('corrects an invoice with a credit note that references it, never more than is left to credit', async () => {
    const [invoice] = await app.db.query<{ id: number; version: number; number: string; net_fils: number }>(
      "SELECT id, version, number, net_fils FROM invoices WHERE kind = 'invoice' AND client_id = $1 ORDER BY id LIMIT 1",
      [mine[0]],
    );
    expect((await call('POST', `invoices/${invoice!.id}/credit-note`, 'ADMIN', { version: invoice!.version, reason: 'Overcharged', net_fils: invoice!.net_fils + 1 })).statusCode).toBe(400);
    const credit = ok<InvoiceDetail>(await call('POST', `invoices/${invoice!.id}/credit-note`, 'ADMIN', { version: invoice!.version, reason: 'Discount agreed after issue', net_fils: 10_000 }), 201);
    expect(credit).toMatchObject({ kind: 'credit_note', number: expect.stringMatching(/^CN-\d{6}$/), credited_invoice: { id: invoice!.id, number: invoice!.number }, net_fils: 10_000, vat_fils: 500 });
    // The invoice itself is unchanged but for its version; a second note from the stale screen is refused.
    expect((await call('POST', `invoices/${invoice!.id}/credit-note`, 'ADMIN', { version: invoice!.version, reason: 'Again' })).statusCode).toBe(409);
    const [after] = await app.db.query<{ net_fils: number }>('SELECT net_fils FROM invoices WHERE id = $1', [invoice!.id]);
    expect(after!.net_fils).toBe(invoice!.net_fils);
  });
});

describe('the PDF and the client\'s own invoices', () => {
  it('serves the PDF to staff and to the client it belongs to, nobody else', async () => {
    const [invoice] = await app.db.query<{ id: number; number: string }>('SELECT id, number FROM invoices WHERE client_id = $1 ORDER BY id LIMIT 1', [mine[0]]);
    const response = await call('GET', `invoices/${invoice!.id}/pdf?download=true`, 'REVIEWER');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${invoice!.number}.pdf`);
    expect(await pdfText(response.rawPayload)).toContain(invoice!.number);
    const mineList = ok<Page<MyInvoice>>(await call('GET', 'me/invoices/', 'CLIENT'));
    expect(mineList.results.map((row) => row.id)).toContain(invoice!.id);
    expect((await call('GET', `me/invoices/${invoice!.id}/pdf`, 'CLIENT')).statusCode).toBe(200);
    const [foreign] = await app.db.query<{ id: number }>('SELECT id FROM invoices WHERE client_id = $1 LIMIT 1', [theirs]);
    expect((await call('GET', `me/invoices/${foreign!.id}/pdf`, 'CLIENT')).statusCode).toBe(404);
    expect((await call('GET', 'me/invoices/', 'ADMIN')).statusCode).toBe(403);
  });
});
