/**
 * The onboarding lists against the real PGlite database and Auth emulator: each page's queue, its guard
 * per role, sorting, validation, the nav counts and the CSV export.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { canSee } from '../../../common/access.ts';
import type { RegistrationCounts, RegistrationListItem } from '../../../common/contract/registrations.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { ONBOARDING_PAGES, onboardingPageOf, pagesOfScope, type OnboardingPage, type ReviewState } from '../../../common/onboarding.ts';
import { STAFF_ROLES, type Role } from '../../../common/roles.ts';
import type { Stage } from '../../../common/stages.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

const get = (url: string, role: Role = 'ADMIN') => app.inject({ method: 'GET', url, headers: auth(users.get(role)!.token) });
const list = async (query: string, role: Role = 'ADMIN') => {
  const response = await get(`/api/registrations/?${query}`, role);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<RegistrationListItem>>();
};

/** Every registration's page by the table, computed here from the raw rows. */
async function expectedPages(): Promise<Map<number, OnboardingPage | null>> {
  const rows = await app.db.query<{ user_id: number; stage: Stage; status: 'active' | 'inactive'; review_state: ReviewState | null }>(
    'SELECT user_id, stage, status, review_state FROM registrations',
  );
  return new Map(rows.map((row) => [row.user_id, onboardingPageOf(row)]));
}

/** Per registration (its user id), the lower-case text the list search matches: company, Reg ID, client e-mail and name. */
async function searchableTexts(): Promise<Map<number, string>> {
  const rows = await app.db.query<{ user_id: number; text: string }>(
    `SELECT r.user_id, lower(r.legal_name || ' ' || r.registration_id || ' ' || u.email || ' ' || coalesce(u.display_name, '')) AS text
       FROM registrations r JOIN users u ON u.id = r.user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, row.text]));
}

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, [...STAFF_ROLES, 'CLIENT'], 'lists');
});
afterAll(() => app?.close());

describe('queues', () => {
  it.each(ONBOARDING_PAGES)('queue=%s lists exactly the registrations waiting on that page', async (page) => {
    const pages = await expectedPages();
    const expected = [...pages].filter(([, onPage]) => onPage === page).map(([id]) => id);
    const result = await list(`queue=${page}&page_size=100`);
    expect(expected.length, page).toBeGreaterThan(2);
    expect(result.results.map((item) => item.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it("ANDs the queue with the spec's due-diligence call, which alone also returns approved and returned registrations", async () => {
    const spec = await list('stage=documents_submitted&status=active&page_size=100');
    const queue = await list('stage=documents_submitted&status=active&queue=due-diligence&page_size=100');
    expect(queue.count).toBeGreaterThan(40);
    expect(queue.count).toBeLessThan(spec.count);
    expect(queue.results.every((item) => item.review_state === null)).toBe(true);
    expect(new Set(queue.results.map((item) => item.status))).toEqual(new Set(['Awaiting Documents', 'Pending Due Diligence']));
    expect(queue.results.some((item) => item.recieved_on === null)).toBe(true);
    expect((await list('stage=signed_up&queue=due-diligence')).count).toBe(0);
  });

  it('carries what each page shows: meeting and booker, plan and amount, payment date', async () => {
    const calls = await list('queue=call-schedules');
    expect(calls.results.every((item) => item.meeting_at !== null && item.meeting_booked_by !== null)).toBe(true);
    const plans = await list('queue=pending-payments');
    // A plan is set there: until then a row has none; once set, its name, cycle and total in fils and AED.
    const set = plans.results.filter((item) => item.plan_name !== null);
    expect(set.length).toBeGreaterThan(0);
    expect(set.length).toBeLessThan(plans.results.length);
    expect(set.every((item) => item.plan_cycle !== null && item.plan_amount_aed === `${Math.floor(item.plan_total_fils! / 100)}.${String(item.plan_total_fils! % 100).padStart(2, '0')}`)).toBe(true);
    expect(plans.results.filter((item) => item.plan_name === null).every((item) => item.plan_amount_aed === null && item.phase === 'plan_approval')).toBe(true);
    const activation = await list('queue=pending-activation');
    expect(activation.results.every((item) => item.payment_date !== null && item.plan_name !== null && item.payment_method !== null && item.payment_reference !== null)).toBe(true);
  });

  it('searches within a queue', async () => {
    const [first] = (await list('queue=due-diligence')).results;
    const word = first!.legal_name.split(' ')[0]!.toUpperCase();
    const found = await list(`queue=due-diligence&search=${encodeURIComponent(word)}&page_size=100`);
    expect(found.results.map((item) => item.id)).toContain(first!.id);
    const searchable = await searchableTexts();
    expect(found.results.every((item) => searchable.get(item.id)!.includes(word.toLowerCase()))).toBe(true);
  });

  it("finds a registration by what its row shows and staff type: its Reg ID, the client's name and e-mail", async () => {
    const [row] = await app.db.query<{ user_id: number; registration_id: string; email: string; display_name: string | null }>(
      `SELECT r.user_id, r.registration_id, u.email, u.display_name FROM registrations r JOIN users u ON u.id = r.user_id
        WHERE u.display_name IS NOT NULL ORDER BY r.id LIMIT 1`,
    );
    for (const text of [row!.registration_id, row!.email.toUpperCase(), row!.display_name!]) {
      const found = await list(`search=${encodeURIComponent(text)}&page_size=100`);
      expect(found.results.map((item) => item.id), text).toContain(row!.user_id);
      expect(found.count, text).toBe(found.results.length);
    }
  });
});

describe('the assignee filter', () => {
  it("lists the caller's own (assignee=mine) or nobody's (assignee=none), as Home's due-diligence blocks count and link them", async () => {
    const [me] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get('BD_MANAGER')!.email]);
    const queue = (await list('queue=due-diligence&page_size=100', 'BD_MANAGER')).results.map((item) => item.id);
    expect(queue.length).toBeGreaterThan(2);
    await app.db.query('UPDATE registrations SET assignee_id = $1 WHERE user_id = $2', [me!.id, queue[0]]);
    await app.db.query('UPDATE registrations SET assignee_id = NULL WHERE user_id = $1', [queue[1]]);
    const mine = (await list('queue=due-diligence&assignee=mine&page_size=100', 'BD_MANAGER')).results.map((item) => item.id);
    const nobodys = (await list('queue=due-diligence&assignee=none&page_size=100', 'BD_MANAGER')).results.map((item) => item.id);
    const [{ expectedMine, expectedNone } = { expectedMine: [], expectedNone: [] }] = await app.db.query<{ expectedMine: number[]; expectedNone: number[] }>(
      `SELECT coalesce(array_agg(user_id ORDER BY user_id) FILTER (WHERE assignee_id = $1), '{}') AS "expectedMine",
              coalesce(array_agg(user_id ORDER BY user_id) FILTER (WHERE assignee_id IS NULL), '{}') AS "expectedNone"
         FROM registrations WHERE user_id = ANY($2::integer[])`,
      [me!.id, queue],
    );
    expect(mine).toContain(queue[0]);
    expect(mine.sort((a, b) => a - b)).toEqual(expectedMine);
    expect(nobodys).toContain(queue[1]);
    expect(nobodys.sort((a, b) => a - b)).toEqual(expectedNone);

    const work = await get('/api/me/work/', 'BD_MANAGER');
    expect(work.statusCode, work.body).toBe(200);
    const blocks = work.json<{ blocks: { key: string; count: number; href: string }[] }>().blocks;
    const assigned = blocks.find((block) => block.key === 'registrations.assigned');
    const unassigned = blocks.find((block) => block.key === 'registrations.unassigned');
    expect(assigned?.href).toBe('/due-diligence?assignee=mine');
    expect(unassigned?.href).toBe('/due-diligence?assignee=none');
    expect(assigned?.count).toBe(mine.length);
    expect(unassigned?.count).toBe(nobodys.length);
  });

  it('refuses any other value, naming the field', async () => {
    const response = await get('/api/registrations/?queue=due-diligence&assignee=someone');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field: string }>().field).toBe('assignee');
  });
});

describe('sorting', () => {
  it.each(['requested_on', 'recieved_on', 'meeting_at', 'payment_date', 'date_joined'] as const)('orders by %s both ways, missing dates last', async (key) => {
    for (const sort of [key, `-${key}`]) {
      const { results } = await list(`sort=${sort}&page_size=100`);
      const values = results.map((item) => item[key]);
      const present = values.filter((value): value is string => value !== null).map((value) => Date.parse(value));
      const ascending = [...present].sort((a, b) => a - b);
      expect(present, sort).toEqual(sort.startsWith('-') ? ascending.reverse() : ascending);
      const firstMissing = values.indexOf(null);
      if (firstMissing >= 0) expect(values.slice(firstMissing).every((value) => value === null), sort).toBe(true);
    }
  });

  it('never repeats a row across pages', async () => {
    const first = await list('queue=due-diligence&sort=recieved_on&page=1');
    const second = await list('queue=due-diligence&sort=recieved_on&page=2');
    const ids = new Set(first.results.map((item) => item.id));
    expect(second.results.some((item) => ids.has(item.id))).toBe(false);
  });
});

describe('validation', () => {
  it.each([
    ['queue=home', 'queue'],
    ['queue=nowhere', 'queue'],
    ['sort=legal_name', 'sort'],
    ['sort=requested_on;drop', 'sort'],
  ])('rejects %s with INVALID_INPUT naming %s', async (query, field) => {
    for (const path of ['/api/registrations/', '/api/registrations/export/']) {
      const response = await get(`${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', message: expect.any(String), field: field });
    }
  });
});

describe('role guard', () => {
  const scopes = [
    'queue=registrations',
    'queue=call-schedules',
    'queue=due-diligence',
    'queue=pending-payments',
    'queue=pending-activation',
    'stage=documents_submitted&status=active',
    'stage=meeting_scheduled&status=active',
    'status=inactive',
  ];

  it.each(STAFF_ROLES)('lets a %s list only scopes whose every page it may open, the export alike', async (role) => {
    for (const query of scopes) {
      const params = new URLSearchParams(query);
      const scope = Object.fromEntries(params) as Parameters<typeof pagesOfScope>[0];
      const allowed = pagesOfScope(scope).every((page) => canSee(role as never, page));
      for (const path of ['/api/registrations/', '/api/registrations/export/']) {
        const response = await get(`${path}?${query}`, role);
        if (allowed) expect(response.statusCode, `${role} ${path}?${query}`).toBe(200);
        else expect([response.statusCode, response.json()], `${role} ${path}?${query}`).toEqual([403, { errorCode: 'FORBIDDEN', message: expect.any(String) }]);
      }
    }
  });

  it('refuses the due-diligence queue to BD_EXEC and gives it to BD_MANAGER; refuses every list to a client', async () => {
    expect((await get('/api/registrations/?queue=due-diligence', 'BD_EXEC')).statusCode).toBe(403);
    expect((await get('/api/registrations/?queue=due-diligence', 'BD_MANAGER')).statusCode).toBe(200);
    expect((await get('/api/registrations/?queue=call-schedules', 'REVIEWER')).statusCode).toBe(200);
    expect((await get('/api/registrations/?queue=registrations', 'CLIENT')).statusCode).toBe(403);
  });
});

describe('GET /api/registrations/counts/', () => {
  it.each(STAFF_ROLES)('answers %s the count of each onboarding page it may open, equal to the queue lists', async (role) => {
    const visible = ONBOARDING_PAGES.filter((page) => canSee(role as never, page));
    const response = await get('/api/registrations/counts/', role);
    if (visible.length === 0) {
      expect(response.statusCode).toBe(403);
      return;
    }
    const { counts } = response.json<RegistrationCounts>();
    expect(Object.keys(counts).sort()).toEqual([...visible].sort());
    for (const page of visible) expect(counts[page], page).toBe((await list(`queue=${page}&page_size=1`)).count);
  });
});

describe('GET /api/registrations/export/', () => {
  const parse = (csv: string) => csv.trimEnd().split('\r\n');

  it('streams every matching row (all pages) with the filters applied, named after the page and the date', async () => {
    const response = await get('/api/registrations/export/?queue=due-diligence&search=llc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="due-diligence-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = parse(response.body);
    expect(lines[0]).toBe(
      'Reg ID,Company,Stage,Waiting On,Status,Joined,Requested On,Recieved On,Meeting,Booked By,Host,Mode,Call Outcome,Plan,Cycle,Net (AED),VAT (AED),Total incl. VAT (AED),Payment Date,Payment Method,Stage Key',
    );
    const { count } = await list('queue=due-diligence&search=llc&page_size=1');
    expect(count).toBeGreaterThan(20);
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((line) => /llc/i.test(line))).toBe(true);
  });

  it('gives net, VAT and total where money is, instants in Dubai time with the zone, the payment day as a date', async () => {
    const response = await get('/api/registrations/export/?queue=pending-activation');
    const [header, ...rows] = parse(response.body);
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    const paid = rows.map((row) => row.split(',')).filter((cells) => cells[at('Payment Date')] !== '');
    expect(paid.length).toBeGreaterThan(0);
    for (const cells of paid) {
      const [net, vat, total] = ['Net (AED)', 'VAT (AED)', 'Total incl. VAT (AED)'].map((name) => Math.round(Number(cells[at(name)]) * 100));
      expect(net! + vat!, cells.join(',')).toBe(total);
      expect(vat).toBe(Math.floor((net! * 500 + 5_000) / 10_000));
      expect(cells[at('Payment Date')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cells[at('Joined')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+04:00$/);
      expect(['Monthly', 'Quarterly', 'Annual']).toContain(cells[at('Cycle')]);
    }
  });

  it('neutralises a company name that a spreadsheet would run as a formula', async () => {
    const [owner] = await app.db.query<{ id: number }>("INSERT INTO users (email, role) VALUES ('formula@example.test', 'CLIENT') RETURNING id");
    await app.db.query(
      `INSERT INTO registrations (user_id, registration_id, legal_name, stage, status, status_label)
       VALUES ($1, 'REG-EVIL-1', '=HYPERLINK("http://evil.example","click"), Zeta', 'signed_up', 'active', 'Registration Incomplete')`,
      [owner!.id],
    );
    const response = await get('/api/registrations/export/?queue=registrations&search=hyperlink');
    const [, row] = parse(response.body);
    // The page's words (the stage's title, the page it waits on), and the stage key last for filtering.
    expect(row).toMatch(/^REG-EVIL-1,"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\), Zeta",Signed Up,Registration,Registration Incomplete,.*,signed_up$/);
    expect(response.headers['content-disposition']).toContain('filename="registrations-');
  });
});
