/**
 * Tasks demo data: for every client, a few tasks in every status (overdue, due today and later ones, some
 * with a reviewer, one in review and one returned), checklists and comments; and recurring templates for
 * the demo bookkeeper's clients (monthly close on the 10th, the quarterly VAT return on the 28th, the payroll
 * run on the 25th), whose due tasks are created by the scheduler when the back end starts.
 */
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import { firstOccurrence, TASK_PRIORITIES, type TaskStatus } from '../../../../common/service-desk.ts';
import type { Queryable } from '../../db/database.ts';
import { generator, pickWith } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';

const TITLES = [
  'Reconcile bank statements',
  'Post supplier invoices',
  'Prepare VAT working papers',
  'Chase missing receipts',
  'Review payroll variance',
  'Update fixed asset register',
  'Prepare management accounts',
  'Reconcile petty cash',
  'Review aged receivables',
  'Corporate tax computation draft',
];
const CHECKLIST = ['Download statements', 'Match transactions', 'Investigate differences', 'Sign off'];
const STATUSES: TaskStatus[] = ['to_do', 'to_do', 'in_progress', 'in_progress', 'waiting_on_client', 'done'];

export async function staffByEmail(tx: Queryable, email: string): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return row?.id ?? null;
}

export async function seedTasks(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_261_125);
  const pick = pickWith(random);
  const today = dubaiDate(now);
  const reviewer = await staffByEmail(tx, 'reviewer@example.com');
  const admin = await staffByEmail(tx, 'admin@example.com');
  const clients = await tx.query<{ id: number; bookkeeper_id: number | null; reviewer_id: number | null }>("SELECT id, bookkeeper_id, reviewer_id FROM clients WHERE status <> 'cancelled' ORDER BY id");
  for (const [index, client] of clients.entries()) {
    const count = 3 + (index % 3);
    for (let n = 0; n < count; n += 1) {
      const status = STATUSES[(index + n) % STATUSES.length]!;
      const due = addDays(today, [-3, 0, 0, 1, 2, 5, 9, 14][(index * 3 + n) % 8]!);
      const reviewed = (index + n) % 4 === 0;
      const checklist = CHECKLIST.map((text, position) => ({ text, done: status === 'done' || position < (n % 3) }));
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO tasks (client_id, title, description, assignee_id, reviewer_id, due_on, priority, status, checklist, created_by, completed_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          client.id,
          TITLES[(index + n * 7) % TITLES.length]!,
          'Monthly work for the client as agreed in the engagement letter.',
          client.bookkeeper_id,
          reviewed ? (client.reviewer_id ?? reviewer) : null,
          due,
          pick(TASK_PRIORITIES),
          status,
          JSON.stringify(checklist),
          admin,
          status === 'done' ? now : null,
          new Date(now.getTime() - (10 + n) * 86_400_000),
        ],
      );
      await tx.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) VALUES ('task', $1, 'task_created', $2, '{}', $3)", [row!.id, admin, new Date(now.getTime() - (10 + n) * 86_400_000)]);
      if (n === 0 && index % 2 === 0) await tx.query('INSERT INTO task_comments (task_id, author_id, body, created_at) VALUES ($1, $2, $3, $4)', [row!.id, client.bookkeeper_id ?? admin, 'Asked the client for the missing statements by e-mail.', new Date(now.getTime() - 86_400_000)]);
    }
  }
  // One task in review and one returned for the demo bookkeeper, reviewed by the demo reviewer.
  const bookkeeper = await staffByEmail(tx, 'bookkeeper@example.com');
  const [mine] = await tx.query<{ id: number }>('SELECT id FROM clients WHERE bookkeeper_id = $1 ORDER BY id LIMIT 1', [bookkeeper]);
  if (mine && bookkeeper && reviewer) {
    await tx.query(
      `INSERT INTO tasks (client_id, title, assignee_id, reviewer_id, due_on, priority, status, checklist, review_note, created_by)
       VALUES ($1, 'File VAT return for the quarter', $2, $3, $4, 'high', 'in_review', '[]', NULL, $5),
              ($1, 'Year-end accruals schedule', $2, $3, $6, 'normal', 'in_progress', '[]', 'Accrued rent is missing for December; please add it.', $5)`,
      [mine.id, bookkeeper, reviewer, addDays(today, 2), admin, addDays(today, 4)],
    );
    const templates = await tx.query<{ id: number }>('SELECT id FROM clients WHERE bookkeeper_id = $1 ORDER BY id LIMIT 4', [bookkeeper]);
    for (const client of templates) {
      await tx.query(
        `INSERT INTO task_templates (client_id, title, assignee_id, reviewer_id, priority, frequency, day_of_month, lead_days, checklist, next_occurrence_on, created_by) VALUES
          ($1, 'Monthly bookkeeping close', $2, NULL, 'normal', 'monthly', 10, 7, $4, $5, $3),
          ($1, 'Payroll run (WPS)', $2, NULL, 'high', 'monthly', 25, 5, '[]', $6, $3),
          ($1, 'VAT return', $2, $7, 'high', 'quarterly', 28, 10, '[]', $8, $3)`,
        // Each from its first occurrence due today or later, so the scheduler's first run makes those now within their lead time.
        [client.id, bookkeeper, admin, JSON.stringify(CHECKLIST.map((text) => ({ text, done: false }))), firstOccurrence(today, 10), firstOccurrence(today, 25), reviewer, firstOccurrence(today, 28)],
      );
    }
  }
}
