/**
 * The clients area against the real back end (demo data seeded) and real emulator tokens: the visibility rule
 * on every client-scoped endpoint (a bookkeeper's guess at another client's id answers 404, and the test finds
 * the routes from the app itself so a new one cannot be missed), each write per role, the list's filters and
 * export, the subscription actions, the monthly report workflow, insights (money in fils, the CSV import that
 * names a bad row and imports nothing), documents and requests, the compliance calendar, and the client's own
 * me/ reads.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, addMonthsToMonth, dubaiDate, monthOfDate } from '../../../common/calendar.ts';
import type {
  ClientDeadlines,
  ClientDetail,
  ClientDocuments,
  ClientInsights,
  ClientListItem,
  ClientTimelineEvent,
  ImportInsightsResult,
  MonthlyInsight,
  MonthlyReport,
  MyDocumentRequest,
  MyReport,
  Subscription,
  TeamChoices,
} from '../../../common/contract/clients.ts';
import type { NotificationRecord } from '../../../common/contract/notifications.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { cyclePrice } from '../../../common/pricing.ts';
import { REPORT_CONFLICT_MESSAGE, SUBSCRIPTION_CONFLICT_MESSAGE } from '../../../common/clients.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { makeCardPng, makePdf } from '../../../backend/src/demo/files.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
/** A second bookkeeper, to prove one bookkeeper never reaches another's clients. */
let otherBookkeeper: TestUser;
let clientUser: TestUser;
const ids = new Map<string, number>();
/** Seeded clients handed to the test bookkeeper (mine) and to the other one (theirs). */
let mine: number[];
let theirs: number;

const today = dubaiDate();
const lastMonth = addMonthsToMonth(monthOfDate(today), -1);
const pdfBase64 = (title = 'Report') => makePdf(title, ['Figures']).toString('base64');
const pngBase64 = () => makeCardPng([10, 20, 30], 1).toString('base64');

type Who = Role | TestUser;
const tokenOf = (who: Who) => (typeof who === 'string' ? users.get(who)!.token : who.token);
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: Who, body?: unknown, key?: string) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(tokenOf(who)), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const get = (url: string, who: Who = 'ADMIN') => call('GET', url, who);
const post = (url: string, body: unknown, who: Who = 'ADMIN', key?: string) => call('POST', url, who, body, key);
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const userId = async (user: TestUser) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id;
const client = async (id: number, who: Who = 'ADMIN') => ok<ClientDetail>(await get(`clients/${id}`, who));

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'clients');
  otherBookkeeper = (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'clients-other')).get('BOOKKEEPER')!;
  clientUser = users.get('CLIENT')!;
  for (const [role, user] of users) ids.set(role, await userId(user));
  ids.set('other', await userId(otherBookkeeper));
  // Four active clients with full histories become the test bookkeeper's, one the other bookkeeper's; the
  // test client account owns the first.
  const seeded = (
    await app.db.query<{ id: number }>(
      `SELECT c.id FROM clients c WHERE c.status = 'active' AND c.vat_registered AND c.registration_id IS NULL
         AND EXISTS (SELECT 1 FROM monthly_insights i WHERE i.client_id = c.id)
       ORDER BY c.id LIMIT 5`,
    )
  ).map((row) => row.id);
  mine = seeded.slice(0, 4);
  theirs = seeded[4]!;
  await app.db.query('UPDATE clients SET bookkeeper_id = $1, reviewer_id = $2 WHERE id = ANY($3::integer[])', [ids.get('BOOKKEEPER'), ids.get('REVIEWER'), mine]);
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('other'), theirs]);
  await app.db.query('UPDATE clients SET user_id = $1 WHERE id = $2', [ids.get('CLIENT'), mine[0]]);
}, 120_000);
afterAll(() => app?.close());

describe('the demo data', () => {
  it('holds about 40 active clients across plans, cycles and bookkeepers, the demo bookkeeper with about 10', async () => {
    const [counts] = await app.db.query<{ active: number; paused: number; cancelled: number; plans: number; cycles: number; bookkeepers: number }>(
      `SELECT count(*) FILTER (WHERE c.status = 'active')::integer AS active, count(*) FILTER (WHERE c.status = 'paused')::integer AS paused,
              count(*) FILTER (WHERE c.status = 'cancelled')::integer AS cancelled, count(DISTINCT s.plan_id)::integer AS plans,
              count(DISTINCT s.cycle)::integer AS cycles, count(DISTINCT c.bookkeeper_id)::integer AS bookkeepers
       FROM clients c JOIN subscriptions s ON s.client_id = c.id`,
    );
    expect(counts!.active).toBeGreaterThanOrEqual(36);
    expect(counts!.paused).toBeGreaterThan(0);
    expect(counts!.cancelled).toBeGreaterThan(0);
    expect(counts).toMatchObject({ plans: 4, cycles: 3 });
    expect(counts!.bookkeepers).toBeGreaterThanOrEqual(4);
    const [demo] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM clients c JOIN users u ON u.id = c.bookkeeper_id WHERE u.email = 'bookkeeper@example.com'");
    expect(demo!.count).toBeGreaterThanOrEqual(8);
  });

  it('links the activated registrations of the onboarding demo, reports in every state, an expired licence and deadlines due this week', async () => {
    const [linked] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM registrations r JOIN clients c ON c.registration_id = r.id WHERE r.stage = 'account_activated'");
    expect(linked!.count).toBeGreaterThan(0);
    const states = (await app.db.query<{ state: string }>('SELECT DISTINCT state FROM monthly_reports ORDER BY state')).map((row) => row.state);
    expect(states).toEqual(['approved', 'draft', 'published', 'returned', 'submitted', 'superseded']);
    const [expired] = await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM clients WHERE licence_expires_on < $1::date', [today]);
    // The clients seed has one; the onboarding demo may activate a company whose licence has lapsed too.
    expect(expired!.count).toBeGreaterThanOrEqual(1);
    const [thisWeek] = await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM clients WHERE next_deadline_on BETWEEN $1::date AND $2::date', [today, addDays(today, 7)]);
    expect(thisWeek!.count).toBeGreaterThan(0);
    const [months] = await app.db.query<{ most: number }>('SELECT max(n)::integer AS most FROM (SELECT count(*) AS n FROM monthly_insights GROUP BY client_id) x');
    expect(months!.most).toBe(12);
  });
});

describe('who sees which client', () => {
  it('lists only a bookkeeper’s own clients; ADMIN and REVIEWER see every client', async () => {
    const own = ok<Page<ClientListItem>>(await get('clients/?page_size=100', 'BOOKKEEPER'));
    expect(own.results.map((item) => item.id).sort()).toEqual([...mine].sort());
    const [{ total } = { total: 0 }] = await app.db.query<{ total: number }>('SELECT count(*)::integer AS total FROM clients');
    for (const role of ['ADMIN', 'REVIEWER'] as const) expect(ok<Page<ClientListItem>>(await get('clients/', role)).count).toBe(total);
    const exported = await get('clients/export/', 'BOOKKEEPER');
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split('\r\n')).toHaveLength(1 + mine.length);
  });

  it('answers 404 on every client-scoped endpoint to a bookkeeper guessing another bookkeeper’s client, and 200 to ADMIN and REVIEWER', async () => {
    const [subscription] = await app.db.query<{ id: number }>('SELECT id FROM subscriptions WHERE client_id = $1 ORDER BY id DESC LIMIT 1', [theirs]);
    const [report] = await app.db.query<{ id: number }>("SELECT id FROM monthly_reports WHERE client_id = $1 AND state = 'published' ORDER BY id LIMIT 1", [theirs]);
    const [document] = await app.db.query<{ id: number }>('SELECT id FROM client_documents WHERE client_id = $1 LIMIT 1', [theirs]);
    const [onboarding] = await app.db.query<{ id: number; client_id: number }>('SELECT d.id, c.id AS client_id FROM registration_documents d JOIN clients c ON c.registration_id = d.registration_id LIMIT 1');
    await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('other'), onboarding!.client_id]);
    const [request] = await app.db.query<{ id: number }>('INSERT INTO client_document_requests (client_id, kind, note) VALUES ($1, $2, $3) RETURNING id', [theirs, 'passport', 'Passport copy']);
    const version = { version: 1 };
    const figures = { revenue_fils: 1, expenses_fils: 1, net_profit_fils: 0, cash_at_bank_fils: 0, vat_payable_fils: 0, version: null };
    // Every route of the area that names a client, directly or through a record of one.
    const probes: Record<string, () => Promise<LightMyRequestResponse>> = {
      'GET /api/clients/:clientId': () => get(`clients/${theirs}`, 'BOOKKEEPER'),
      'PATCH /api/clients/:clientId': () => call('PATCH', `clients/${theirs}`, 'BOOKKEEPER', { version: 1, phone: '+971 4 000 0000' }),
      'GET /api/clients/:clientId/events': () => get(`clients/${theirs}/events`, 'BOOKKEEPER'),
      'GET /api/clients/:clientId/documents': () => get(`clients/${theirs}/documents`, 'BOOKKEEPER'),
      'POST /api/clients/:clientId/documents': () => post(`clients/${theirs}/documents`, { kind: 'other', file_name: 'a.pdf', content_type: 'application/pdf', content_base64: pdfBase64() }, 'BOOKKEEPER'),
      'GET /api/clients/:clientId/documents/:documentId': () => get(`clients/${theirs}/documents/${document!.id}`, 'BOOKKEEPER'),
      'GET /api/clients/:clientId/onboarding-documents/:documentId': () => get(`clients/${onboarding!.client_id}/onboarding-documents/${onboarding!.id}`, 'BOOKKEEPER'),
      'POST /api/clients/:clientId/document-requests': () => post(`clients/${theirs}/document-requests`, { kind: 'passport', note: 'Please' }, 'BOOKKEEPER'),
      'POST /api/clients/:clientId/document-requests/:requestId/cancel': () => post(`clients/${theirs}/document-requests/${request!.id}/cancel`, {}, 'BOOKKEEPER'),
      'GET /api/clients/:clientId/deadlines': () => get(`clients/${theirs}/deadlines`, 'BOOKKEEPER'),
      'POST /api/clients/:clientId/deadlines/file': () => post(`clients/${theirs}/deadlines/file`, { key: `vat_return:${lastMonth}`, reference: 'X' }, 'BOOKKEEPER'),
      'GET /api/clients/:clientId/einvoicing': () => get(`clients/${theirs}/einvoicing`, 'BOOKKEEPER'),
      'PUT /api/clients/:clientId/einvoicing': () => call('PUT', `clients/${theirs}/einvoicing`, 'BOOKKEEPER', { tin: '1002345678', revenue_band: null, asp_name: null, asp_appointed_on: null }),
      'GET /api/subscriptions/:subscriptionId': () => get(`subscriptions/${subscription!.id}`, 'BOOKKEEPER'),
      'POST /api/subscriptions/:subscriptionId/change': () => post(`subscriptions/${subscription!.id}/change`, { plan_id: 1, cycle: 'annual', ...version }, 'BOOKKEEPER'),
      'POST /api/subscriptions/:subscriptionId/pause': () => post(`subscriptions/${subscription!.id}/pause`, version, 'BOOKKEEPER'),
      'POST /api/subscriptions/:subscriptionId/resume': () => post(`subscriptions/${subscription!.id}/resume`, version, 'BOOKKEEPER'),
      'POST /api/subscriptions/:subscriptionId/cancel': () => post(`subscriptions/${subscription!.id}/cancel`, { reason: 'other', note: 'x', ...version }, 'BOOKKEEPER'),
      'POST /api/subscriptions/': () => post('subscriptions/', { client_id: theirs, plan_id: 1, cycle: 'monthly', starts_on: today }, 'BOOKKEEPER'),
      'GET /api/monthly-reports/:reportId': () => get(`monthly-reports/${report!.id}`, 'BOOKKEEPER'),
      'PATCH /api/monthly-reports/:reportId': () => call('PATCH', `monthly-reports/${report!.id}`, 'BOOKKEEPER', { summary: 'x', ...version }),
      'GET /api/monthly-reports/:reportId/file': () => get(`monthly-reports/${report!.id}/file`, 'BOOKKEEPER'),
      'PUT /api/monthly-reports/:reportId/file': () => call('PUT', `monthly-reports/${report!.id}/file`, 'BOOKKEEPER', { file_name: 'r.pdf', content_base64: pdfBase64(), ...version }),
      'POST /api/monthly-reports/:reportId/submit': () => post(`monthly-reports/${report!.id}/submit`, version, 'BOOKKEEPER'),
      'POST /api/monthly-reports/:reportId/approve': () => post(`monthly-reports/${report!.id}/approve`, version, 'BOOKKEEPER'),
      'POST /api/monthly-reports/:reportId/return': () => post(`monthly-reports/${report!.id}/return`, { reason: 'x', ...version }, 'BOOKKEEPER'),
      'POST /api/monthly-reports/:reportId/publish': () => post(`monthly-reports/${report!.id}/publish`, version, 'BOOKKEEPER'),
      'POST /api/monthly-reports/': () => post('monthly-reports/', { client_id: theirs, month: lastMonth }, 'BOOKKEEPER'),
      'GET /api/clients/:id/budget': () => get(`clients/${theirs}/budget?month=${lastMonth}`, 'BOOKKEEPER'),
      'GET /api/monthly-insights/': () => get(`monthly-insights/?client=${theirs}`, 'BOOKKEEPER'),
      'PUT /api/monthly-insights/:clientId/:month': () => call('PUT', `monthly-insights/${theirs}/${lastMonth}`, 'BOOKKEEPER', figures),
      'POST /api/monthly-insights/import': () => post('monthly-insights/import', { client_id: theirs, csv: 'month,revenue,expenses,net_profit,cash_at_bank,vat_payable\n2025-01,1,1,0,0,0' }, 'BOOKKEEPER'),
    };
    const scoped = app.routeTable
      .filter((route) => /^\/api\/(clients|subscriptions|monthly-reports|monthly-insights)\//.test(route.url))
      .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`))
      // Lists and choices name no single client: their rule is the list's (tested above and below).
      .filter(
        (name) =>
          !['GET /api/clients/', 'GET /api/clients/export/', 'GET /api/clients/team-choices/', 'GET /api/subscriptions/', 'GET /api/subscriptions/subscription-cycle-choices/', 'GET /api/monthly-reports/'].includes(name),
      );
    expect(Object.keys(probes).sort()).toEqual([...new Set(scoped)].sort());
    for (const [name, probe] of Object.entries(probes)) {
      const response = await probe();
      expect(`${name} ${response.statusCode}`).toBe(`${name} 404`);
      expect(response.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    }
    for (const role of ['ADMIN', 'REVIEWER'] as const) {
      expect((await get(`clients/${theirs}`, role)).statusCode).toBe(200);
      expect((await get(`clients/${theirs}/documents/${document!.id}`, role)).statusCode).toBe(200);
      expect((await get(`monthly-reports/${report!.id}/file`, role)).statusCode).toBe(200);
      expect((await get(`monthly-insights/?client=${theirs}`, role)).statusCode).toBe(200);
    }
    // The area's lists never carry another bookkeeper's records either.
    expect(ok<Page<Subscription>>(await get(`subscriptions/?client=${theirs}`, 'BOOKKEEPER')).count).toBe(0);
    expect(ok<Page<MonthlyReport>>(await get(`monthly-reports/?client=${theirs}`, 'BOOKKEEPER')).count).toBe(0);
    expect(ok<Page<MonthlyReport>>(await get('monthly-reports/?page_size=100', 'BOOKKEEPER')).results.every((item) => mine.includes(item.client_id))).toBe(true);
  });

  it('keeps the Clients page to its roles and the client’s own records to the CLIENT role', async () => {
    for (const role of ['BD_EXEC', 'BD_MANAGER', 'HR_MANAGER', 'MARKETING', 'CLIENT', 'CLIENT_ACCOUNT_MANAGER'] as const) {
      expect((await get(`clients/${mine[0]}`, role)).statusCode).toBe(403);
      expect((await get('clients/', role)).statusCode).toBe(403);
    }
    for (const role of ['ADMIN', 'BOOKKEEPER', 'REVIEWER'] as const) expect((await get('me/monthly-reports', role)).statusCode).toBe(403);
  });
});

describe('the Clients list', () => {
  it('searches legal name, trade licence number and TRN', async () => {
    const [row] = await app.db.query<{ id: number; legal_name: string; trade_licence_number: string; trn: string }>('SELECT id, legal_name, trade_licence_number, trn FROM clients WHERE trn IS NOT NULL ORDER BY id LIMIT 1');
    for (const term of [row!.legal_name.slice(0, 8).toUpperCase(), row!.trade_licence_number, row!.trn.slice(3, 12)]) {
      const page = ok<Page<ClientListItem>>(await get(`clients/?search=${encodeURIComponent(term)}`));
      expect(page.results.map((item) => item.id)).toContain(row!.id);
    }
    expect(ok<Page<ClientListItem>>(await get('clients/?search=%25')).count).toBe(0);
  });

  it('filters by plan, bookkeeper (mine, none, an id), VAT registration, licence expiry and status, and sorts', async () => {
    const all = ok<Page<ClientListItem>>(await get('clients/?page_size=100')).results;
    const growth = all.find((item) => item.plan?.code === 'growth')!.plan!.id;
    expect(ok<Page<ClientListItem>>(await get(`clients/?plan=${growth}&page_size=100`)).results.every((item) => item.plan?.id === growth)).toBe(true);
    const mineForBookkeeper = ok<Page<ClientListItem>>(await get('clients/?bookkeeper=mine&page_size=100', 'BOOKKEEPER')).results.map((item) => item.id);
    expect(mineForBookkeeper.sort()).toEqual([...mine].sort());
    // 'Mine' for a reviewer: the clients whose reports they review.
    expect(ok<Page<ClientListItem>>(await get('clients/?bookkeeper=mine&page_size=100', 'REVIEWER')).results.map((item) => item.id).sort()).toEqual([...mine].sort());
    expect(ok<Page<ClientListItem>>(await get('clients/?bookkeeper=none')).results.every((item) => item.bookkeeper === null)).toBe(true);
    expect(ok<Page<ClientListItem>>(await get(`clients/?bookkeeper=${ids.get('other')}`)).results.map((item) => item.id)).toContain(theirs);
    expect(ok<Page<ClientListItem>>(await get('clients/?vat_registered=false&page_size=100')).results.every((item) => !item.vat_registered)).toBe(true);
    const expiring = ok<Page<ClientListItem>>(await get('clients/?licence_expiring=30&page_size=100')).results;
    expect(expiring.length).toBeGreaterThan(0);
    expect(expiring.every((item) => item.licence_days_left <= 30)).toBe(true);
    expect(expiring.some((item) => item.licence_days_left < 0)).toBe(true);
    expect(ok<Page<ClientListItem>>(await get('clients/?status=paused')).results.every((item) => item.status === 'paused')).toBe(true);
    const byDeadline = ok<Page<ClientListItem>>(await get('clients/?sort=next_deadline&page_size=100')).results.map((item) => item.next_deadline?.due_on ?? '9999');
    expect(byDeadline).toEqual([...byDeadline].sort());
    const byName = ok<Page<ClientListItem>>(await get('clients/?sort=-legal_name&page_size=100')).results.map((item) => item.legal_name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    expect((await get('clients/?bookkeeper=someone')).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'bookkeeper' });
    expect((await get('clients/?licence_expiring=45')).statusCode).toBe(400);
  });

  it('shows plan and cycle, bookkeeper, the next deadline with days left and the licence expiry', async () => {
    const [item] = ok<Page<ClientListItem>>(await get(`clients/?search=${encodeURIComponent((await client(mine[0]!)).legal_name)}`)).results;
    expect(item).toMatchObject({ plan: { name: expect.any(String) }, cycle: expect.stringMatching(/monthly|quarterly|annual/), bookkeeper: { id: ids.get('BOOKKEEPER') } });
    expect(item!.next_deadline).toMatchObject({ kind: expect.any(String), due_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), days_left: expect.any(Number) });
    expect(item!.licence_days_left).toBe(Math.round((Date.parse(item!.licence_expires_on) - Date.parse(today)) / 86_400_000));
  });

  it('exports the filtered list as CSV with spreadsheet-safe cells', async () => {
    const response = await get('clients/export/?status=cancelled');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="clients-${today}.csv"`);
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe('Client,Trade Licence Number,Licensing Authority,TRN,VAT Registered,Plan,Cycle,Bookkeeper,Next Deadline,Next Deadline Due,Days Left,Licence Expiry,Status');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.endsWith(',Cancelled'))).toBe(true);
  });
});

describe('one client', () => {
  it('shows profile, contacts, team, subscription, next deadline and what the caller may do', async () => {
    const detail = await client(mine[0]!, 'BOOKKEEPER');
    expect(detail).toMatchObject({ id: mine[0], bookkeeper: { id: ids.get('BOOKKEEPER') }, reviewer: { id: ids.get('REVIEWER') }, contacts: [{ email: clientUser.email }] });
    expect(detail.subscription).toMatchObject({ client_id: mine[0], status: 'active' });
    expect(detail.can).toEqual({ edit: true, reassign: false, review: false });
    expect((await client(mine[0]!, 'REVIEWER')).can).toEqual({ edit: false, reassign: false, review: true });
    expect((await client(mine[0]!, 'ADMIN')).can).toEqual({ edit: true, reassign: true, review: true });
    expect(ok<TeamChoices>(await get('clients/team-choices/')).bookkeepers.map((person) => person.id)).toContain(ids.get('BOOKKEEPER'));
  });

  it('changes the profile for ADMIN and the bookkeeper, with the version, its event, and the calendar following', async () => {
    const id = mine[1]!;
    const before = await client(id);
    expect((await call('PATCH', `clients/${id}`, 'REVIEWER', { version: before.version, phone: '+971 4 111 2222' })).statusCode).toBe(403);
    expect((await call('PATCH', `clients/${id}`, otherBookkeeper, { version: before.version, phone: '+971 4 111 2222' })).statusCode).toBe(404);
    const changed = ok<ClientDetail>(await call('PATCH', `clients/${id}`, 'BOOKKEEPER', { version: before.version, phone: '+971 4 111 2222', licence_expires_on: addDays(today, 3) }));
    expect(changed).toMatchObject({ phone: '+971 4 111 2222', version: before.version + 1, licence_days_left: 3 });
    expect(changed.next_deadline).toMatchObject({ kind: expect.any(String) });
    expect(changed.next_deadline!.days_left).toBeLessThanOrEqual(3);
    const stale = await call('PATCH', `clients/${id}`, 'ADMIN', { version: before.version, phone: '+971 4 999 9999' });
    expect(stale.statusCode).toBe(409);
    const timeline = ok<ClientTimelineEvent[]>(await get(`clients/${id}/events?group=profile`));
    expect(timeline[0]).toMatchObject({ kind: 'profile_updated', group: 'profile', actor: { id: ids.get('BOOKKEEPER') } });
    expect(timeline[0]!.summary).toContain('phone');
    // A VAT-registered client needs its TRN.
    expect((await call('PATCH', `clients/${id}`, 'ADMIN', { version: changed.version, trn: null })).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'trn' });
    expect((await call('PATCH', `clients/${id}`, 'ADMIN', { version: changed.version, legal_name: '   ' })).json()).toMatchObject({ field: 'legal_name' });
    expect((await call('PATCH', `clients/${id}`, 'ADMIN', { version: changed.version, trn: '12345' })).json()).toMatchObject({ field: 'trn' });
  });

  it('reassigns the team for ADMIN only, with its event and a notification for the new bookkeeper', async () => {
    const id = mine[3]!;
    const before = await client(id);
    expect((await call('PATCH', `clients/${id}`, 'BOOKKEEPER', { version: before.version, bookkeeper_id: ids.get('other') })).statusCode).toBe(403);
    expect((await call('PATCH', `clients/${id}`, 'ADMIN', { version: before.version, bookkeeper_id: ids.get('REVIEWER') })).json()).toMatchObject({ field: 'bookkeeper_id' });
    const moved = ok<ClientDetail>(await call('PATCH', `clients/${id}`, 'ADMIN', { version: before.version, bookkeeper_id: ids.get('other') }, 'reassign-1'));
    expect(moved.bookkeeper).toMatchObject({ id: ids.get('other') });
    // The same request retried changes nothing more.
    expect(ok<ClientDetail>(await call('PATCH', `clients/${id}`, 'ADMIN', { version: before.version, bookkeeper_id: ids.get('other') }, 'reassign-1')).version).toBe(moved.version);
    expect((await get(`clients/${id}`, 'BOOKKEEPER')).statusCode).toBe(404);
    expect((await get(`clients/${id}`, otherBookkeeper)).statusCode).toBe(200);
    const [event] = ok<ClientTimelineEvent[]>(await get(`clients/${id}/events?group=team`));
    expect(event).toMatchObject({ kind: 'team_changed', data: { bookkeeper: { to: { id: ids.get('other') } } } });
    const notes = ok<Page<NotificationRecord>>(await get('notifications/', otherBookkeeper)).results;
    expect(notes[0]).toMatchObject({ kind: 'team_changed', title: 'Client assigned to you', link: `/clients/${id}` });
    ok(await call('PATCH', `clients/${id}`, 'ADMIN', { version: moved.version, bookkeeper_id: ids.get('BOOKKEEPER') }));
  });
});

describe('subscriptions', () => {
  const current = async (clientId: number) => (await client(clientId)).subscription!;

  it('schedules a plan or cycle change for the next renewal, priced in fils, and withdraws it', async () => {
    const subscription = await current(mine[0]!);
    const plans = (await get('plans/')).json<{ id: number; monthly_price_fils: number }[]>();
    const other = plans.find((plan) => plan.id !== subscription.plan.id)!;
    expect((await post(`subscriptions/${subscription.id}/change`, { plan_id: other.id, cycle: 'annual', version: subscription.version }, 'REVIEWER')).statusCode).toBe(403);
    const scheduled = ok<Subscription>(await post(`subscriptions/${subscription.id}/change`, { plan_id: other.id, cycle: 'annual', version: subscription.version }, 'BOOKKEEPER'));
    expect(scheduled.plan.id).toBe(subscription.plan.id);
    expect(scheduled.scheduled).toMatchObject({ plan: { id: other.id }, cycle: 'annual', effective_on: subscription.next_renewal_on });
    const price = cyclePrice(other.monthly_price_fils, 'annual', subscription.discount_bp);
    expect(scheduled.scheduled!.price).toEqual({ net_fils: price.net_fils, vat_fils: price.vat_fils, total_fils: price.total_fils });
    expect(Number.isInteger(scheduled.scheduled!.price.vat_fils)).toBe(true);
    const stale = await post(`subscriptions/${subscription.id}/pause`, { version: subscription.version }, 'BOOKKEEPER');
    expect(stale.json()).toEqual({ errorCode: 'CONFLICT', message: SUBSCRIPTION_CONFLICT_MESSAGE });
    const withdrawn = ok<Subscription>(await post(`subscriptions/${subscription.id}/change`, { plan_id: subscription.plan.id, cycle: subscription.cycle, version: scheduled.version }, 'ADMIN'));
    expect(withdrawn.scheduled).toBeNull();
    const kinds = ok<ClientTimelineEvent[]>(await get(`clients/${mine[0]}/events?group=subscription`)).map((event) => event.kind);
    expect(kinds.slice(0, 2)).toEqual(['plan_change_withdrawn', 'plan_change_scheduled']);
  });

  it('pauses (the client shows paused), resumes (the renewal moves by the days paused) and cancels with a reason', async () => {
    const id = mine[2]!;
    const subscription = await current(id);
    const paused = ok<Subscription>(await post(`subscriptions/${subscription.id}/pause`, { version: subscription.version }, 'BOOKKEEPER'));
    expect(paused).toMatchObject({ status: 'paused', paused_on: today });
    expect((await client(id)).status).toBe('paused');
    expect((await post(`subscriptions/${subscription.id}/pause`, { version: paused.version }, 'BOOKKEEPER')).statusCode).toBe(409);
    // Paused ten days ago: resuming moves the renewal ten days on.
    await app.db.query('UPDATE subscriptions SET paused_on = $2 WHERE id = $1', [subscription.id, addDays(today, -10)]);
    const resumed = ok<Subscription>(await post(`subscriptions/${subscription.id}/resume`, { version: paused.version }, 'ADMIN'));
    expect(resumed).toMatchObject({ status: 'active', paused_on: null, next_renewal_on: addDays(subscription.next_renewal_on, 10) });
    expect((await post(`subscriptions/${subscription.id}/cancel`, { reason: 'other', note: ' ', version: resumed.version }, 'ADMIN')).json()).toMatchObject({ field: 'note' });
    const cancelled = ok<Subscription>(await post(`subscriptions/${subscription.id}/cancel`, { reason: 'moved_provider', note: 'Hired an accountant', version: resumed.version }, 'BOOKKEEPER'));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_on: today, cancel_reason: 'moved_provider', cancel_note: 'Hired an accountant' });
    expect((await client(id)).status).toBe('cancelled');
    expect((await post(`subscriptions/${subscription.id}/change`, { plan_id: 1, cycle: 'monthly', version: cancelled.version }, 'ADMIN')).statusCode).toBe(409);
    // The client signs up again: a new subscription, and the client is active again.
    const plan = subscription.plan.id;
    expect((await post('subscriptions/', { client_id: id, plan_id: plan, cycle: 'quarterly', starts_on: today }, 'REVIEWER')).statusCode).toBe(403);
    const started = ok<Subscription>(await post('subscriptions/', { client_id: id, plan_id: plan, cycle: 'quarterly', discount_bp: 250, starts_on: today }, 'BOOKKEEPER'), 201);
    expect(started).toMatchObject({ status: 'active', cycle: 'quarterly', discount_bp: 250, starts_on: today });
    expect(started.price.total_fils).toBe(started.price.net_fils + started.price.vat_fils);
    expect((await client(id)).status).toBe('active');
    expect((await post('subscriptions/', { client_id: id, plan_id: plan, cycle: 'monthly', starts_on: today }, 'ADMIN')).statusCode).toBe(409);
    const summaries = ok<ClientTimelineEvent[]>(await get(`clients/${id}/events?group=subscription`)).map((event) => event.summary);
    expect(summaries[1]).toBe('Subscription cancelled: Moved to another provider (Hired an accountant)');
  });
});

describe('monthly reports', () => {
  it('go from draft through review to published, each step by its role, with events and notifications', async () => {
    const clientId = mine[1]!;
    const month = addMonthsToMonth(lastMonth, -14);
    expect((await post('monthly-reports/', { client_id: clientId, month }, 'REVIEWER')).statusCode).toBe(403);
    expect((await post('monthly-reports/', { client_id: clientId, month: addMonthsToMonth(monthOfDate(today), 1) }, 'BOOKKEEPER')).json()).toMatchObject({ field: 'month' });
    let report = ok<MonthlyReport>(await post('monthly-reports/', { client_id: clientId, month, summary: '' }, 'BOOKKEEPER', 'draft-1'), 201);
    expect(report).toMatchObject({ state: 'draft', revision: 1, month, can: { edit: true, submit: false } });
    // A retried create answers the same draft.
    expect(ok<MonthlyReport>(await post('monthly-reports/', { client_id: clientId, month }, 'BOOKKEEPER', 'draft-1'), 201).id).toBe(report.id);
    expect((await post('monthly-reports/', { client_id: clientId, month }, 'ADMIN')).statusCode).toBe(409);
    expect((await post(`monthly-reports/${report.id}/submit`, { version: report.version }, 'BOOKKEEPER')).json()).toMatchObject({ errorCode: 'CONFLICT' });
    expect((await call('PUT', `monthly-reports/${report.id}/file`, 'BOOKKEEPER', { file_name: 'r.png', content_base64: pngBase64(), version: report.version })).json()).toMatchObject({ field: 'content_base64' });
    report = ok<MonthlyReport>(await call('PUT', `monthly-reports/${report.id}/file`, 'BOOKKEEPER', { file_name: 'Report March', content_base64: pdfBase64(), version: report.version }));
    expect(report.file).toMatchObject({ file_name: 'Report March.pdf' });
    report = ok<MonthlyReport>(await call('PATCH', `monthly-reports/${report.id}`, 'BOOKKEEPER', { summary: 'Revenue up 8 %.', version: report.version }));
    expect((await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'REVIEWER')).statusCode).toBe(409);
    report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/submit`, { version: report.version }, 'BOOKKEEPER'));
    expect(report).toMatchObject({ state: 'submitted', submitted_by: { id: ids.get('BOOKKEEPER') } });
    expect((await call('PATCH', `monthly-reports/${report.id}`, 'BOOKKEEPER', { summary: 'late edit', version: report.version })).statusCode).toBe(409);
    // The client's reviewer hears of it.
    expect(ok<Page<NotificationRecord>>(await get('notifications/', 'REVIEWER')).results[0]).toMatchObject({ kind: 'report_submitted', link: `/clients/${clientId}?tab=reports` });
    expect((await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'BOOKKEEPER')).statusCode).toBe(403);
    expect((await post(`monthly-reports/${report.id}/publish`, { version: report.version }, 'BOOKKEEPER')).statusCode).toBe(409);
    report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/return`, { reason: 'Bank balance differs.', version: report.version }, 'REVIEWER'));
    expect(report).toMatchObject({ state: 'returned', return_reason: 'Bank balance differs.', can: { edit: false } });
    expect(ok<Page<NotificationRecord>>(await get('notifications/', 'BOOKKEEPER')).results[0]).toMatchObject({ kind: 'report_returned', body: expect.stringContaining('Bank balance differs.') });
    report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/submit`, { version: (await get(`monthly-reports/${report.id}`, 'BOOKKEEPER')).json<MonthlyReport>().version }, 'BOOKKEEPER'));
    expect(report.return_reason).toBeNull();
    report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'REVIEWER'));
    expect(report).toMatchObject({ state: 'approved', reviewed_by: { id: ids.get('REVIEWER') } });
    expect((await post(`monthly-reports/${report.id}/publish`, { version: report.version }, 'REVIEWER')).statusCode).toBe(403);
    report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/publish`, { version: report.version }, 'BOOKKEEPER'));
    expect(report).toMatchObject({ state: 'published', can: { edit: false, new_version: true } });
    const events = ok<ClientTimelineEvent[]>(await get(`clients/${clientId}/events?group=reports`)).filter((event) => event.data.month === month).map((event) => event.kind);
    expect(events).toEqual(['report_published', 'report_approved', 'report_submitted', 'report_returned', 'report_submitted', 'report_updated', 'report_file_uploaded', 'report_created']);
  });

  it('never lets the submitter decide on their own report', async () => {
    const month = addMonthsToMonth(lastMonth, -15);
    let report = ok<MonthlyReport>(await post('monthly-reports/', { client_id: mine[1], month, summary: 'Quiet month.' }, 'ADMIN'), 201);
    report = ok<MonthlyReport>(await call('PUT', `monthly-reports/${report.id}/file`, 'ADMIN', { file_name: 'r.pdf', content_base64: pdfBase64(), version: report.version }));
    report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/submit`, { version: report.version }, 'ADMIN'));
    expect(report.can.review).toBe(false);
    expect((await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'ADMIN')).json()).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect(ok<MonthlyReport>(await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'REVIEWER')).state).toBe('approved');
    expect((await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'REVIEWER')).json()).toEqual({ errorCode: 'CONFLICT', message: REPORT_CONFLICT_MESSAGE });
  });

  it('publishes to the client, who reads it; a new version supersedes the published one and keeps it', async () => {
    const clientId = mine[0]!;
    const month = addMonthsToMonth(lastMonth, -16);
    const publish = async (summary: string) => {
      let report = ok<MonthlyReport>(await post('monthly-reports/', { client_id: clientId, month, summary }, 'BOOKKEEPER'), 201);
      report = ok<MonthlyReport>(await call('PUT', `monthly-reports/${report.id}/file`, 'BOOKKEEPER', { file_name: `v${report.revision}.pdf`, content_base64: pdfBase64(summary), version: report.version }));
      report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/submit`, { version: report.version }, 'BOOKKEEPER'));
      report = ok<MonthlyReport>(await post(`monthly-reports/${report.id}/approve`, { version: report.version }, 'REVIEWER'));
      return ok<MonthlyReport>(await post(`monthly-reports/${report.id}/publish`, { version: report.version }, 'BOOKKEEPER'));
    };
    const first = await publish('First version.');
    const [notice] = await app.db.query<{ kind: string; body: string }>('SELECT kind, body FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [ids.get('CLIENT')]);
    expect(notice).toMatchObject({ kind: 'report_published' });
    // A published report is not edited or replaced...
    expect((await call('PUT', `monthly-reports/${first.id}/file`, 'BOOKKEEPER', { file_name: 'x.pdf', content_base64: pdfBase64(), version: first.version })).statusCode).toBe(409);
    // ...a new version is published beside it.
    const second = await publish('Corrected version.');
    expect(second.revision).toBe(2);
    expect(ok<MonthlyReport>(await get(`monthly-reports/${first.id}`)).state).toBe('superseded');
    const mineToRead = ok<MyReport[]>(await get('me/monthly-reports', clientUser)).filter((report) => report.month === month);
    expect(mineToRead.map((report) => [report.revision, report.superseded])).toEqual([
      [2, false],
      [1, true],
    ]);
    const file = await get(`me/monthly-reports/${second.id}/file`, clientUser);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    // Another client's report, or one not published, is not found.
    const [foreign] = await app.db.query<{ id: number }>("SELECT id FROM monthly_reports WHERE client_id <> $1 AND state = 'published' LIMIT 1", [clientId]);
    expect((await get(`me/monthly-reports/${foreign!.id}/file`, clientUser)).statusCode).toBe(404);
    const draft = ok<MonthlyReport>(await post('monthly-reports/', { client_id: clientId, month: addMonthsToMonth(lastMonth, -17) }, 'BOOKKEEPER'), 201);
    expect((await get(`me/monthly-reports/${draft.id}/file`, clientUser)).statusCode).toBe(404);
  });

  it('list a month’s status for the last 12 months at a glance', async () => {
    const page = ok<Page<MonthlyReport>>(await get(`monthly-reports/?client=${mine[3]}&page_size=100`));
    const months = new Set(page.results.map((report) => report.month));
    expect(months.size).toBeGreaterThanOrEqual(11);
    expect(ok<Page<MonthlyReport>>(await get('monthly-reports/?state=submitted&page_size=100', 'REVIEWER')).results.every((report) => report.state === 'submitted')).toBe(true);
  });
});

describe('monthly insights', () => {
  const csvHeader = 'month,revenue,expenses,net_profit,cash_at_bank,vat_payable';

  it('reads the last 12 months and saves a month in fils, versioned', async () => {
    const clientId = mine[0]!;
    const insights = ok<ClientInsights>(await get(`monthly-insights/?client=${clientId}`, 'REVIEWER'));
    expect(insights.months.length).toBeGreaterThanOrEqual(11);
    expect(insights.months.every((month) => Number.isInteger(month.revenue_fils) && Number.isInteger(month.vat_payable_fils))).toBe(true);
    // The demo's figures add up: net profit is revenue minus expenses in every month.
    expect(insights.months.filter((month) => month.net_profit_fils !== month.revenue_fils - month.expenses_fils)).toEqual([]);
    const month = insights.months.at(-1)!;
    const figures = { revenue_fils: 12_500_050, expenses_fils: 9_800_000, net_profit_fils: 2_700_050, cash_at_bank_fils: 31_000_000, vat_payable_fils: 625_003 };
    expect((await call('PUT', `monthly-insights/${clientId}/${month.month}`, 'REVIEWER', { ...figures, version: month.version })).statusCode).toBe(403);
    // Net profit is derived: revenue minus expenses, or refused naming the field.
    expect((await call('PUT', `monthly-insights/${clientId}/${month.month}`, 'BOOKKEEPER', { ...figures, net_profit_fils: -1_234, version: month.version })).json()).toEqual({
      errorCode: 'INVALID_INPUT',
      field: 'net_profit_fils',
      message: 'Net profit must equal revenue minus expenses, AED 27,000.50 (got AED -12.34).',
    });
    expect((await call('PUT', `monthly-insights/${clientId}/${month.month}`, 'BOOKKEEPER', { ...figures, revenue_fils: 1.5, version: month.version })).json()).toMatchObject({ field: 'revenue_fils' });
    expect((await call('PUT', `monthly-insights/${clientId}/${month.month}`, 'BOOKKEEPER', { ...figures, revenue_fils: -1, version: month.version })).json()).toMatchObject({ field: 'revenue_fils' });
    const saved = ok<MonthlyInsight>(await call('PUT', `monthly-insights/${clientId}/${month.month}`, 'BOOKKEEPER', { ...figures, version: month.version }));
    expect(saved).toMatchObject({ ...figures, version: month.version + 1, updated_by: { id: ids.get('BOOKKEEPER') } });
    expect((await call('PUT', `monthly-insights/${clientId}/${month.month}`, 'ADMIN', { ...figures, version: month.version })).statusCode).toBe(409);
    const fresh = addMonthsToMonth(lastMonth, -30);
    expect((await call('PUT', `monthly-insights/${clientId}/${fresh}`, 'ADMIN', { ...figures, version: 1 })).statusCode).toBe(409);
    expect(ok<MonthlyInsight>(await call('PUT', `monthly-insights/${clientId}/${fresh}`, 'ADMIN', { ...figures, version: null })).version).toBe(1);
    expect((await call('PUT', `monthly-insights/${clientId}/${addMonthsToMonth(monthOfDate(today), 1)}`, 'ADMIN', { ...figures, version: null })).json()).toMatchObject({ field: 'month' });
    expect((await call('PUT', `monthly-insights/${clientId}/2025-13`, 'ADMIN', { ...figures, version: null })).json()).toMatchObject({ field: 'month' });
  });

  it('imports a CSV file: every row or, when one is bad, none, naming the row', async () => {
    const clientId = mine[2]!;
    const months = [addMonthsToMonth(lastMonth, -40), addMonthsToMonth(lastMonth, -39), addMonthsToMonth(lastMonth, -38)];
    const count = async () => (await app.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM monthly_insights WHERE client_id = $1', [clientId]))[0]!.n;
    const before = await count();
    const bad = `${csvHeader}\r\n${months[0]},"125,000.50",98000,27000.5,310000,6250\r\n${months[1]},12x,98000,27000,310000,6250\r\n${months[2]},1,1,0,0,0\r\n`;
    const refused = await post('monthly-insights/import', { client_id: clientId, csv: bad }, 'BOOKKEEPER');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errorCode: 'INVALID_INPUT', field: 'csv', message: "Row 3: revenue must be an amount in AED such as 12500.00 (got '12x')." });
    expect(await count()).toBe(before);
    const duplicate = await post('monthly-insights/import', { client_id: clientId, csv: `${csvHeader}\n${months[0]},1,1,0,0,0\n${months[0]},2,1,0,0,0\n` }, 'BOOKKEEPER');
    expect(duplicate.json().message).toBe(`Row 3: month ${months[0]} is already on row 2.`);
    const unbalanced = await post('monthly-insights/import', { client_id: clientId, csv: `${csvHeader}\n${months[0]},100,40,50,0,0\n` }, 'BOOKKEEPER');
    expect(unbalanced.json().message).toBe('Row 2: net profit must equal revenue minus expenses, AED 60.00 (got AED 50.00).');
    expect((await post('monthly-insights/import', { client_id: clientId, csv: 'month,revenue\n2025-01,1' }, 'BOOKKEEPER')).json().message).toBe('Row 1 (the header) lacks the columns expenses, net_profit, cash_at_bank, vat_payable.');
    expect(await count()).toBe(before);
    const good = `${csvHeader}\r\n${months[0]},"125,000.50",98000,27000.5,310000,6250\r\n${months[1]},120000,99000.10,20999.90,305000.25,-250\r\n${months[2]},1,1,0,0,0\r\n`;
    const imported = ok<ImportInsightsResult>(await post('monthly-insights/import', { client_id: clientId, csv: good }, 'BOOKKEEPER'));
    expect(imported).toMatchObject({ created: 3, updated: 0 });
    expect(imported.months[0]).toMatchObject({ month: months[0], revenue_fils: 12_500_050, net_profit_fils: 2_700_050 });
    expect(imported.months[1]).toMatchObject({ expenses_fils: 9_900_010, net_profit_fils: 2_099_990, cash_at_bank_fils: 30_500_025, vat_payable_fils: -25_000 });
    expect(await count()).toBe(before + 3);
    expect((await post('monthly-insights/import', { client_id: clientId, csv: good }, 'REVIEWER')).statusCode).toBe(403);
    const [event] = ok<ClientTimelineEvent[]>(await get(`clients/${clientId}/events?group=insights`));
    expect(event).toMatchObject({ kind: 'insights_imported', data: { count: 3 } });
  });
});

describe('documents and requests', () => {
  it('lists onboarding and own documents with expiry, uploads with the bytes checked and the expiry a kind needs', async () => {
    const clientId = mine[3]!;
    const documents = ok<ClientDocuments>(await get(`clients/${clientId}/documents`));
    expect(documents.documents.some((document) => document.kind === 'trade_licence' && document.expires_on !== null && typeof document.expiry_days_left === 'number')).toBe(true);
    const upload = { kind: 'passport', file_name: 'passport scan', content_type: 'image/png', content_base64: pngBase64() };
    expect((await post(`clients/${clientId}/documents`, upload, 'BOOKKEEPER')).json()).toMatchObject({ field: 'expires_on' });
    expect((await post(`clients/${clientId}/documents`, { ...upload, content_base64: pdfBase64(), expires_on: addDays(today, 20) }, 'BOOKKEEPER')).json()).toMatchObject({
      field: 'content_base64',
      message: expect.stringContaining('is not a PNG file'),
    });
    expect((await post(`clients/${clientId}/documents`, { ...upload, expires_on: addDays(today, 20) }, 'REVIEWER')).statusCode).toBe(403);
    const after = ok<ClientDocuments>(await post(`clients/${clientId}/documents`, { ...upload, expires_on: addDays(today, 20) }, 'BOOKKEEPER'), 201);
    expect(after.documents[0]).toMatchObject({ source: 'client', kind: 'passport', file_name: 'passport scan.png', expires_on: addDays(today, 20), expiry_days_left: 20 });
    const file = await get(`clients/${clientId}/documents/${after.documents[0]!.id}?download=true`, 'REVIEWER');
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="passport scan.png"/);
    const [onboarding] = await app.db.query<{ id: number; client_id: number }>('SELECT d.id, c.id AS client_id FROM registration_documents d JOIN clients c ON c.registration_id = d.registration_id LIMIT 1');
    const listed = ok<ClientDocuments>(await get(`clients/${onboarding!.client_id}/documents`));
    expect(listed.documents.some((document) => document.source === 'onboarding' && document.id === onboarding!.id)).toBe(true);
    // The Emirates ID and passport carried from onboarding show the expiry the AML file holds for them.
    const [identified] = await app.db.query<{ client_id: number; registration_id: number }>(
      "SELECT c.id AS client_id, c.registration_id FROM clients c WHERE EXISTS (SELECT 1 FROM registration_documents d WHERE d.registration_id = c.registration_id AND d.kind = 'passport') ORDER BY c.id LIMIT 1",
    );
    await app.db.query(
      "INSERT INTO aml_parties (registration_id, kind, name, roles, id_type, id_number, id_expires_on) VALUES ($1, 'person', 'Passport Holder', '[\"manager\"]', 'passport', 'P9', '2031-03-04')",
      [identified!.registration_id],
    );
    const soonest = (await app.db.query<{ on: string }>("SELECT to_char(min(id_expires_on), 'YYYY-MM-DD') AS on FROM aml_parties WHERE registration_id = $1 AND id_type = 'passport' AND withdrawn_at IS NULL", [identified!.registration_id]))[0]!.on;
    const passports = ok<ClientDocuments>(await get(`clients/${identified!.client_id}/documents`)).documents.filter((document) => document.source === 'onboarding' && document.kind === 'passport');
    expect(passports.length).toBeGreaterThan(0);
    expect(passports.every((document) => document.expires_on === soonest)).toBe(true);
    expect((await get(`clients/${onboarding!.client_id}/onboarding-documents/${onboarding!.id}`)).statusCode).toBe(200);
    // An onboarding document is not reachable through another client's path.
    expect((await get(`clients/${clientId}/onboarding-documents/${onboarding!.id}`)).statusCode).toBe(404);
  });

  it('asks the client for a document: notified, open until the client uploads it, then the bookkeeper hears of it', async () => {
    const clientId = mine[0]!;
    expect((await post(`clients/${clientId}/document-requests`, { kind: 'emirates_id', note: 'Copy', due_on: addDays(today, -1) }, 'BOOKKEEPER')).json()).toMatchObject({ field: 'due_on' });
    const requested = ok<ClientDocuments>(await post(`clients/${clientId}/document-requests`, { kind: 'emirates_id', note: 'Both sides of the manager’s Emirates ID.', due_on: addDays(today, 5) }, 'BOOKKEEPER'), 201);
    const request = requested.requests[0]!;
    expect(request).toMatchObject({ status: 'open', kind: 'emirates_id' });
    const [notice] = await app.db.query<{ kind: string; body: string }>('SELECT kind, body FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [ids.get('CLIENT')]);
    expect(notice).toMatchObject({ kind: 'document_requested', body: expect.stringContaining('Both sides') });
    expect(ok<MyDocumentRequest[]>(await get('me/document-requests', clientUser)).find((item) => item.id === request.id)).toMatchObject({ status: 'open' });
    const body = { file_name: 'eid.png', content_type: 'image/png', content_base64: pngBase64() };
    expect((await post(`me/document-requests/${request.id}/upload`, body, clientUser)).json()).toMatchObject({ field: 'expires_on' });
    const answered = ok<MyDocumentRequest[]>(await post(`me/document-requests/${request.id}/upload`, { ...body, expires_on: addDays(today, 700) }, clientUser), 201);
    expect(answered.find((item) => item.id === request.id)).toMatchObject({ status: 'fulfilled' });
    expect((await post(`me/document-requests/${request.id}/upload`, { ...body, expires_on: addDays(today, 700) }, clientUser)).statusCode).toBe(409);
    const documents = ok<ClientDocuments>(await get(`clients/${clientId}/documents`));
    expect(documents.requests.find((item) => item.id === request.id)).toMatchObject({ status: 'fulfilled', document_id: documents.documents[0]!.id });
    expect(documents.documents[0]).toMatchObject({ kind: 'emirates_id', request_id: request.id, uploaded_by: { email: clientUser.email } });
    expect(ok<Page<NotificationRecord>>(await get('notifications/', 'BOOKKEEPER')).results[0]).toMatchObject({ kind: 'client_document_uploaded', link: `/clients/${clientId}?tab=documents` });
    // A request of another client is not the test client's to answer.
    const [foreign] = await app.db.query<{ id: number }>("SELECT id FROM client_document_requests WHERE client_id <> $1 AND status = 'open' LIMIT 1", [clientId]);
    expect((await post(`me/document-requests/${foreign!.id}/upload`, { ...body, expires_on: addDays(today, 700) }, clientUser)).statusCode).toBe(404);
    // Staff withdraw a request; the timeline says so.
    const again = ok<ClientDocuments>(await post(`clients/${clientId}/document-requests`, { kind: 'other', note: 'Anything' }, 'ADMIN'), 201);
    const cancelled = ok<ClientDocuments>(await post(`clients/${clientId}/document-requests/${again.requests[0]!.id}/cancel`, {}, 'BOOKKEEPER'));
    expect(cancelled.requests.find((item) => item.id === again.requests[0]!.id)).toMatchObject({ status: 'cancelled' });
    expect(ok<ClientTimelineEvent[]>(await get(`clients/${clientId}/events?group=documents`))[0]).toMatchObject({ kind: 'document_request_cancelled' });
  });
});

describe('the compliance calendar', () => {
  it('lists open deadlines with days left; marking one filed (with its reference) takes it off and moves the next deadline', async () => {
    const clientId = mine[2]!;
    const calendar = ok<ClientDeadlines>(await get(`clients/${clientId}/deadlines`, 'REVIEWER'));
    expect(calendar.today).toBe(today);
    expect(calendar.open.length).toBeGreaterThan(0);
    const dues = calendar.open.map((deadline) => deadline.due_on);
    expect(dues).toEqual([...dues].sort());
    const first = calendar.open[0]!;
    expect(first.days_left).toBe(Math.round((Date.parse(first.due_on) - Date.parse(today)) / 86_400_000));
    expect((await post(`clients/${clientId}/deadlines/file`, { key: first.key, reference: 'VAT201-1' }, 'REVIEWER')).statusCode).toBe(403);
    expect((await post(`clients/${clientId}/deadlines/file`, { key: first.key, reference: '  ' }, 'BOOKKEEPER')).json()).toMatchObject({ field: 'reference' });
    expect((await post(`clients/${clientId}/deadlines/file`, { key: 'vat_return:1999-03', reference: 'X' }, 'BOOKKEEPER')).json()).toMatchObject({ field: 'key' });
    const filed = ok<ClientDeadlines>(await post(`clients/${clientId}/deadlines/file`, { key: first.key, reference: 'FTA-ACK-2207' }, 'BOOKKEEPER'));
    expect(filed.open.map((deadline) => deadline.key)).not.toContain(first.key);
    expect(filed.filed[0]).toMatchObject({ key: first.key, reference: 'FTA-ACK-2207', filed_by: { id: ids.get('BOOKKEEPER') } });
    expect((await post(`clients/${clientId}/deadlines/file`, { key: first.key, reference: 'again' }, 'BOOKKEEPER')).statusCode).toBe(409);
    expect((await client(clientId)).next_deadline?.key).toBe(filed.open[0]?.key);
    const [event] = ok<ClientTimelineEvent[]>(await get(`clients/${clientId}/events?group=deadlines`));
    expect(event).toMatchObject({ kind: 'deadline_filed', summary: `${first.title} filed (reference FTA-ACK-2207)` });
  });

  it('refuses to mark an e-invoicing go-live filed: it is met through the readiness, not filed', async () => {
    const [row] = await app.db.query<{ client_id: number }>('SELECT client_id FROM client_einvoicing WHERE revenue_band IS NOT NULL ORDER BY client_id LIMIT 1');
    await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('BOOKKEEPER'), row!.client_id]);
    const calendar = ok<ClientDeadlines>(await get(`clients/${row!.client_id}/deadlines`, 'BOOKKEEPER'));
    const goLive = calendar.open.find((deadline) => deadline.kind === 'einvoicing_go_live');
    expect(goLive).toBeDefined();
    const response = await post(`clients/${row!.client_id}/deadlines/file`, { key: goLive!.key, reference: 'GO-LIVE-1' }, 'BOOKKEEPER');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'key' });
    expect(ok<ClientDeadlines>(await get(`clients/${row!.client_id}/deadlines`, 'BOOKKEEPER')).open.map((deadline) => deadline.key)).toContain(goLive!.key);
  });
});
