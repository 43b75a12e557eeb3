/**
 * Tasks through HTTP (app.inject with real Auth emulator tokens): the role rule and client ownership (another
 * bookkeeper's task is 404), the workflow with maker-checker, bulk, and templates.
 */
import { describe, expect, it } from 'vitest';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { TaskBoard, TaskDetail, TaskListItem } from '../../../common/contract/tasks.ts';
import type { BulkJob } from '../../../common/contract/work.ts';
import { runBulkJobs } from '../../../backend/src/modules/bulk/index.ts';
import { MODULES } from '../../../backend/src/modules/index.ts';
import { deskBackend } from '../clients/desk-client.ts';

const desk = deskBackend('tasks');
const { users, call, get, post, ok, notificationsOf } = desk;
const today = dubaiDate();

it('keeps the tasks pages to their roles', async () => {
  for (const url of ['tasks/', 'tasks/board/', 'task-templates/']) {
    expect((await get(url, 'BD_EXEC')).statusCode, url).toBe(403);
    expect((await get(url, 'CLIENT')).statusCode, url).toBe(403);
    expect((await get(url, 'REVIEWER')).statusCode, url).toBe(200);
  }
});

describe('tasks', () => {
  let task: TaskDetail;

  it('creates a task, notifies its assignee and lists it in their Mine view, not another bookkeeper\u2019s', async () => {
    task = ok<TaskDetail>(
      await post('tasks/', { client_id: desk.clients.mine, title: 'Reconcile March bank', assignee_id: users.get('BOOKKEEPER')!.id, reviewer_id: users.get('REVIEWER')!.id, due_on: today, checklist: [{ text: 'Statements', done: false }] }),
      201,
    );
    expect(task).toMatchObject({ status: 'to_do', due_mark: 'today', checklist_total: 1, client: { id: desk.clients.mine } });
    expect(await notificationsOf('BOOKKEEPER', 'task_assigned')).toEqual([expect.objectContaining({ link: `/tasks?task=${task.id}` })]);
    const mine = ok<Page<TaskListItem>>(await get('tasks/', 'BOOKKEEPER'));
    expect(mine.results.map((item) => item.id)).toContain(task.id);
    expect(ok<Page<TaskListItem>>(await get('tasks/?assignee=all', 'OTHER_BOOKKEEPER')).results.map((item) => item.id)).not.toContain(task.id);
    for (const [method, url, body] of [
      ['GET', `tasks/${task.id}`, undefined],
      ['PATCH', `tasks/${task.id}`, { version: task.version, title: 'Mine now' }],
      ['POST', `tasks/${task.id}/status`, { version: task.version, status: 'done' }],
      ['POST', `tasks/${task.id}/comments`, { body: 'Hello' }],
    ] as const) {
      expect((await call(method, url, 'OTHER_BOOKKEEPER', body)).statusCode, url).toBe(404);
    }
    expect((await post('tasks/', { client_id: desk.clients.other, title: 'Not mine', due_on: today }, 'BOOKKEEPER')).statusCode).toBe(404);
    expect((await post('tasks/', { client_id: desk.clients.mine, title: '   ', due_on: today }, 'BOOKKEEPER')).statusCode).toBe(400);
    expect((await post('tasks/', { client_id: desk.clients.mine, title: 'x', due_on: today, assignee_id: users.get('CLIENT')!.id }, 'BOOKKEEPER')).json()).toMatchObject({ field: 'assignee_id' });
  });

  it("sends 'done' by the assignee to the reviewer, who returns it with a note and then approves it", async () => {
    const moved = ok<TaskDetail>(await post(`tasks/${task.id}/status`, { version: task.version, status: 'in_progress' }, 'BOOKKEEPER'));
    expect((await post(`tasks/${task.id}/status`, { version: task.version, status: 'done' }, 'BOOKKEEPER')).statusCode).toBe(409);
    const review = ok<TaskDetail>(await post(`tasks/${task.id}/status`, { version: moved.version, status: 'done' }, 'BOOKKEEPER'));
    expect(review.status).toBe('in_review');
    expect(await notificationsOf('REVIEWER', 'task_sent_for_review')).toHaveLength(1);
    expect((await post(`tasks/${task.id}/approve`, { version: review.version }, 'BOOKKEEPER')).statusCode).toBe(403);
    const returned = ok<TaskDetail>(await post(`tasks/${task.id}/return`, { version: review.version, note: 'Add the card statement.' }, 'REVIEWER'));
    expect(returned).toMatchObject({ status: 'in_progress', review_note: 'Add the card statement.' });
    expect(await notificationsOf('BOOKKEEPER', 'task_returned')).toHaveLength(1);
    const again = ok<TaskDetail>(await post(`tasks/${task.id}/status`, { version: returned.version, status: 'done' }, 'BOOKKEEPER'));
    const approved = ok<TaskDetail>(await post(`tasks/${task.id}/approve`, { version: again.version }, 'REVIEWER'));
    expect(approved).toMatchObject({ status: 'done', due_mark: null });
    expect(approved.timeline.map((event) => event.kind)).toEqual(expect.arrayContaining(['task_created', 'task_sent_for_review', 'task_returned', 'task_approved']));
  });

  it('changes many at once with a result per row, and shows them on the board', async () => {
    const made = ok<TaskDetail>(await post('tasks/', { client_id: desk.clients.mine, title: 'Post invoices', due_on: today }, 'BOOKKEEPER'), 201);
    // Two days pass (a task is never created overdue: common/date-rules.ts).
    await desk.app.db.query('UPDATE tasks SET due_on = $2 WHERE id = $1', [made.id, addDays(today, -2)]);
    const second = ok<TaskDetail>(await get(`tasks/${made.id}`, 'BOOKKEEPER'));
    expect(second.due_mark).toBe('overdue');
    const [foreign] = await desk.app.db.query<{ id: number }>("INSERT INTO tasks (client_id, title, due_on) VALUES ($1, 'Theirs', $2) RETURNING id", [desk.clients.other, today]);
    // Many at once is a bulk job on the shared runner: another bookkeeper's task is not selected.
    for (const [action, params] of [
      ['assign', { assignee_id: users.get('BOOKKEEPER')!.id }],
      ['status', { status: 'waiting_on_client' }],
    ] as const) {
      const job = ok<BulkJob>(await post('bulk/jobs/', { list: 'tasks', action, ids: [second.id, foreign!.id], params }, 'BOOKKEEPER'), 201);
      expect(job.rows.map((row) => row.record_id)).toEqual([second.id]);
      await runBulkJobs(desk.app.db, MODULES.flatMap((module) => module.work?.bulk ?? []));
      await expect.poll(async () => ok<BulkJob>(await get(`bulk/jobs/${job.id}`, 'BOOKKEEPER')).rows[0]!.outcome, { timeout: 20_000 }).toBe('done');
    }
    const board = ok<TaskBoard>(await get('tasks/board/', 'BOOKKEEPER'));
    expect(board.columns.map((column) => column.status)).toEqual(['to_do', 'in_progress', 'waiting_on_client', 'in_review', 'done']);
    expect(board.columns.find((column) => column.status === 'waiting_on_client')!.tasks.map((item) => item.id)).toContain(second.id);
    expect(ok<Page<TaskListItem>>(await get('tasks/?due=overdue', 'BOOKKEEPER')).results.map((item) => item.id)).toEqual([second.id]);
  });
});
