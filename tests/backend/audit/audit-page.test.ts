/**
 * The Audit page's back end on the demo data: every area's events newest first, each filter, the request id
 * and client address recorded with a write, ADMIN only, and the CSV export (formula-safe, itself audited).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_EVENT_KINDS, type AuditEntry } from '../../../common/contract/audit.ts';
import { dueDiligenceDetailPath, invoiceListPath } from '../../../common/links.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { dubaiDate } from '../../../common/calendar.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, stepUpCodes, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

const get = (url: string, role: Role = 'ADMIN') => app.inject({ method: 'GET', url, headers: auth(users.get(role)!.token) });
const list = async (query: string) => {
  const response = await get(`/api/audit/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<AuditEntry>>();
};
const idOf = async (email: string) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'audit-page');
});
afterAll(() => app?.close());

describe('the Audit page', () => {
  it('lists every area’s events newest first, ADMIN only', async () => {
    const page = await list('page_size=100');
    expect(page.count).toBeGreaterThan(100);
    const times = page.results.map((entry) => Date.parse(entry.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const all = await app.db.query<{ entity: string }>('SELECT DISTINCT entity FROM audit_events');
    expect(all.length).toBeGreaterThan(5);
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) expect((await get('/api/audit/', role)).statusCode).toBe(403);
  });

  it('records the request id and the client address with a write, and filters by person, record, area, kind and dates', async () => {
    const admin = users.get('ADMIN')!;
    const target = users.get('MARKETING')!;
    const targetId = await idOf(target.email);
    const change = await app.inject({
      method: 'PATCH',
      url: `/api/users/${targetId}`,
      headers: { ...auth(admin.token), 'x-request-id': 'audit-test-request-1', 'x-forwarded-for': '203.0.113.7' },
      remoteAddress: '127.0.0.1',
      // A role change takes the ADMIN's fresh code (step-up).
      payload: { role: 'BD_EXEC', code: await (await stepUpCodes(app, admin.email)).code() },
    });
    expect(change.statusCode, change.body).toBe(200);
    const adminId = await idOf(admin.email);
    const mine = await list(`actor=${adminId}&entity=user&record=${targetId}&kind=role_changed`);
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({
      kind: 'role_changed',
      entity: 'user',
      entity_id: targetId,
      area: 'users',
      actor: { id: adminId, email: admin.email },
      before: { role: 'MARKETING' },
      after: { role: 'BD_EXEC' },
      request_id: 'audit-test-request-1',
      client_address: '203.0.113.7',
    });
    // The filter's dates are Dubai days: from 20:00 to 24:00 UTC the UTC date is still the day before Dubai's.
    const today = dubaiDate(new Date());
    expect((await list(`actor=${adminId}&area=users&from=${today}&to=${today}`)).count).toBeGreaterThanOrEqual(1);
    expect((await list(`actor=${adminId}&area=clients`)).count).toBe(0);
    expect((await list(`actor=${adminId}&to=2000-01-01`)).count).toBe(0);
    const clients = await list('area=clients&page_size=100');
    expect(clients.count).toBeGreaterThan(0);
    expect(new Set(clients.results.map((entry) => entry.area))).toEqual(new Set(['clients']));
  });

  it('refuses a bad filter naming it', async () => {
    const response = await get('/api/audit/?area=nowhere');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_INPUT' });
    expect(response.body).toContain('Area');
  });

  it('exports the selection as CSV with formula-safe cells, and audits the export', async () => {
    const admin = users.get('ADMIN')!;
    const adminId = await idOf(admin.email);
    // A value a spreadsheet would run: the export must neutralise it.
    await app.db.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data) VALUES ('user', $1, 'invited', $1, $2)", [adminId, JSON.stringify({ note: 'x' })]);
    await app.db.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, request_id) VALUES ('user', $1, 'invited', $1, '{}', '=HYPERLINK(\"http://evil\")')", [adminId]);
    const response = await get(`/api/audit/export?actor=${adminId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('When,Person,Event,Area,Record kind,Record,Record id,Details,Before,After,Request id,Client address');
    // The exports' one convention: an instant in Dubai time with its zone said.
    expect(lines.slice(1).every((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+04:00,/.test(line))).toBe(true);
    // Details in words, not the event's JSON.
    expect(response.body).toContain('Note: x');
    expect(response.body).not.toContain('{""note""');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
    // The export is recorded before it is read, so the file holds its own event too.
    expect(lines.length - 1).toBe((await list(`actor=${adminId}`)).count);
    const exported = await list(`actor=${adminId}&kind=audit_exported`);
    expect(exported.count).toBe(1);
    expect(exported.results[0]!.data).toEqual({ filters: { actor: adminId } });
  });

  it('offers every kind the trail holds in its event filter (AML and e-invoicing included)', async () => {
    const kinds = (await app.db.query<{ kind: string }>('SELECT DISTINCT kind FROM audit_events')).map((row) => row.kind);
    expect(kinds).toContain('list_imported');
    expect(kinds.filter((kind) => !AUDIT_EVENT_KINDS.includes(kind))).toEqual([]);
    for (const kind of ['party_added', 'match_confirmed', 'edd_approved', 'einvoice_send_requested', 'einvoicing_profile_updated']) expect(AUDIT_EVENT_KINDS).toContain(kind);
  });

  it('names each record by its business number or name and links to its page', async () => {
    // An invoice's id is not its number: the page shows INV-/CN- numbers, never 'Invoice 146'.
    const [invoice] = await app.db.query<{ id: number; number: string; client_name: string }>(
      "SELECT i.id, i.number, i.client_name FROM invoices i WHERE EXISTS (SELECT 1 FROM audit_events a WHERE a.entity = 'invoice' AND a.entity_id = i.id) ORDER BY i.kind = 'credit_note' DESC, i.id LIMIT 1",
    );
    const invoices = await list(`entity=invoice&record=${invoice!.id}`);
    expect(invoices.count).toBeGreaterThan(0);
    expect(invoices.results[0]!.record).toEqual({ label: `${invoice!.number} · ${invoice!.client_name}`, href: invoiceListPath({ invoice: invoice!.id }) });
    expect(invoice!.number).toMatch(/^(INV|CN)-\d{6}$/);

    const registrations = await list('entity=registration&page_size=5');
    for (const entry of registrations.results) expect(entry.record.label).toMatch(/^REG-\d{4}-\d+ · \S/);

    // An AML party's event names the party, and opens its registration's due diligence.
    const [party] = await app.db.query<{ id: number; name: string; user_id: number }>(
      'SELECT p.id, p.name, r.user_id FROM aml_parties p JOIN registrations r ON r.id = p.registration_id ORDER BY p.id LIMIT 1',
    );
    await app.db.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data) VALUES ('aml_party', $1, 'party_updated', NULL, $2)", [
      party!.id,
      JSON.stringify({ registration_id: 12, changed: ['pep'] }),
    ]);
    const parties = await list(`entity=aml_party&record=${party!.id}`);
    expect(parties.results[0]!.record.label.startsWith(`${party!.name} · REG-`)).toBe(true);
    expect(parties.results[0]!.record.href).toBe(dueDiligenceDetailPath(party!.user_id));
  });

  it('refuses a period whose end comes before its start, naming the field, in the list and the export', async () => {
    for (const path of ['/api/audit/?from=2026-03-10&to=2026-03-01', '/api/audit/export?from=2026-03-10&to=2026-03-01']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', field: 'to', message: 'To must be on or after From (10-Mar-2026).' });
    }
    expect((await get('/api/audit/?from=2026-03-10&to=2026-03-10')).statusCode).toBe(200);
  });
});
