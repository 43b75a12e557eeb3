/**
 * The invoices register against the real back end (demo data seeded) and real emulator
 * tokens: every invoice in every state (synced ones too), filtered by status, client and issue period, a tax
 * invoice's credited amount once a credit note is raised, a bookkeeper's only their clients', and the CSV
 * export of the same selection with formula-safe cells.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InvoiceDetail, InvoiceListItem, RegisterItem } from '../../../common/contract/invoices.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const ids = new Map<Role, number>();

const call = (method: 'GET' | 'POST', url: string, who: Role, body?: Record<string, unknown>) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(users.get(who)!.token), 'idempotency-key': `${Math.random()}` }, ...(body ? { payload: body } : {}) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const register = async (query: string, who: Role = 'ADMIN') => ok<Page<RegisterItem>>(await call('GET', `invoices/all/?page_size=100&${query}`, who));

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER', 'BD_EXEC'], 'register');
  for (const [role, user] of users) ids.set(role, (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
}, 120_000);
afterAll(() => app?.close());

describe('the invoices register', () => {
  it('lists every invoice in every state, by status, client and period, with what credit notes took off', async () => {
    const all = await register('');
    const unsynced = ok<Page<InvoiceListItem>>(await call('GET', 'invoices/?page_size=100', 'ADMIN'));
    expect(all.count).toBeGreaterThan(unsynced.count);
    const synced = await register('status=synced');
    expect(synced.count).toBeGreaterThan(0);
    expect(synced.results.every((row) => row.kind === 'invoice' && row.sync_state === 'synced')).toBe(true);
    expect((await register('status=issued')).results.every((row) => row.kind === 'invoice' && row.sync_state !== 'synced')).toBe(true);
    // The page's other roles read it too (BD_EXEC sees Unsynced Inv); unknown filters are refused.
    expect((await register('', 'BD_EXEC')).count).toBe(all.count);
    expect((await call('GET', 'invoices/all/?status=paid', 'ADMIN')).statusCode).toBe(400);

    // A credit note on a synced invoice: the invoice is 'credited' with the amount, the note lists which it credits.
    const target = synced.results[0]!;
    const detail = ok<InvoiceDetail>(await call('GET', `invoices/${target.id}`, 'ADMIN'));
    const note = ok<InvoiceDetail>(await call('POST', `invoices/${target.id}/credit-note`, 'ADMIN', { version: detail.version, reason: 'Billed twice', net_fils: 10_000 }), 201);
    const credited = await register(`status=credited&client=${target.client.id}`);
    expect(credited.results.find((row) => row.id === target.id)).toMatchObject({ credited_fils: note.total_fils });
    const notes = await register(`status=credit_note&client=${target.client.id}`);
    expect(notes.results.find((row) => row.id === note.id)).toMatchObject({ kind: 'credit_note', credited_invoice: { id: target.id, number: target.number }, credited_fils: 0 });

    const ofClient = await register(`client=${target.client.id}`);
    expect(ofClient.results.every((row) => row.client.id === target.client.id)).toBe(true);
    const day = target.issued_on;
    const period = await register(`from=${day}&to=${day}`);
    expect(period.results.map((row) => row.id)).toContain(target.id);
    expect(period.results.every((row) => row.issued_on === day)).toBe(true);
  });

  it("gives a bookkeeper only their clients' invoices, and exports the selection as formula-safe CSV", async () => {
    const [client] = await app.db.query<{ id: number }>('SELECT client_id AS id FROM invoices GROUP BY client_id ORDER BY client_id LIMIT 1');
    await app.db.query("UPDATE clients SET bookkeeper_id = $1, legal_name = '=HYPERLINK(\"http://x\")' WHERE id = $2", [ids.get('BOOKKEEPER'), client!.id]);
    const mine = await register('', 'BOOKKEEPER');
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((row) => row.client.id === client!.id)).toBe(true);
    expect((await register(`client=${client!.id + 1}`, 'BOOKKEEPER')).count).toBe(0);

    const response = await call('GET', `invoices/all/export?client=${client!.id}`, 'BOOKKEEPER');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Number,Kind,Client,Issued,Due,Net (AED),VAT (AED),Total (AED),Credited (AED),Credits invoice,Sync,External id,E-invoice');
    expect(lines).toHaveLength(mine.count + 1);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toMatch(/,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},/);
    // Issued and due as dates, never instants.
    expect(lines.slice(1).every((line) => /,\d{4}-\d{2}-\d{2},(\d{4}-\d{2}-\d{2})?,-?\d+\.\d{2},/.test(line))).toBe(true);
  });
});
