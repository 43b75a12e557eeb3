/**
 * On-demand requests through HTTP (app.inject with real Auth emulator tokens): the role rule and client
 * ownership (another bookkeeper's request, another client's, is 404), a client's request quoted, accepted and
 * converted into tasks, and bad input.
 */
import { describe, expect, it } from 'vitest';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { MyRequest, RequestDetail, RequestListItem } from '../../../common/contract/requests.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { TaskDetail } from '../../../common/contract/tasks.ts';
import { makePdf } from '../../../backend/src/demo/files.ts';
import { deskBackend } from '../clients/desk-client.ts';

const desk = deskBackend('requests');
const { users, get, post, ok, notificationsOf } = desk;
const today = dubaiDate();

it('keeps staff routes to the page roles and the client side to CLIENT', async () => {
  expect((await get('requests/', 'BD_EXEC')).statusCode).toBe(403);
  expect((await get('requests/', 'CLIENT')).statusCode).toBe(403);
  expect((await get('requests/', 'REVIEWER')).statusCode).toBe(200);
  expect((await get('me/requests', 'BOOKKEEPER')).statusCode).toBe(403);
  expect((await get('me/requests', 'CLIENT')).statusCode).toBe(200);
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
    const assignees = await desk.app.db.query<{ assignee_id: number | null }>('SELECT assignee_id FROM tasks WHERE request_id = $1', [mine.id]);
    expect(assignees.every((task) => task.assignee_id !== null)).toBe(true);
    const linked = ok<TaskDetail>(await get(`tasks/${detail.tasks[0]!.id}`, 'BOOKKEEPER'));
    expect(linked.request_id).toBe(mine.id);
    const told = await desk.app.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1 ORDER BY id', [users.get('CLIENT')!.id]);
    expect(told.map((row) => row.kind)).toEqual(expect.arrayContaining(['request_quoted', 'request_converted']));
    detail = ok<RequestDetail>(await post(`requests/${mine.id}/status`, { version: detail.version, status: 'waiting_on_client' }, 'BOOKKEEPER'));
    expect(detail.sla.paused).toBe(true);
    // Not complete while its tasks are open.
    const open = await post(`requests/${mine.id}/status`, { version: detail.version, status: 'completed' }, 'BOOKKEEPER');
    expect(open.json()).toMatchObject({ message: 'This request still has 2 open tasks: complete them first.' });
    expect(open.statusCode).toBe(409);
    await desk.app.db.query("UPDATE tasks SET status = 'done' WHERE request_id = $1", [mine.id]);
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
