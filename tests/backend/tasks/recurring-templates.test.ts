/**
 * Recurring task templates as the Recurring screen uses them, against the real back end
 * (demo data seeded) and real emulator tokens: the next tasks' dates computed on the one calendar (due dates off
 * weekends and UAE holidays, created lead days before), edit, pause and resume as versioned, audited,
 * idempotent writes; a resumed template skips the occurrences that fell due while it was paused; another
 * bookkeeper's template answers 404.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, addMonths, dubaiDate } from '../../../common/calendar.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { TaskTemplate } from '../../../common/contract/tasks.ts';
import { UPCOMING_OCCURRENCES_SHOWN } from '../../../common/service-desk.ts';
import { isWorkingDay } from '../../../common/uae-holidays.ts';
import type { Role } from '../../../common/roles.ts';
import { createRecurringTasks } from '../../../backend/src/modules/tasks/template-store.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role | 'other', TestUser>;
const ids = new Map<Role | 'other', number>();
let clientId: number;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Role | 'other', body?: Record<string, unknown>, key = `${Math.random()}`) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(users.get(who)!.token), 'idempotency-key': key }, ...(body ? { payload: body } : {}) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const q = <T>(sql: string, params: unknown[] = []) => app.db.query<T>(sql, params);

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = new Map([...(await createUsers(app, emulatorHost, ['BOOKKEEPER', 'REVIEWER'], 'recurring')), ['other', (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'recurring-other')).get('BOOKKEEPER')!]]);
  for (const [who, user] of users) ids.set(who, (await q<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  clientId = (await q<{ id: number }>("SELECT id FROM clients WHERE status = 'active' ORDER BY id LIMIT 1"))[0]!.id;
  await q('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('BOOKKEEPER'), clientId]);
}, 120_000);
afterAll(() => app?.close());

describe('recurring task templates', () => {
  it('refuses a day of month or lead time out of range, naming the field as the form labels it', async () => {
    const base = { client_id: clientId, title: 'Out of range', frequency: 'monthly', day_of_month: 10, lead_days: 5 };
    for (const [field, value, label] of [
      ['day_of_month', 32, 'Due on day'],
      ['lead_days', 0, 'Created days before'],
      ['lead_days', 61, 'Created days before'],
    ] as const) {
      const response = await call('POST', 'task-templates/', 'BOOKKEEPER', { ...base, [field]: value });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field });
      expect(response.json<{ message: string }>().message.startsWith(label)).toBe(true);
    }
  });

  it('starts a template whose first month is past at its next due date: no overdue tasks at once', async () => {
    const today = dubaiDate();
    const first = `${addMonths(today, -23).slice(0, 7)}-01`;
    const made = ok<TaskTemplate>(
      await call('POST', 'task-templates/', 'BOOKKEEPER', { client_id: clientId, title: 'Backdated bank reconciliation', frequency: 'monthly', day_of_month: 10, lead_days: 5, first_occurrence_on: first }),
      201,
    );
    expect(made.next_due_on >= today).toBe(true);
    expect(made.next_occurrence_on > first).toBe(true);
    await createRecurringTasks(app.db);
    const tasks = await q<{ due_on: string }>("SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on FROM tasks WHERE template_id = $1", [made.id]);
    expect(tasks.length).toBeLessThanOrEqual(1);
    for (const task of tasks) expect(task.due_on >= today).toBe(true);
  });

  it('shows the next tasks, and edits, pauses and resumes a template as versioned, audited writes', async () => {
    const key = 'create-vat-prep';
    const body = { client_id: clientId, title: 'Monthly VAT prep', frequency: 'monthly', day_of_month: 5, lead_days: 4, checklist: [{ text: 'Collect invoices', done: false }] };
    const made = ok<TaskTemplate>(await call('POST', 'task-templates/', 'BOOKKEEPER', body, key), 201);
    // A retried create answers the template it made.
    expect(ok<TaskTemplate>(await call('POST', 'task-templates/', 'BOOKKEEPER', body, key), 201).id).toBe(made.id);
    expect(made.upcoming).toHaveLength(UPCOMING_OCCURRENCES_SHOWN);
    expect(made.upcoming[0]).toEqual({ due_on: made.next_due_on, created_on: made.next_created_on });
    for (const [index, next] of made.upcoming.entries()) {
      expect(isWorkingDay(next.due_on)).toBe(true);
      expect(next.created_on).toBe(addDays(next.due_on, -4));
      if (index > 0) expect(next.due_on > made.upcoming[index - 1]!.due_on).toBe(true);
    }

    const edited = ok<TaskTemplate>(
      await call('PATCH', `task-templates/${made.id}`, 'BOOKKEEPER', {
        version: made.version,
        title: 'Monthly VAT prep and filing',
        frequency: 'quarterly',
        day_of_month: 20,
        lead_days: 10,
        priority: 'high',
        reviewer_id: ids.get('REVIEWER')!,
        checklist: [{ text: 'Collect invoices', done: false }, { text: 'Reconcile input VAT', done: false }],
      }),
    );
    expect(edited).toMatchObject({ title: 'Monthly VAT prep and filing', frequency: 'quarterly', day_of_month: 20, lead_days: 10, priority: 'high', reviewer: { id: ids.get('REVIEWER') } });
    expect(edited.checklist.map((item) => item.text)).toEqual(['Collect invoices', 'Reconcile input VAT']);
    expect(edited.upcoming[1]!.due_on.slice(0, 7)).toBe(addMonths(edited.next_occurrence_on, 3).slice(0, 7));
    expect((await call('PATCH', `task-templates/${made.id}`, 'BOOKKEEPER', { version: made.version, title: 'Stale' })).statusCode).toBe(409);
    expect((await call('PATCH', `task-templates/${made.id}`, 'BOOKKEEPER', { version: edited.version, title: '   ' })).statusCode).toBe(400);

    const paused = ok<TaskTemplate>(await call('PATCH', `task-templates/${made.id}`, 'BOOKKEEPER', { version: edited.version, active: false }));
    expect(paused).toMatchObject({ active: false, upcoming: [] });
    const kinds = await q<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'task_template' AND entity_id = $1 ORDER BY id", [made.id]);
    expect(kinds.map((row) => row.kind)).toEqual(['task_template_created', 'task_template_updated', 'task_template_paused']);

    // Paused for half a year: resuming does not make the missed quarters' tasks, already overdue.
    const today = dubaiDate();
    await q('UPDATE task_templates SET next_occurrence_on = $2 WHERE id = $1', [made.id, addMonths(`${today.slice(0, 7)}-01`, -6)]);
    const resumed = ok<TaskTemplate>(await call('PATCH', `task-templates/${made.id}`, 'BOOKKEEPER', { version: paused.version, active: true }));
    expect(resumed.active).toBe(true);
    expect(resumed.next_due_on >= today).toBe(true);
    await createRecurringTasks(app.db);
    const tasks = await q<{ due_on: string }>("SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on FROM tasks WHERE template_id = $1", [made.id]);
    expect(tasks.every((task) => task.due_on >= today)).toBe(true);
    expect(tasks.length).toBeLessThanOrEqual(1);

    // Another bookkeeper neither lists nor changes it.
    expect(ok<Page<TaskTemplate>>(await call('GET', `task-templates/?client=${clientId}`, 'other')).results).toEqual([]);
    expect((await call('PATCH', `task-templates/${made.id}`, 'other', { version: resumed.version, active: false })).statusCode).toBe(404);
    expect(ok<Page<TaskTemplate>>(await call('GET', `task-templates/?client=${clientId}`, 'BOOKKEEPER')).results.map((row) => row.id)).toContain(made.id);
  });
});
