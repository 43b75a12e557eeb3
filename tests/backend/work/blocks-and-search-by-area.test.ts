/**
 * Work at speed in the service desk, invoices, growth and content areas, against the real back end (demo data seeded) and real
 * emulator tokens: me/work per role shows the tasks, chats, requests, invoices, enquiries and CRM blocks to the
 * roles whose work they are, counted under each list's own rule (a bookkeeper's blocks never count another
 * bookkeeper's client's records); search finds tasks, conversations, enquiries and leads for the roles whose
 * page they are on, and never another bookkeeper's client's task or conversation.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MyWork, SearchResult } from '../../../common/contract/work.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let otherBookkeeper: TestUser;
const ids = new Map<Role | 'other', number>();
/** Two clients of the test bookkeeper and one of the other bookkeeper, each with a conversation that has messages. */
let mine: { id: number; legal_name: string }[];
let theirs: { id: number; legal_name: string };

type Who = Role | TestUser;
const tokenOf = (who: Who) => (typeof who === 'string' ? users.get(who)!.token : who.token);
const get = (url: string, who: Who) => app.inject({ method: 'GET', url: `/api/${url}`, headers: auth(tokenOf(who)) });
const ok = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const search = async (q: string, who: Who) => ok<SearchResult>(await get(`search/?q=${encodeURIComponent(q)}`, who));
const hitsOf = (result: SearchResult, kind: string) => result.groups.find((group) => group.kind === kind)?.hits ?? [];
const work = async (who: Who) => ok<MyWork>(await get('me/work', who));
const block = (mine: MyWork, key: string) => mine.blocks.find((candidate) => candidate.key === key);
const keysOf = (mine: MyWork) => mine.blocks.map((entry) => entry.key);
const q = <T>(sql: string, params: unknown[] = []) => app.db.query<T>(sql, params);

const AREA_BLOCKS = ['tasks.overdue', 'tasks.today', 'chats.unanswered', 'requests.sla', 'invoices.attention', 'enquiries.new', 'crm.follow_ups'];

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'areas');
  otherBookkeeper = (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'areas-other')).get('BOOKKEEPER')!;
  for (const [role, user] of users) ids.set(role, (await q<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  ids.set('other', (await q<{ id: number }>('SELECT id FROM users WHERE email = $1', [otherBookkeeper.email]))[0]!.id);
  const clients = await q<{ id: number; legal_name: string }>(
    `SELECT c.id, c.legal_name FROM clients c JOIN conversations v ON v.client_id = c.id
     WHERE v.last_message_id IS NOT NULL AND c.status = 'active' ORDER BY c.id LIMIT 3`,
  );
  expect(clients).toHaveLength(3);
  await q('UPDATE clients SET bookkeeper_id = $1 WHERE id = ANY($2::integer[])', [ids.get('BOOKKEEPER'), [clients[0]!.id, clients[1]!.id]]);
  await q('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('other'), clients[2]!.id]);
  mine = clients.slice(0, 2);
  theirs = clients[2]!;
}, 120_000);
afterAll(() => app?.close());

describe('GET me/work in the service desk, invoices, growth and content areas', () => {
  it('gives each role the blocks of its own work and no others', async () => {
    const area = (who: MyWork) => keysOf(who).filter((key) => AREA_BLOCKS.includes(key));
    expect(area(await work('BOOKKEEPER'))).toEqual(['tasks.overdue', 'tasks.today', 'chats.unanswered', 'requests.sla', 'invoices.attention']);
    expect(area(await work('ADMIN'))).toEqual(['tasks.overdue', 'tasks.today', 'chats.unanswered', 'requests.sla', 'invoices.attention']);
    expect(area(await work('REVIEWER'))).toEqual(['tasks.overdue', 'tasks.today', 'chats.unanswered', 'requests.sla']);
    expect(area(await work('BD_MANAGER'))).toEqual(['enquiries.new', 'crm.follow_ups']);
    expect(area(await work('BD_EXEC'))).toEqual(['enquiries.new']);
    // MARKETING's pages (spec) do not include Home, so me/work stays refused to it.
    expect((await get('me/work', 'MARKETING')).statusCode).toBe(403);
  });

  it('counts my tasks overdue and due today on my clients only, linking to the filtered list', async () => {
    const today = dubaiDate();
    const tasks = await q<{ id: number }>("SELECT id FROM tasks WHERE status <> 'done' ORDER BY id LIMIT 3");
    expect(tasks).toHaveLength(3);
    const [late, current, foreign] = tasks.map((task) => task.id) as [number, number, number];
    await q('UPDATE tasks SET assignee_id = $1, client_id = $2, due_on = $3 WHERE id = $4', [ids.get('BOOKKEEPER'), mine[0]!.id, addDays(today, -2), late]);
    await q('UPDATE tasks SET assignee_id = $1, client_id = $2, due_on = $3 WHERE id = $4', [ids.get('BOOKKEEPER'), mine[1]!.id, today, current]);
    // Assigned to the bookkeeper but on another bookkeeper's client: the tasks list does not show it to them.
    await q('UPDATE tasks SET assignee_id = $1, client_id = $2, due_on = $3 WHERE id = $4', [ids.get('BOOKKEEPER'), theirs.id, addDays(today, -1), foreign]);
    const mineNow = await work('BOOKKEEPER');
    const overdue = block(mineNow, 'tasks.overdue')!;
    expect(overdue).toMatchObject({ count: 1, href: '/tasks?due=overdue' });
    expect(overdue.items).toEqual([expect.objectContaining({ id: late, href: `/tasks?assignee=all&task=${late}`, subtitle: mine[0]!.legal_name, overdue: true })]);
    const dueToday = block(mineNow, 'tasks.today')!;
    expect(dueToday).toMatchObject({ count: 1, href: '/tasks?due=today' });
    expect(dueToday.items.map((item) => [item.id, item.overdue])).toEqual([[current, false]]);
    // Done work is not waiting.
    await q("UPDATE tasks SET status = 'done' WHERE id = $1", [late]);
    expect(block(await work('BOOKKEEPER'), 'tasks.overdue')!.count).toBe(0);
  });

  it('lists the chats assigned to me where the client wrote last, not answered or resolved ones', async () => {
    const [conversation] = await q<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [mine[0]!.id]);
    const [foreign] = await q<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [theirs.id]);
    await q("UPDATE conversations SET assignee_id = $1, status = 'open', last_client_message_id = last_message_id WHERE id = ANY($2::integer[])", [ids.get('BOOKKEEPER'), [conversation!.id, foreign!.id]]);
    const chats = block(await work('BOOKKEEPER'), 'chats.unanswered')!;
    expect(chats).toMatchObject({ count: 1, href: '/chats?filter=mine' });
    expect(chats.items.map((item) => [item.id, item.href])).toEqual([[conversation!.id, `/chats?conversation=${conversation!.id}`]]);
    // A staff reply after the client's message answers it.
    await q('UPDATE conversations SET last_client_message_id = last_message_id - 1 WHERE id = $1', [conversation!.id]);
    expect(block(await work('BOOKKEEPER'), 'chats.unanswered')!.count).toBe(0);
    await q('UPDATE conversations SET last_client_message_id = last_message_id WHERE id = $1', [conversation!.id]);
    await q("UPDATE conversations SET status = 'resolved' WHERE id = $1", [conversation!.id]);
    expect(block(await work('BOOKKEEPER'), 'chats.unanswered')!.count).toBe(0);
  });

  it('shows my on-demand requests past or near their SLA, not fresh, paused or foreign ones', async () => {
    const requests = await q<{ id: number }>('SELECT id FROM service_requests ORDER BY id LIMIT 4');
    expect(requests).toHaveLength(4);
    const [breached, fresh, paused, foreign] = requests.map((row) => row.id) as [number, number, number, number];
    const open = (id: number, clientId: number, ageDays: number, status = 'in_progress') =>
      q(
        `UPDATE service_requests SET client_id = $2, assignee_id = $3, status = $4, paused_ms = 0, closed_at = NULL,
           paused_since = CASE WHEN $4 = 'waiting_on_client' THEN now() ELSE NULL END, created_at = now() - ($5::integer * interval '1 day') WHERE id = $1`,
        [id, clientId, ids.get('BOOKKEEPER'), status, ageDays],
      );
    await open(breached, mine[0]!.id, 60);
    await open(fresh, mine[0]!.id, 0);
    await open(paused, mine[1]!.id, 60, 'waiting_on_client');
    await open(foreign, theirs.id, 60);
    const sla = block(await work('BOOKKEEPER'), 'requests.sla')!;
    expect(sla).toMatchObject({ count: 1, href: '/on-demand-requests?assignee=mine' });
    expect(sla.items).toEqual([expect.objectContaining({ id: breached, overdue: true, href: `/on-demand-requests?assignee=mine&request=${breached}` })]);
    expect(sla.items[0]!.subtitle).toMatch(/ over$/);
    // Near: a request with under 20 % of its target left counts before it is breached.
    const [{ target } = { target: 0 }] = await q<{ target: number }>('SELECT t.target_working_days AS target FROM service_requests r JOIN request_types t ON t.id = r.type_id WHERE r.id = $1', [fresh]);
    const { slaClock } = await import('../../../common/service-desk.ts');
    // Move the fresh one back, hour by hour, until 10-19 % of its working time is left (working days skip weekends and holidays).
    const [created] = await q<{ created_at: Date }>('SELECT now() AS created_at');
    let start = created!.created_at.getTime();
    for (;;) {
      const clock = slaClock({ created_at: new Date(start), target_working_days: target, paused_ms: 0, paused_since: null, closed_at: null }, new Date());
      if (clock.left_ms < clock.target_ms * 0.19) break;
      start -= 3_600_000;
    }
    await q('UPDATE service_requests SET created_at = $2 WHERE id = $1', [fresh, new Date(start)]);
    const near = block(await work('BOOKKEEPER'), 'requests.sla')!;
    expect(near.count).toBe(2);
    expect(near.items.map((item) => [item.id, item.overdue])).toEqual([
      [breached, true],
      [fresh, false],
    ]);
  });

  it('counts invoices needing attention under the Unsynced Inv rule', async () => {
    // The demo's own troubled invoices of these clients go back to waiting, so the two below are the only ones.
    await q("UPDATE invoices SET sync_state = 'waiting' WHERE sync_state = 'needs_attention' AND client_id = ANY($1::integer[])", [[...mine.map((client) => client.id), theirs.id]]);
    const invoices = await q<{ id: number }>('SELECT id FROM invoices ORDER BY id LIMIT 2');
    expect(invoices).toHaveLength(2);
    await q("UPDATE invoices SET sync_state = 'needs_attention', last_error = 'Contact not found', client_id = $2 WHERE id = $1", [invoices[0]!.id, mine[0]!.id]);
    await q("UPDATE invoices SET sync_state = 'needs_attention', last_error = 'Contact not found', client_id = $2 WHERE id = $1", [invoices[1]!.id, theirs.id]);
    const bookkeeper = block(await work('BOOKKEEPER'), 'invoices.attention')!;
    expect(bookkeeper).toMatchObject({ count: 1, href: '/unsynced-inv?state=needs_attention' });
    expect(bookkeeper.items.map((item) => item.href)).toEqual([`/unsynced-inv?state=needs_attention&invoice=${invoices[0]!.id}`]);
    const [{ count } = { count: 0 }] = await q<{ count: number }>("SELECT count(*)::integer AS count FROM invoices WHERE sync_state = 'needs_attention'");
    expect(block(await work('ADMIN'), 'invoices.attention')!.count).toBe(count);
    expect(block(await work(otherBookkeeper), 'invoices.attention')!.items.map((item) => item.id)).toEqual([invoices[1]!.id]);
  });

  it('shows BD the new enquiries and a CRM user their own follow-ups due', async () => {
    const [{ count } = { count: 0 }] = await q<{ count: number }>("SELECT count(*)::integer AS count FROM enquiries WHERE status = 'new'");
    expect(count).toBeGreaterThan(0);
    const enquiries = block(await work('BD_EXEC'), 'enquiries.new')!;
    expect(enquiries.count).toBe(count);
    expect(enquiries.href).toMatch(/^\/(contactus|talktoexpert|cfo-enquiries|fundability|difc)\?status=new$/);
    const [oldest] = await q<{ id: number; kind: string }>("SELECT id, kind FROM enquiries WHERE status = 'new' ORDER BY created_at, id LIMIT 1");
    expect(enquiries.items[0]).toMatchObject({ id: oldest!.id, href: `/${oldest!.kind}/${oldest!.id}` });

    const today = dubaiDate();
    const leads = await q<{ id: number }>('SELECT id FROM leads ORDER BY id LIMIT 3');
    const [due, won, later] = leads.map((lead) => lead.id) as [number, number, number];
    await q("UPDATE leads SET owner_id = $1, stage = 'contacted', next_follow_up = $2 WHERE id = $3", [ids.get('BD_MANAGER'), addDays(today, -1), due]);
    await q("UPDATE leads SET owner_id = $1, stage = 'won', next_follow_up = $2 WHERE id = $3", [ids.get('BD_MANAGER'), addDays(today, -1), won]);
    await q("UPDATE leads SET owner_id = $1, stage = 'contacted', next_follow_up = $2 WHERE id = $3", [ids.get('BD_MANAGER'), addDays(today, 3), later]);
    const followUps = block(await work('BD_MANAGER'), 'crm.follow_ups')!;
    expect(followUps).toMatchObject({ count: 1, href: `/crm/list?owner=${ids.get('BD_MANAGER')}` });
    expect(followUps.items).toEqual([expect.objectContaining({ id: due, href: `/crm/leads/${due}`, overdue: true })]);
  });
});

describe('GET search/ over tasks, conversations, enquiries and leads', () => {
  it('finds a task by title and by client name for its bookkeeper, never another bookkeeper’s client’s task', async () => {
    const tasks = await q<{ id: number }>('SELECT id FROM tasks ORDER BY id DESC LIMIT 2');
    const [own, foreign] = tasks.map((task) => task.id) as [number, number];
    await q("UPDATE tasks SET title = 'Quokkafinch VAT reconciliation', client_id = $2 WHERE id = $1", [own, mine[1]!.id]);
    await q("UPDATE tasks SET title = 'Quokkafinch payroll run', client_id = $2 WHERE id = $1", [foreign, theirs.id]);
    const bookkeeper = hitsOf(await search('quokkafinch', 'BOOKKEEPER'), 'task');
    expect(bookkeeper.map((hit) => [hit.id, hit.href])).toEqual([[own, `/tasks?assignee=all&task=${own}`]]);
    expect(hitsOf(await search('quokkafinch', otherBookkeeper), 'task').map((hit) => hit.id)).toEqual([foreign]);
    expect(hitsOf(await search('quokkafinch', 'ADMIN'), 'task').map((hit) => hit.id).sort()).toEqual([own, foreign].sort());
    expect(hitsOf(await search('quokkafinch', 'REVIEWER'), 'task')).toHaveLength(2);
    // Not a page of BD_MANAGER's.
    expect(hitsOf(await search('quokkafinch', 'BD_MANAGER'), 'task')).toEqual([]);
    // By the client's name: only the bookkeeper's own client's tasks.
    const byClient = hitsOf(await search(theirs.legal_name, 'BOOKKEEPER'), 'task');
    expect(byClient).toEqual([]);
    const [{ count } = { count: 0 }] = await q<{ count: number }>('SELECT count(*)::integer AS count FROM tasks WHERE client_id = $1', [mine[1]!.id]);
    expect(hitsOf(await search(mine[1]!.legal_name, 'BOOKKEEPER'), 'task').length).toBe(Math.min(count, 5));
  });

  it('finds a conversation by its client’s name under the chats rule', async () => {
    const [conversation] = await q<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [mine[1]!.id]);
    const hits = hitsOf(await search(mine[1]!.legal_name, 'BOOKKEEPER'), 'conversation');
    expect(hits.map((hit) => [hit.id, hit.href])).toEqual([[conversation!.id, `/chats?conversation=${conversation!.id}`]]);
    expect(hitsOf(await search(theirs.legal_name, 'BOOKKEEPER'), 'conversation')).toEqual([]);
    expect(hitsOf(await search(theirs.legal_name, 'REVIEWER'), 'conversation').length).toBeGreaterThan(0);
    expect(hitsOf(await search(mine[1]!.legal_name, 'BD_EXEC'), 'conversation')).toEqual([]);
  });

  it('finds an enquiry by e-mail and company, and a lead by company, contact and e-mail, for the roles of their pages', async () => {
    // Unique words, so seeded look-alikes (the merge demo's duplicates) cannot crowd the record out of five hits.
    await q("UPDATE enquiries SET email = 'wombat.cfo@example.ae', company = 'Wombatline Trading LLC' WHERE id = (SELECT min(id) FROM enquiries)");
    const [enquiry] = await q<{ id: number; kind: string; email: string; company: string }>('SELECT id, kind, email, company FROM enquiries ORDER BY id LIMIT 1');
    const byEmail = hitsOf(await search(enquiry!.email, 'BD_EXEC'), 'enquiry');
    expect(byEmail.map((hit) => hit.href)).toContain(`/${enquiry!.kind}/${enquiry!.id}`);
    expect(hitsOf(await search(enquiry!.company, 'MARKETING'), 'enquiry').map((hit) => hit.id)).toContain(enquiry!.id);
    expect(hitsOf(await search(enquiry!.email, 'BOOKKEEPER'), 'enquiry')).toEqual([]);

    await q("UPDATE leads SET company = 'Numbatline Holdings', contact_name = 'Numbat Al Qasimi', email = 'numbat@example.ae' WHERE id = (SELECT min(id) FROM leads)");
    const [lead] = await q<{ id: number; company: string; contact_name: string; email: string }>('SELECT id, company, contact_name, email FROM leads ORDER BY id LIMIT 1');
    for (const text of [lead!.company, lead!.contact_name, lead!.email]) {
      expect(hitsOf(await search(text, 'BD_MANAGER'), 'lead').map((hit) => hit.href)).toContain(`/crm/leads/${lead!.id}`);
    }
    expect(hitsOf(await search(lead!.email, 'MARKETING'), 'lead').map((hit) => hit.id)).toContain(lead!.id);
    // BD_EXEC works enquiries but not the CRM.
    expect(hitsOf(await search(lead!.email, 'BD_EXEC'), 'lead')).toEqual([]);
  });
});
