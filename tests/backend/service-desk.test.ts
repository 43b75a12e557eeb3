/**
 * The service desk through HTTP (app.inject with real Auth emulator tokens): every endpoint's role rule and
 * client ownership (another bookkeeper's task, request or conversation is 404), the task workflow with
 * maker-checker and bulk, a client's request quoted, accepted and converted into tasks, chats with unread
 * counts, paging and bad inputs, reminders; and two back ends on one database whose timers create a
 * recurring task and fire a reminder exactly once.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dubaiDate } from '../../common/calendar.ts';
import type { ChatMessage, ChatReminders, ConversationItem, MessagePage } from '../../common/contract/chats.ts';
import type { MyRequest, RequestDetail, RequestListItem } from '../../common/contract/requests.ts';
import type { Page } from '../../common/contract/shared.ts';
import type { TaskBoard, TaskDetail, TaskListItem } from '../../common/contract/tasks.ts';
import type { BulkJob } from '../../common/contract/work.ts';
import type { Role } from '../../common/roles.ts';
import { buildBackend } from '../../backend/src/app.ts';
import { loadConfig } from '../../backend/src/config.ts';
import type { Database } from '../../backend/src/db/database.ts';
import { makePdf } from '../../backend/src/demo/files.ts';
import { runBulkJobs } from '../../backend/src/modules/bulk/index.ts';
import { createClient } from '../../backend/src/modules/clients/index.ts';
import { MODULES } from '../../backend/src/modules/index.ts';
import { deskClient } from './clients/desk-client.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { auth, createUsers, openReplicaDatabases, startBackend, type TestUser } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
type Who = Role | 'OTHER_BOOKKEEPER' | 'OTHER_CLIENT';
const users = new Map<Who, TestUser & { id: number }>();
let mineClient: number;
let otherClient: number;
const today = dubaiDate();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, body?: unknown) =>
  app.inject({ method, url: `/api/${url}`, headers: auth(users.get(who)!.token), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const get = (url: string, who: Who = 'ADMIN') => call('GET', url, who);
const post = (url: string, body: unknown, who: Who = 'ADMIN') => call('POST', url, who, body);
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};

const client = (name: string, bookkeeperId: number, userId: number) => deskClient({ legalName: name, bookkeeperId, userId });

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  const add = async (tag: string, roles: Role[], rename: Partial<Record<Role, Who>> = {}) => {
    for (const [role, user] of await createUsers(app, emulatorHost, roles, tag)) {
      const [row] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
      users.set(rename[role] ?? role, { ...user, id: row!.id });
    }
  };
  await add('desk', ['ADMIN', 'BOOKKEEPER', 'REVIEWER', 'BD_EXEC', 'CLIENT']);
  await add('desk2', ['BOOKKEEPER', 'CLIENT'], { BOOKKEEPER: 'OTHER_BOOKKEEPER', CLIENT: 'OTHER_CLIENT' });
  await app.db.transaction(async (tx) => {
    mineClient = await createClient(tx, client('Mine Desk Trading LLC', users.get('BOOKKEEPER')!.id, users.get('CLIENT')!.id));
    otherClient = await createClient(tx, client('Other Desk General Trading LLC', users.get('OTHER_BOOKKEEPER')!.id, users.get('OTHER_CLIENT')!.id));
  });
  // The demo seed runs first: slow on a loaded machine.
}, 180_000);
afterAll(() => app?.close());

const notificationsOf = (who: Who, kind: string) =>
  app.db.query<{ title: string; body: string; link: string | null }>('SELECT title, body, link FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id', [users.get(who)!.id, kind]);

describe('who may call what', () => {
  it('keeps staff routes to the page roles and the client side to CLIENT', async () => {
    for (const url of ['tasks/', 'tasks/board/', 'requests/', 'chats/', 'chats/unread-count', 'task-templates/']) {
      expect((await get(url, 'BD_EXEC')).statusCode, url).toBe(403);
      expect((await get(url, 'CLIENT')).statusCode, url).toBe(403);
      expect((await get(url, 'REVIEWER')).statusCode, url).toBe(200);
    }
    for (const url of ['me/requests', 'me/chat']) {
      expect((await get(url, 'BOOKKEEPER')).statusCode, url).toBe(403);
      expect((await get(url, 'CLIENT')).statusCode, url).toBe(200);
    }
    expect((await post('chats/canned-replies/', { title: 'Hi', body: 'Hello' }, 'BOOKKEEPER')).statusCode).toBe(403);
    ok(await post('chats/canned-replies/', { title: 'Hi', body: 'Hello there' }, 'ADMIN'), 201);
  });
});

describe('tasks', () => {
  let task: TaskDetail;

  it('creates a task, notifies its assignee and lists it in their Mine view, not another bookkeeper\u2019s', async () => {
    task = ok<TaskDetail>(
      await post('tasks/', { client_id: mineClient, title: 'Reconcile March bank', assignee_id: users.get('BOOKKEEPER')!.id, reviewer_id: users.get('REVIEWER')!.id, due_on: today, checklist: [{ text: 'Statements', done: false }] }),
      201,
    );
    expect(task).toMatchObject({ status: 'to_do', due_mark: 'today', checklist_total: 1, client: { id: mineClient } });
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
    expect((await post('tasks/', { client_id: otherClient, title: 'Not mine', due_on: today }, 'BOOKKEEPER')).statusCode).toBe(404);
    expect((await post('tasks/', { client_id: mineClient, title: '   ', due_on: today }, 'BOOKKEEPER')).statusCode).toBe(400);
    expect((await post('tasks/', { client_id: mineClient, title: 'x', due_on: today, assignee_id: users.get('CLIENT')!.id }, 'BOOKKEEPER')).json()).toMatchObject({ field: 'assignee_id' });
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
    const made = ok<TaskDetail>(await post('tasks/', { client_id: mineClient, title: 'Post invoices', due_on: today }, 'BOOKKEEPER'), 201);
    // Two days pass (a task is never created overdue: common/date-rules.ts).
    await app.db.query('UPDATE tasks SET due_on = $2 WHERE id = $1', [made.id, addDays(today, -2)]);
    const second = ok<TaskDetail>(await get(`tasks/${made.id}`, 'BOOKKEEPER'));
    expect(second.due_mark).toBe('overdue');
    const [foreign] = await app.db.query<{ id: number }>("INSERT INTO tasks (client_id, title, due_on) VALUES ($1, 'Theirs', $2) RETURNING id", [otherClient, today]);
    // Many at once is a bulk job on the shared runner (issue 22): another bookkeeper's task is not selected.
    for (const [action, params] of [
      ['assign', { assignee_id: users.get('BOOKKEEPER')!.id }],
      ['status', { status: 'waiting_on_client' }],
    ] as const) {
      const job = ok<BulkJob>(await post('bulk/jobs/', { list: 'tasks', action, ids: [second.id, foreign!.id], params }, 'BOOKKEEPER'), 201);
      expect(job.rows.map((row) => row.record_id)).toEqual([second.id]);
      await runBulkJobs(app.db, MODULES.flatMap((module) => module.work?.bulk ?? []));
      await expect.poll(async () => ok<BulkJob>(await get(`bulk/jobs/${job.id}`, 'BOOKKEEPER')).rows[0]!.outcome, { timeout: 20_000 }).toBe('done');
    }
    const board = ok<TaskBoard>(await get('tasks/board/', 'BOOKKEEPER'));
    expect(board.columns.map((column) => column.status)).toEqual(['to_do', 'in_progress', 'waiting_on_client', 'in_review', 'done']);
    expect(board.columns.find((column) => column.status === 'waiting_on_client')!.tasks.map((item) => item.id)).toContain(second.id);
    expect(ok<Page<TaskListItem>>(await get('tasks/?due=overdue', 'BOOKKEEPER')).results.map((item) => item.id)).toEqual([second.id]);
  });
});

describe('on-demand requests', () => {
  const pdf = makePdf('Passport', ['copy']).toString('base64');
  let mine: MyRequest;

  it("takes a client's request with an attachment, refuses wrong file bytes, and keeps it from other clients' staff", async () => {
    const refused = await post('me/requests', { type: 'salary_certificate', details: 'For a bank loan', attachments: [{ file_name: 'p.pdf', content_type: 'application/pdf', content_base64: Buffer.from('not a pdf').toString('base64') }] }, 'CLIENT');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'attachments.0.content_base64' });
    expect((await post('me/requests', { type: 'no_such_type', details: 'x' }, 'CLIENT')).statusCode).toBe(400);
    mine = ok<MyRequest>(await post('me/requests', { type: 'salary_certificate', details: 'For a bank loan', attachments: [{ file_name: 'passport.pdf', content_type: 'application/pdf', content_base64: pdf }] }, 'CLIENT'), 201);
    expect(mine).toMatchObject({ status: 'new', type: { code: 'salary_certificate', target_working_days: 2 }, quote: null });
    expect(await notificationsOf('BOOKKEEPER', 'request_created')).toHaveLength(1);
    const inbox = ok<Page<RequestListItem>>(await get('requests/', 'BOOKKEEPER'));
    expect(inbox.results.find((item) => item.id === mine.id)?.sla).toMatchObject({ target_ms: 2 * 86_400_000, paused: false });
    expect((await get(`requests/${mine.id}`, 'OTHER_BOOKKEEPER')).statusCode).toBe(404);
    expect(ok<{ results: MyRequest[] }>(await get('me/requests', 'OTHER_CLIENT')).results).toEqual([]);
    expect((await post(`me/requests/${mine.id}/accept-quote`, {}, 'OTHER_CLIENT')).statusCode).toBe(404);
    const detail = ok<RequestDetail>(await get(`requests/${mine.id}`, 'BOOKKEEPER'));
    const file = await get(`requests/${mine.id}/attachments/${detail.attachments[0]!.id}`, 'BOOKKEEPER');
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('is quoted with VAT, waits for the client to accept, then converts into linked tasks; every change tells the client', async () => {
    let detail = ok<RequestDetail>(await get(`requests/${mine.id}`, 'BOOKKEEPER'));
    detail = ok<RequestDetail>(await post(`requests/${mine.id}/quote`, { version: detail.version, net_fils: 50_000, note: 'Urgent letter fee' }, 'BOOKKEEPER'));
    expect(detail.quote).toEqual({ net_fils: 50_000, vat_fils: 2_500, total_fils: 52_500, status: 'pending', note: 'Urgent letter fee' });
    // The quote waits for the client: so does the request, and its SLA clock stops until the client accepts.
    expect(detail).toMatchObject({ status: 'waiting_on_client', sla: { paused: true } });
    const early = await post(`requests/${mine.id}/convert`, { version: detail.version, tasks: [{ title: 'Draft letter', due_on: today }] }, 'BOOKKEEPER');
    expect(early.statusCode).toBe(409);
    expect(ok<MyRequest>(await post(`me/requests/${mine.id}/accept-quote`, {}, 'CLIENT')).quote?.status).toBe('accepted');
    detail = ok<RequestDetail>(await get(`requests/${mine.id}`, 'BOOKKEEPER'));
    expect(detail).toMatchObject({ status: 'in_progress', sla: { paused: false } });
    // The tasks are due by the SLA and someone does them.
    const late = await post(`requests/${mine.id}/convert`, { version: detail.version, tasks: [{ title: 'Draft letter', due_on: addDays(today, 60) }] }, 'BOOKKEEPER');
    expect(late.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'tasks.0.due_on', message: expect.stringContaining("must be on or before the request's SLA due date") });
    detail = ok<RequestDetail>(await post(`requests/${mine.id}/convert`, { version: detail.version, tasks: [{ title: 'Draft letter', due_on: today }, { title: 'Sign and send', due_on: addDays(today, 1) }] }, 'BOOKKEEPER'));
    expect(detail.status).toBe('in_progress');
    expect(detail.tasks.map((task) => task.title)).toEqual(['Draft letter', 'Sign and send']);
    const assignees = await app.db.query<{ assignee_id: number | null }>('SELECT assignee_id FROM tasks WHERE request_id = $1', [mine.id]);
    expect(assignees.every((task) => task.assignee_id !== null)).toBe(true);
    const linked = ok<TaskDetail>(await get(`tasks/${detail.tasks[0]!.id}`, 'BOOKKEEPER'));
    expect(linked.request_id).toBe(mine.id);
    const told = await app.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1 ORDER BY id', [users.get('CLIENT')!.id]);
    expect(told.map((row) => row.kind)).toEqual(expect.arrayContaining(['request_quoted', 'request_converted']));
    detail = ok<RequestDetail>(await post(`requests/${mine.id}/status`, { version: detail.version, status: 'waiting_on_client' }, 'BOOKKEEPER'));
    expect(detail.sla.paused).toBe(true);
    // Not complete while its tasks are open.
    const open = await post(`requests/${mine.id}/status`, { version: detail.version, status: 'completed' }, 'BOOKKEEPER');
    expect(open.json()).toMatchObject({ message: 'This request still has 2 open tasks: complete them first.' });
    expect(open.statusCode).toBe(409);
    await app.db.query("UPDATE tasks SET status = 'done' WHERE request_id = $1", [mine.id]);
    detail = ok<RequestDetail>(await post(`requests/${mine.id}/status`, { version: detail.version, status: 'completed' }, 'BOOKKEEPER'));
    expect(detail.status).toBe('completed');
    expect((await post(`requests/${mine.id}/decline`, { version: detail.version, reason: 'Late' }, 'BOOKKEEPER')).statusCode).toBe(409);
    expect(detail.timeline.map((event) => event.kind)).toEqual(expect.arrayContaining(['request_created', 'request_quoted', 'request_quote_accepted', 'request_converted', 'request_status_changed']));
  });

  it('declines with a reason', async () => {
    const other = ok<MyRequest>(await post('me/requests', { type: 'noc_letter', details: 'For a visa' }, 'CLIENT'), 201);
    const detail = ok<RequestDetail>(await get(`requests/${other.id}`, 'ADMIN'));
    expect((await post(`requests/${other.id}/decline`, { version: detail.version, reason: '  ' }, 'ADMIN')).statusCode).toBe(400);
    const declined = ok<RequestDetail>(await post(`requests/${other.id}/decline`, { version: detail.version, reason: 'We do not issue visa letters.' }, 'ADMIN'));
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'We do not issue visa letters.' });
    expect(ok<{ results: MyRequest[] }>(await get('me/requests', 'CLIENT')).results.find((item) => item.id === other.id)?.decline_reason).toBe('We do not issue visa letters.');
  });
});

describe('chats', () => {
  let conversation: ConversationItem;

  it("shows a client's message with an unread count to its bookkeeper only, and clears it on read", async () => {
    const sent = ok<ChatMessage>(await post('me/chat/messages', { body: 'Hello <b>team</b>, see https://example.com' }, 'CLIENT'), 201);
    expect(sent).toMatchObject({ from_client: true, body: 'Hello <b>team</b>, see https://example.com' });
    const list = ok<Page<ConversationItem>>(await get('chats/?filter=all', 'BOOKKEEPER'));
    conversation = list.results.find((item) => item.client.id === mineClient)!;
    expect(conversation).toMatchObject({ unread: 1, last_message: { id: sent.id } });
    expect(ok<{ unread: number }>(await get('chats/unread-count', 'BOOKKEEPER')).unread).toBe(1);
    expect(await notificationsOf('BOOKKEEPER', 'chat_message')).toEqual([expect.objectContaining({ link: `/chats?conversation=${conversation.id}` })]);
    expect(ok<Page<ConversationItem>>(await get('chats/', 'OTHER_BOOKKEEPER')).results.map((item) => item.id)).not.toContain(conversation.id);
    for (const url of [`chats/${conversation.id}`, `chats/${conversation.id}/messages`, `chat/reminder/?conversation=${conversation.id}`]) expect((await get(url, 'OTHER_BOOKKEEPER')).statusCode, url).toBe(404);
    expect((await post(`chats/${conversation.id}/messages`, { body: 'hi' }, 'OTHER_BOOKKEEPER')).statusCode).toBe(404);
    expect(ok<ConversationItem>(await post(`chats/${conversation.id}/read`, { up_to: sent.id }, 'BOOKKEEPER')).unread).toBe(0);
    expect(ok<{ unread: number }>(await get('chats/unread-count', 'BOOKKEEPER')).unread).toBe(0);
  });

  it('refuses an empty message, a 100 kB message and an attachment whose bytes are not its type', async () => {
    expect((await post(`chats/${conversation.id}/messages`, { body: '   ' }, 'BOOKKEEPER')).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'body' });
    expect((await post(`chats/${conversation.id}/messages`, { body: 'x'.repeat(100 * 1024) }, 'BOOKKEEPER')).statusCode).toBe(400);
    expect((await post('me/chat/messages', { body: 'x'.repeat(100 * 1024) }, 'CLIENT')).statusCode).toBe(400);
    const wrong = await post(`chats/${conversation.id}/messages`, { body: 'scan', attachment: { file_name: 'scan.png', content_type: 'image/png', content_base64: makePdf('x', []).toString('base64') } }, 'BOOKKEEPER');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'attachment.content_base64' });
    const withFile = ok<ChatMessage>(await post(`chats/${conversation.id}/messages`, { body: '', attachment: { file_name: 'draft.pdf', content_type: 'application/pdf', content_base64: makePdf('VAT draft', ['Q1']).toString('base64') } }, 'BOOKKEEPER'), 201);
    expect(withFile.attachment).toMatchObject({ file_name: 'draft.pdf', content_type: 'application/pdf' });
    const file = await get(`chats/${conversation.id}/messages/${withFile.id}/file`, 'BOOKKEEPER');
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('pages messages back in order for staff and the client alike', async () => {
    for (let n = 0; n < 12; n += 1) ok(await post(n % 2 ? 'me/chat/messages' : `chats/${conversation.id}/messages`, { body: `m${n}` }, n % 2 ? 'CLIENT' : 'BOOKKEEPER'), 201);
    const first = ok<MessagePage>(await get(`chats/${conversation.id}/messages?limit=5`, 'BOOKKEEPER'));
    expect(first.results.map((message) => message.body)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    const back = ok<MessagePage>(await get(`chats/${conversation.id}/messages?limit=5&before=${first.before}`, 'BOOKKEEPER'));
    expect(back.results.map((message) => message.body)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    const client = ok<MessagePage>(await get(`me/chat?limit=5&before=${first.before}`, 'CLIENT'));
    expect(client.results.map((message) => message.id)).toEqual(back.results.map((message) => message.id));
    expect(ok<MessagePage>(await get('me/chat', 'OTHER_CLIENT')).results).toEqual([]);
  });

  it('assigns, resolves, and sets and cancels reminders', async () => {
    let current = ok<ConversationItem>(await get(`chats/${conversation.id}`, 'BOOKKEEPER'));
    current = ok<ConversationItem>(await post(`chats/${conversation.id}/assign`, { version: current.version, assignee_id: users.get('BOOKKEEPER')!.id }, 'ADMIN'));
    expect(current.assignee?.id).toBe(users.get('BOOKKEEPER')!.id);
    expect(ok<Page<ConversationItem>>(await get('chats/?filter=mine', 'BOOKKEEPER')).results.map((item) => item.id)).toEqual([conversation.id]);
    const set = ok<ChatReminders>(await post('chat/reminder/', { conversation_id: conversation.id, kind: 'me', preset: 'tomorrow_9' }, 'BOOKKEEPER'), 201);
    expect((await post('chat/reminder/', { conversation_id: conversation.id, kind: 'me', at: '2020-01-01T10:00:00+04:00' }, 'BOOKKEEPER')).statusCode).toBe(400);
    const ladder = ok<ChatReminders>(await post('chat/reminder/', { conversation_id: conversation.id, kind: 'client' }, 'BOOKKEEPER'), 201);
    expect(ladder.results.map((step) => step.step)).toEqual([1, 2]);
    expect((await post('chat/reminder/', { conversation_id: conversation.id, kind: 'client' }, 'BOOKKEEPER')).statusCode).toBe(409);
    ok(await post(`chat/reminder/${set.results[0]!.id}/cancel`, {}, 'BOOKKEEPER'));
    const listed = ok<ChatReminders>(await get(`chat/reminder/?conversation=${conversation.id}`, 'BOOKKEEPER'));
    expect(listed.results.find((reminder) => reminder.id === set.results[0]!.id)?.status).toBe('cancelled');
    current = ok<ConversationItem>(await post(`chats/${conversation.id}/status`, { version: current.version, status: 'resolved' }, 'BOOKKEEPER'));
    expect(current.status).toBe('resolved');
    const after = ok<ChatReminders>(await get(`chat/reminder/?conversation=${conversation.id}`, 'BOOKKEEPER'));
    expect(after.results.filter((reminder) => reminder.kind === 'client').map((reminder) => reminder.status)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('two back ends on one database', () => {
  let databases: Awaited<ReturnType<typeof openReplicaDatabases>> | undefined;
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    for (const replica of apps) await replica.close();
    await databases?.close();
  });

  it('create a due recurring task and fire a due reminder exactly once between their timers, and again after a restart nothing repeats', { timeout: 240_000 }, async () => {
    databases = await openReplicaDatabases();
    const { first: database, second } = databases;
    const build = (db: Database) =>
      buildBackend(
        loadConfig({
          DATA_DIR: 'memory://',
          FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          SEED_DEMO_DATA: 'true',
          LOG_LEVEL: 'silent',
          AUTH_TIMEOUT_MS: '20000',
          SERVICE_DESK_JOBS_INTERVAL_MS: '100',
          CLIENT_JOBS_INTERVAL_MS: '0',
        }),
        { database: db },
      );
    apps.push(await build(database));
    await apps[0]!.ready();
    // The demo seed ran on the first; insert what is due now, then start the second and let both timers run.
    const [bookkeeper] = await database.query<{ id: number }>("SELECT id FROM users WHERE email = 'bookkeeper@example.com'");
    const [conversation] = await database.query<{ id: number }>('SELECT id FROM conversations ORDER BY id LIMIT 1');
    const [clientRow] = await database.query<{ id: number }>('SELECT client_id AS id FROM conversations WHERE id = $1', [conversation!.id]);
    const [template] = await database.query<{ id: number }>(
      "INSERT INTO task_templates (client_id, title, assignee_id, frequency, day_of_month, lead_days, next_occurrence_on) VALUES ($1, 'Replica close', $2, 'monthly', 28, 60, date_trunc('month', CURRENT_DATE)::date) RETURNING id",
      [clientRow!.id, bookkeeper!.id],
    );
    const [reminder] = await database.query<{ id: number }>("INSERT INTO chat_reminders (conversation_id, kind, user_id, due_at) VALUES ($1, 'me', $2, now()) RETURNING id", [conversation!.id, bookkeeper!.id]);
    apps.push(await build(second));
    await apps[1]!.ready();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const tasks = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM tasks WHERE template_id = $1', [template!.id]);
    expect(tasks[0]!.count).toBeGreaterThanOrEqual(1);
    const [occurrences] = await database.query<{ count: number; distinct: number }>('SELECT count(*)::int AS count, count(DISTINCT occurrence_on)::int AS distinct FROM tasks WHERE template_id = $1', [template!.id]);
    expect(occurrences!.count).toBe(occurrences!.distinct);
    const [fired] = await database.query<{ status: string }>('SELECT status FROM chat_reminders WHERE id = $1', [reminder!.id]);
    expect(fired!.status).toBe('fired');
    const notices = await database.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE kind = 'chat_reminder' AND user_id = $1 AND created_at > now() - interval '1 minute'", [bookkeeper!.id]);
    expect(notices[0]!.count).toBe(1);
    // A restart of one replica runs the jobs again at once: nothing is made twice.
    const before = tasks[0]!.count;
    await apps[1]!.close();
    apps.pop();
    apps.push(await build(second));
    await apps[1]!.ready();
    const [after] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM tasks WHERE template_id = $1', [template!.id]);
    expect(after!.count).toBe(before);
  });
});
