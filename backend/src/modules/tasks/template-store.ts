/**
 * Recurring task templates per client (a monthly close on the 10th, the quarterly VAT return, the payroll
 * run) and the scheduled work that turns them into tasks: each occurrence's due date is moved off weekends
 * and UAE public holidays (common/service-desk.ts on the one holiday table), and its task is created
 * `lead_days` before it. Exactly once with any number of back ends: templates are claimed FOR UPDATE SKIP
 * LOCKED, and a task is unique per (template, occurrence), so even a claim lost mid-way cannot make two.
 */
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { NewTemplateBody, TaskTemplate, TemplateQuery, UpdateTemplateBody } from '../../../../common/contract/tasks.ts';
import { firstOccurrence, nextOccurrence, occurrenceDueDate, resumedOccurrence, upcomingOccurrences } from '../../../../common/service-desk.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { invalidInput, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { addClientVisibility, isVisibleTo, requireVisibleClient } from '../clients/index.ts';
import { insertTask, requireWorker, type Caller } from './store.ts';
import { clientFrozenColumn } from '../../lib/aml-freeze.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { NEW_TEMPLATE_FIELDS, SCHEDULE_FIELDS, TEMPLATE_CHANGE_FIELDS, TEMPLATE_ROW_FIELDS, taskTemplatesTable, type TemplateColumns } from './template-table.ts';

/** A template as stored, its client's name and team, and its people as joined. */
type TemplateRow = Pick<TemplateColumns, (typeof TEMPLATE_ROW_FIELDS)[number]> & {
  client_name: string;
  bookkeeper_id: number | null;
  assignee: PersonRef | null;
  reviewer: PersonRef | null;
};

const SELECT = `SELECT ${selectList(taskTemplatesTable, 'tt', TEMPLATE_ROW_FIELDS)}, c.legal_name AS client_name, c.bookkeeper_id,
    ${personJson('a')} AS assignee, ${personJson('r')} AS reviewer
  FROM task_templates tt JOIN clients c ON c.id = tt.client_id LEFT JOIN users a ON a.id = tt.assignee_id LEFT JOIN users r ON r.id = tt.reviewer_id`;

const NEW_TEMPLATE_INSERT = insertList(NEW_TEMPLATE_FIELDS);
const TEMPLATE_ASSIGNMENTS = assignList(TEMPLATE_CHANGE_FIELDS, 2);

function toTemplate(row: TemplateRow): TaskTemplate {
  const due = occurrenceDueDate(row.next_occurrence_on, row.day_of_month);
  return {
    id: row.id,
    version: row.version,
    client: { id: row.client_id, legal_name: row.client_name },
    title: row.title,
    assignee: row.assignee,
    reviewer: row.reviewer,
    priority: row.priority,
    frequency: row.frequency,
    day_of_month: row.day_of_month,
    lead_days: row.lead_days,
    checklist: row.checklist,
    next_occurrence_on: row.next_occurrence_on,
    next_due_on: due,
    next_created_on: addDays(due, -row.lead_days),
    upcoming: row.active ? upcomingOccurrences(row.next_occurrence_on, row) : [],
    active: row.active,
  };
}

export async function listTemplates(db: Queryable, user: Caller, query: TemplateQuery, window: PageWindow): Promise<{ count: number; results: TaskTemplate[] }> {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  if (query.client !== undefined) filter.add((p) => `tt.client_id = ${p}`, query.client);
  const [counted] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM task_templates tt JOIN clients c ON c.id = tt.client_id ${filter.where}`, filter.params);
  const rows = await db.query<TemplateRow>(`${SELECT} ${filter.where} ORDER BY lower(c.legal_name), tt.id LIMIT ${filter.bind(window.size)} OFFSET ${filter.bind(window.offset)}`, filter.params);
  return { count: counted!.count, results: rows.map(toTemplate) };
}

async function findTemplate(db: Queryable, user: Caller, id: number, lock = false): Promise<TemplateRow> {
  const [row] = await db.query<TemplateRow>(`${SELECT} WHERE tt.id = $1${lock ? ' FOR UPDATE OF tt' : ''}`, [id]);
  if (!row || !isVisibleTo(user, row)) throw notFound('Task template');
  return row;
}

export async function createTemplate(db: Database, user: Caller, body: NewTemplateBody, context: ActionContext, today = dubaiDate()): Promise<TaskTemplate> {
  const title = body.title.trim();
  if (title === '') throw invalidInput('title', 'must not be blank');
  if (body.first_occurrence_on !== undefined && !body.first_occurrence_on.endsWith('-01')) throw invalidInput('first_occurrence_on', 'must be the first day of a month');
  const id = await db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'task_template', 'task_template_created', context.actorId, context.idempotencyKey);
    if (seen !== null) return seen;
    await requireVisibleClient(tx, user, body.client_id);
    await requireWorker(tx, body.assignee_id, 'assignee_id');
    await requireWorker(tx, body.reviewer_id, 'reviewer_id');
    const values: Omit<Pick<TemplateColumns, (typeof NEW_TEMPLATE_FIELDS)[number]>, 'checklist'> & { checklist: string } = {
      client_id: body.client_id,
      title,
      assignee_id: body.assignee_id ?? null,
      reviewer_id: body.reviewer_id ?? null,
      priority: body.priority ?? 'normal',
      frequency: body.frequency,
      day_of_month: body.day_of_month,
      lead_days: body.lead_days ?? 7,
      checklist: JSON.stringify(body.checklist ?? []),
      // A first month in the past starts at the next due date: its past occurrences would all be overdue at once.
      next_occurrence_on: body.first_occurrence_on === undefined ? firstOccurrence(today, body.day_of_month) : resumedOccurrence(body.first_occurrence_on, body.frequency, body.day_of_month, today),
      created_by: context.actorId,
    };
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO task_templates ${NEW_TEMPLATE_INSERT.columns} VALUES ${NEW_TEMPLATE_INSERT.values} RETURNING id`,
      NEW_TEMPLATE_FIELDS.map((field) => values[field]),
    );
    await writeAudit(tx, { entity: 'task_template', entityId: row!.id, kind: 'task_template_created', actorId: context.actorId, data: { client_id: body.client_id, title }, idempotencyKey: context.idempotencyKey });
    return row!.id;
  });
  return toTemplate(await findTemplate(db, user, id));
}

/**
 * Pauses or resumes a template, or changes what its coming tasks will be (title, people, priority, schedule,
 * checklist); tasks already made keep theirs. A resumed template skips the occurrences whose due date passed
 * while it was paused (resumedOccurrence), so it does not make them all at once, overdue.
 */
export function updateTemplate(db: Database, user: Caller, id: number, body: UpdateTemplateBody, context: ActionContext, today = dubaiDate()): Promise<TaskTemplate> {
  return writeRecord(db, {
    entity: 'task_template',
    context,
    version: body.version,
    conflictMessage: 'This template was changed by someone else. Reload it and try again.',
    lock: (tx) => findTemplate(tx, user, id, true),
    act: async (tx, row) => {
      if (body.assignee_id !== undefined) await requireWorker(tx, body.assignee_id, 'assignee_id');
      if (body.reviewer_id !== undefined) await requireWorker(tx, body.reviewer_id, 'reviewer_id');
      const title = body.title === undefined ? row.title : body.title.trim();
      if (title === '') throw invalidInput('title', 'must not be blank');
      const checklist = body.checklist?.map((item) => ({ text: item.text.trim(), done: false }));
      if (checklist?.some((item) => item.text === '')) throw invalidInput('checklist', 'items must not be blank');
      const active = body.active ?? row.active;
      const frequency = body.frequency ?? row.frequency;
      const dayOfMonth = body.day_of_month ?? row.day_of_month;
      const next = active && !row.active ? resumedOccurrence(row.next_occurrence_on, frequency, dayOfMonth, today) : row.next_occurrence_on;
      const after: Pick<TemplateColumns, (typeof TEMPLATE_CHANGE_FIELDS)[number]> = {
        active,
        title,
        assignee_id: body.assignee_id === undefined ? row.assignee_id : body.assignee_id,
        reviewer_id: body.reviewer_id === undefined ? row.reviewer_id : body.reviewer_id,
        priority: body.priority ?? row.priority,
        frequency,
        day_of_month: dayOfMonth,
        lead_days: body.lead_days ?? row.lead_days,
        checklist: checklist ?? row.checklist,
        next_occurrence_on: next,
      };
      await tx.query(`UPDATE task_templates SET ${TEMPLATE_ASSIGNMENTS}, version = version + 1 WHERE id = $1`, [
        row.id,
        ...TEMPLATE_CHANGE_FIELDS.map((field) => (field === 'checklist' ? JSON.stringify(after.checklist) : after[field])),
      ]);
      const before = { active: row.active, title: row.title, assignee_id: row.assignee_id, reviewer_id: row.reviewer_id, priority: row.priority, frequency: row.frequency, day_of_month: row.day_of_month, lead_days: row.lead_days, next_occurrence_on: row.next_occurrence_on };
      const kind = body.active === undefined || body.active === row.active ? 'task_template_updated' : body.active ? 'task_template_resumed' : 'task_template_paused';
      await writeAudit(tx, { entity: 'task_template', entityId: row.id, kind, actorId: context.actorId, before, after: { ...after, checklist: undefined }, idempotencyKey: context.idempotencyKey });
    },
    read: async (tx, row) => toTemplate(await findTemplate(tx, user, row.id)),
  });
}

/**
 * Creates the tasks whose creation day (due date minus lead days) has come, for every active template, and
 * moves each template on to its next occurrence. Answers how many tasks were created.
 */
export async function createRecurringTasks(db: Database, now = new Date()): Promise<number> {
  const today = dubaiDate(now);
  let created = 0;
  // A template is due at the latest `60 + 7` days before its nominal day (lead days at most 60, a move off a
  // holiday run at most a week); the exact check is per row.
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx.query<Pick<TemplateColumns, (typeof SCHEDULE_FIELDS)[number]> & { frozen: boolean }>(
        `SELECT ${selectList(taskTemplatesTable, 'tt', SCHEDULE_FIELDS)}, ${clientFrozenColumn('tt.client_id')} AS frozen
         FROM task_templates tt WHERE tt.active AND tt.next_occurrence_on <= ($1::date + 67) ORDER BY tt.next_occurrence_on, tt.id FOR UPDATE SKIP LOCKED LIMIT 100`,
        [today],
      );
      let made = 0;
      let moved = 0;
      for (const row of rows) {
        let occurrence = row.next_occurrence_on;
        while (addDays(occurrenceDueDate(occurrence, row.day_of_month), -row.lead_days) <= today) {
          // A frozen client's occurrences pass while nothing may be done for it: none piles up for the lift.
          const id = row.frozen ? null : await insertTask(tx, {
            clientId: row.client_id,
            title: row.title,
            assigneeId: row.assignee_id,
            reviewerId: row.reviewer_id,
            dueOn: occurrenceDueDate(occurrence, row.day_of_month),
            priority: row.priority,
            checklist: row.checklist.map((item) => ({ text: item.text, done: false })),
            templateId: row.id,
            occurrenceOn: occurrence,
            createdBy: null,
          });
          if (id !== null) made += 1;
          occurrence = nextOccurrence(occurrence, row.frequency);
        }
        if (occurrence !== row.next_occurrence_on) {
          await tx.query('UPDATE task_templates SET next_occurrence_on = $2 WHERE id = $1', [row.id, occurrence]);
          moved += 1;
        }
      }
      return { made, moved, seen: rows.length };
    });
    created += batch.made;
    // Rows that were not due stay where they are; stop when a batch moved nothing (or was not full).
    if (batch.moved === 0 || batch.seen < 100) break;
  }
  return created;
}
