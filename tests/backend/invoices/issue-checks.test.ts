/**
 * What a person meets issuing and correcting invoices, through HTTP against the real back end (demo data
 * seeded): the e-invoice rules checked before a one-off invoice is issued (POST invoices/check, and issuing
 * refused on the same rules, nothing issued), a unit price in part fils refused naming the field, credit notes
 * in AED with what is left to credit, listed on their invoice and without a due date, and the register (All
 * invoices) with credit notes as negative amounts in its CSV and the e-invoice state as a column and a filter.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientReadiness } from '../../../common/contract/einvoicing.ts';
import type { InvoiceCheck, InvoiceDetail, RegisterItem } from '../../../common/contract/invoices.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
/** A client with no TRN and no TIN, and one whose documents pass the rules. */
let withoutTin: number;
let valid: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, who: Role = 'ADMIN') =>
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
const line = { description: 'VAT registration (on-demand request)', quantity: 1, unit_fils: 150_000 };
const issuedCount = async () => (await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM invoices WHERE kind = 'invoice'"))[0]!.count;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN'], 'issue-checks');
  // Two active clients whose latest e-invoice passed the rules (a well-formed TRN, an emirate in the address).
  const [first, second] = await app.db.query<{ id: number }>(
    `SELECT DISTINCT c.id FROM clients c JOIN invoices i ON i.client_id = c.id JOIN einvoices e ON e.invoice_id = i.id
     WHERE c.status = 'active' AND c.vat_registered AND c.trn LIKE '1%' AND e.state <> 'invalid' AND NOT EXISTS (SELECT 1 FROM einvoices x JOIN invoices y ON y.id = x.invoice_id WHERE y.client_id = c.id AND x.state IN ('invalid', 'rejected'))
     ORDER BY c.id LIMIT 2`,
  );
  valid = first!.id;
  withoutTin = second!.id;
  // Not VAT-registered and no TIN recorded: nothing to address its e-invoice to (rule ibr-080).
  await app.db.query('UPDATE clients SET vat_registered = false, trn = NULL, vat_period = NULL WHERE id = $1', [withoutTin]);
  await app.db.query('UPDATE client_einvoicing SET tin = NULL WHERE client_id = $1', [withoutTin]);
}, 120_000);
afterAll(() => app?.close());

describe('a one-off invoice', () => {
  it("is checked against the e-invoice rules before it is issued: the check names ibr-080 and the client's TIN, and issuing is refused", async () => {
    const check = ok<InvoiceCheck>(await call('POST', 'invoices/check', { client_id: withoutTin, lines: [line] }));
    expect(check.failures).toEqual([expect.objectContaining({ rule: 'ibr-080', field: "Client's TIN" })]);
    const before = await issuedCount();
    const refused = await call('POST', 'invoices/', { client_id: withoutTin, lines: [line] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'client_id', message: expect.stringContaining('ibr-080') });
    expect(refused.json<{ message: string }>().message).toContain("Client's TIN");
    expect(await issuedCount()).toBe(before);

    // The TIN recorded: nothing fails, and it is issued with a document that passes.
    const readiness = ok<ClientReadiness>(await call('GET', `clients/${withoutTin}/einvoicing`));
    ok(await call('PUT', `clients/${withoutTin}/einvoicing`, { version: readiness.version, tin: '1400000007', revenue_band: readiness.revenue_band, asp_name: readiness.asp_name, asp_appointed_on: readiness.asp_appointed_on }));
    expect(ok<InvoiceCheck>(await call('POST', 'invoices/check', { client_id: withoutTin, lines: [line] })).failures).toEqual([]);
    const issued = ok<InvoiceDetail>(await call('POST', 'invoices/', { client_id: withoutTin, lines: [line] }), 201);
    const [document] = await app.db.query<{ state: string }>('SELECT state FROM einvoices WHERE invoice_id = $1', [issued.id]);
    expect(document!.state).toBe('queued');
  });

  it('refuses a unit price in part fils (three decimals of AED), naming the field', async () => {
    const response = await call('POST', 'invoices/', { client_id: valid, lines: [{ ...line, unit_fils: 12_345.6 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'lines.0.unit_fils', message: 'Unit price must be whole fils: AED with at most two decimals.' });
    expect((await call('POST', 'invoices/check', { client_id: valid, lines: [{ ...line, unit_fils: 0.5 }] })).json()).toMatchObject({ field: 'lines.0.unit_fils' });
  });
});

describe('credit notes', () => {
  it('after a partial credit say what is left, in AED; the invoice lists them; a credit note has no due date', async () => {
    const invoice = ok<InvoiceDetail>(await call('POST', 'invoices/', { client_id: valid, lines: [{ description: 'Bookkeeping catch-up', quantity: 1, unit_fils: 125_000 }] }), 201);
    expect(invoice).toMatchObject({ left_to_credit_fils: 125_000, credit_notes: [] });
    const note = ok<InvoiceDetail>(await call('POST', `invoices/${invoice.id}/credit-note`, { version: invoice.version, reason: 'Discount agreed after issue', net_fils: 10_000 }), 201);
    expect(note.due_on).toBeNull();
    const after = ok<InvoiceDetail>(await call('GET', `invoices/${invoice.id}`));
    expect(after.left_to_credit_fils).toBe(115_000);
    expect(after.credit_notes).toEqual([{ id: note.id, number: note.number, issued_on: note.issued_on, net_fils: 10_000, total_fils: 10_500, reason: 'Discount agreed after issue' }]);
    expect(after.due_on).not.toBeNull();
    const over = await call('POST', `invoices/${invoice.id}/credit-note`, { version: after.version, reason: 'Too much', net_fils: 115_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ field: 'net_fils', message: 'Amount must be at most what is left to credit: AED 1,150.00 before VAT.' });
  });
});

describe('the register (All invoices)', () => {
  it("gives credit notes as negative amounts in its CSV, no due date, and the e-invoice state as a column and a filter", async () => {
    const notes = ok<Page<RegisterItem>>(await call('GET', 'invoices/all/?status=credit_note&page_size=100'));
    expect(notes.count).toBeGreaterThan(0);
    expect(notes.results.every((row) => row.due_on === null && row.einvoice_state !== null)).toBe(true);
    const note = notes.results[0]!;

    const csv = await call('GET', `invoices/all/export?status=credit_note&search=${note.number}`);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.trim().split('\r\n').map((text) => text.split(','));
    expect(header).toContain('E-invoice');
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Number')).toBe(note.number);
    expect(cell('Due')).toBe('');
    expect(cell('Total (AED)')).toBe(`-${(note.total_fils / 100).toFixed(2)}`);
    expect(cell('Net (AED)')).toMatch(/^-\d+\.\d{2}$/);
    expect(cell('E-invoice')).not.toBe('');

    // The filter: every row in the state asked for, and its count the database's.
    const queued = ok<Page<RegisterItem>>(await call('GET', 'invoices/all/?einvoice=queued&page_size=100'));
    const [expected] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM einvoices WHERE state = 'queued'");
    expect(queued.count).toBe(expected!.count);
    expect(queued.results.every((item) => item.einvoice_state === 'queued')).toBe(true);
    const exported = await call('GET', 'invoices/all/export?einvoice=queued');
    expect(exported.body.trim().split('\r\n')).toHaveLength(expected!.count + 1);
  });
});
