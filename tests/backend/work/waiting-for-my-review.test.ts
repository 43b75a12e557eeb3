/**
 * 'Waiting for my review' against the real back end (demo data seeded) and real emulator
 * tokens: tasks in review whose reviewer is me (tasks/?review=mine) and monthly reports submitted for my
 * decision (monthly-reports/?review=mine: my clients as their reviewer, and for a REVIEWER the clients with
 * none; never one I submitted), and the two Home blocks that count them and link to those lists.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MonthlyReport } from '../../../common/contract/clients.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { TaskDetail, TaskListItem } from '../../../common/contract/tasks.ts';
import type { MyWork } from '../../../common/contract/work.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { clientReportPath } from '../../../common/links.ts';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const ids = new Map<Role, number>();
let client: { id: number; legal_name: string };
let unreviewed: { id: number };

const call = (method: 'GET' | 'POST', url: string, who: Role, body?: Record<string, unknown>) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(users.get(who)!.token), 'idempotency-key': `${Math.random()}` }, ...(body ? { payload: body } : {}) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const q = <T>(sql: string, params: unknown[] = []) => app.db.query<T>(sql, params);
const block = async (who: Role, key: string) => ok<MyWork>(await call('GET', 'me/work', who)).blocks.find((entry) => entry.key === key);

/** A report of the client put in review, submitted by `submitter`. */
async function submittedReport(clientId: number, submitter: number): Promise<{ id: number; month: string }> {
  const [row] = await q<{ id: number; month: string }>(
    `UPDATE monthly_reports SET state = 'submitted', submitted_by = $2, submitted_at = now()
     WHERE id = (SELECT id FROM monthly_reports WHERE client_id = $1 AND state <> 'submitted' ORDER BY month DESC, revision DESC LIMIT 1)
     RETURNING id, to_char(month, 'YYYY-MM') AS month`,
    [clientId, submitter],
  );
  return row!;
}

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['REVIEWER', 'ADMIN', 'BOOKKEEPER'], 'review-queue');
  for (const [role, user] of users) ids.set(role, (await q<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  const clients = await q<{ id: number; legal_name: string }>("SELECT id, legal_name FROM clients WHERE status = 'active' AND EXISTS (SELECT 1 FROM monthly_reports r WHERE r.client_id = clients.id) ORDER BY id LIMIT 2");
  client = clients[0]!;
  unreviewed = clients[1]!;
  await q('UPDATE clients SET bookkeeper_id = $1, reviewer_id = $2 WHERE id = $3', [ids.get('BOOKKEEPER'), ids.get('REVIEWER'), client.id]);
  await q('UPDATE clients SET bookkeeper_id = $1, reviewer_id = NULL WHERE id = $2', [ids.get('BOOKKEEPER'), unreviewed.id]);
}, 120_000);
afterAll(() => app?.close());

describe('tasks waiting for my review', () => {
  it('lists the tasks in review whose reviewer is me, whoever holds them, and counts them on Home', async () => {
    const due = addDays(dubaiDate(), 3);
    const task = ok<TaskDetail>(
      await call('POST', 'tasks/', 'BOOKKEEPER', { client_id: client.id, title: 'Review queue: VAT prep', due_on: due, assignee_id: ids.get('BOOKKEEPER')!, reviewer_id: ids.get('REVIEWER')! }),
      201,
    );
    const open = ok<TaskDetail>(await call('POST', 'tasks/', 'BOOKKEEPER', { client_id: client.id, title: 'Review queue: not sent yet', due_on: due, reviewer_id: ids.get('REVIEWER')! }), 201);
    const sent = ok<TaskDetail>(await call('POST', `tasks/${task.id}/status`, 'BOOKKEEPER', { status: 'done', version: task.version }));
    expect(sent.status).toBe('in_review');

    const reviewing = ok<Page<TaskListItem>>(await call('GET', 'tasks/?assignee=all&review=mine', 'REVIEWER')).results.map((row) => row.id);
    expect(reviewing).toContain(task.id);
    expect(reviewing).not.toContain(open.id);
    // Not the admin's (they may review it, but it was not sent to them), nor the bookkeeper's.
    expect(ok<Page<TaskListItem>>(await call('GET', 'tasks/?assignee=all&review=mine', 'ADMIN')).results.map((row) => row.id)).not.toContain(task.id);
    expect(ok<Page<TaskListItem>>(await call('GET', 'tasks/?assignee=all&review=mine', 'BOOKKEEPER')).count).toBe(0);
    expect((await call('GET', 'tasks/?review=theirs', 'REVIEWER')).statusCode).toBe(400);

    const home = (await block('REVIEWER', 'tasks.review'))!;
    expect(home).toMatchObject({ title: 'Tasks waiting for my review', href: '/tasks?assignee=all&review=mine' });
    expect(home.count).toBe(reviewing.length);
    expect(home.items.map((item) => item.id)).toContain(task.id);
    expect((await block('BOOKKEEPER', 'tasks.review'))!.count).toBe(0);

    // Approved: it leaves the queue.
    ok(await call('POST', `tasks/${task.id}/approve`, 'REVIEWER', { version: sent.version }));
    expect(ok<Page<TaskListItem>>(await call('GET', 'tasks/?assignee=all&review=mine', 'REVIEWER')).results.map((row) => row.id)).not.toContain(task.id);
  });
});

describe('monthly reports waiting for my review', () => {
  it("lists the reports submitted on my clients and on clients without a reviewer, never one I submitted, and counts them on Home", async () => {
    const mine = await submittedReport(client.id, ids.get('BOOKKEEPER')!);
    const nobodys = await submittedReport(unreviewed.id, ids.get('BOOKKEEPER')!);
    const reviewer = ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine&page_size=100', 'REVIEWER')).results.map((row) => row.id);
    expect(reviewer).toEqual(expect.arrayContaining([mine.id, nobodys.id]));
    // ADMIN reviews what names them as reviewer only; a bookkeeper decides on no report.
    const admin = ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine&page_size=100', 'ADMIN')).results.map((row) => row.id);
    expect(admin).not.toContain(mine.id);
    expect(admin).not.toContain(nobodys.id);
    expect(ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine', 'BOOKKEEPER')).count).toBe(0);
    await q('UPDATE clients SET reviewer_id = $1 WHERE id = $2', [ids.get('ADMIN'), unreviewed.id]);
    expect(ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine&page_size=100', 'ADMIN')).results.map((row) => row.id)).toContain(nobodys.id);
    expect(ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine&page_size=100', 'REVIEWER')).results.map((row) => row.id)).not.toContain(nobodys.id);

    const home = (await block('REVIEWER', 'clients.reviews'))!;
    expect(home).toMatchObject({ title: 'Reports waiting for my review', href: '/clients?review=mine' });
    expect(home.count).toBe(ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine', 'REVIEWER')).count);
    expect(home.items.find((item) => item.id === mine.id)?.href ?? clientReportPath(client.id, mine.month)).toBe(clientReportPath(client.id, mine.month));
    expect(await block('BOOKKEEPER', 'clients.reviews')).toBeUndefined();

    // One the reviewer submitted themselves is not theirs to decide.
    await q('UPDATE monthly_reports SET submitted_by = $1 WHERE id = $2', [ids.get('REVIEWER'), mine.id]);
    expect(ok<Page<MonthlyReport>>(await call('GET', 'monthly-reports/?review=mine&page_size=100', 'REVIEWER')).results.map((row) => row.id)).not.toContain(mine.id);
  });
});
