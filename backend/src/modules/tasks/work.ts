/**
 * The tasks area's part of work at speed: its search provider (title, client name) and its Home
 * blocks (my tasks overdue, my tasks due today), under the tasks list's own rule: the pages' roles
 * (canSee 'tasks'), and a bookkeeper only on their own clients (the clients module's addClientVisibility).
 */
import { daysBetween, dubaiDate, formatIsoDate } from '../../../../common/calendar.ts';
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { Caller, HomeBlockProvider, SearchProvider, WorkContributions } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { tasksBulk, tasksNext } from './bulk.ts';
import { addWaitingForMyReview } from './store.ts';
import { taskListPath } from '../../../../common/links.ts';

const seesTasks = (caller: Caller) => isStaffRole(caller.role) && canSee(caller.role, 'tasks');

/** The console opens a task as the list's dialog (?task=); 'all' so the row is listed whoever it is assigned to. */
export const taskHref = (id: number) => taskListPath({ assignee: 'all', task: id });

export const taskSearch: SearchProvider = {
  kind: 'task',
  label: 'Tasks',
  order: 25,
  async search(db, caller, q, limit) {
    if (!seesTasks(caller)) return [];
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    const visible = filter.where.replace(/^WHERE /, '') || 'true';
    const pattern = filter.bind(containsPattern(q));
    const titleMatch = `lower(t.title) LIKE ${pattern} ESCAPE '\\'`;
    // Two index paths, each cut to its own best `limit` in the answer's order, then merged: tasks by title
    // (trigram index), and the tasks of clients by name (trigram index, then each client's tasks by its index,
    // best first, in a LATERAL so the planner cannot trade those lookups for a scan of every task; a common
    // name's few hundred clients cost a few hundred small index reads, not a join over 200,000 tasks). The
    // first `limit` of the union are the first `limit` of all matches, as each branch kept its own first ones.
    const order = 'ORDER BY (found.status = \'done\'), found.title_match DESC, found.due_on, found.id';
    const rows = await db.query<{ id: number; title: string; legal_name: string; status: string; due_on: string }>(
      `SELECT found.id, found.title, found.legal_name, found.status, to_char(found.due_on, 'YYYY-MM-DD') AS due_on FROM (
         (SELECT * FROM (SELECT t.id, t.title, c.legal_name, t.status, t.due_on, true AS title_match
                         FROM tasks t JOIN clients c ON c.id = t.client_id WHERE ${titleMatch} AND ${visible}) found ${order} LIMIT ${limit})
         UNION
         (SELECT found.* FROM clients c CROSS JOIN LATERAL (
            SELECT * FROM (SELECT t.id, t.title, c.legal_name, t.status, t.due_on, ${titleMatch} AS title_match FROM tasks t WHERE t.client_id = c.id) found
            ${order} LIMIT ${limit}) found
          WHERE lower(c.legal_name) LIKE ${pattern} ESCAPE '\\' AND ${visible} ${order} LIMIT ${limit})
       ) found ${order} LIMIT ${limit}`,
      filter.params,
    );
    return rows.map((row) => ({ kind: 'task', id: row.id, title: row.title, subtitle: `${row.legal_name} · due ${formatIsoDate(row.due_on)}${row.status === 'done' ? ' · done' : ''}`, href: taskHref(row.id) }));
  },
};

/** My open tasks due before today (overdue) or today, Dubai time: the list's due=overdue / due=today with assignee 'mine'. */
function dueBlock(key: string, order: number, due: 'overdue' | 'today', title: string, hint: string): HomeBlockProvider {
  return {
    key,
    order,
    async build(db, caller, now) {
      if (!seesTasks(caller)) return null;
      const today = dubaiDate(now);
      const filter = new SqlFilter();
      addClientVisibility(filter, caller, 'c');
      filter.add((p) => `t.assignee_id = ${p}`, caller.id);
      filter.add((p) => `t.status <> 'done' AND t.due_on ${due === 'overdue' ? '<' : '='} ${p}::date`, today);
      const from = 'FROM tasks t JOIN clients c ON c.id = t.client_id';
      const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from} ${filter.where}`, filter.params);
      const rows = await db.query<{ id: number; title: string; legal_name: string; due_on: string }>(
        `SELECT t.id, t.title, c.legal_name, to_char(t.due_on, 'YYYY-MM-DD') AS due_on ${from} ${filter.where}
         ORDER BY t.due_on, array_position(ARRAY['urgent','high','normal','low'], t.priority), t.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
        filter.params,
      );
      return {
        title,
        hint,
        count,
        href: taskListPath({ due }),
        items: rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.legal_name, href: taskHref(row.id), at: row.due_on, overdue: daysBetween(today, row.due_on) < 0 })),
        next_queue: null,
      };
    },
  };
}

const overdue = dueBlock('tasks.overdue', 20, 'overdue', 'My tasks overdue', 'assigned to you, past their due date');
const dueToday = dueBlock('tasks.today', 21, 'today', 'My tasks due today', 'assigned to you, due today (Dubai time)');

/** Tasks sent for my review (whoever holds them), the oldest due first: the list's review=mine. */
const toReview: HomeBlockProvider = {
  key: 'tasks.review',
  order: 18,
  async build(db, caller, now) {
    if (!seesTasks(caller)) return null;
    const today = dubaiDate(now);
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    addWaitingForMyReview(filter, caller);
    const from = 'FROM tasks t JOIN clients c ON c.id = t.client_id';
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from} ${filter.where}`, filter.params);
    const rows = await db.query<{ id: number; title: string; legal_name: string; due_on: string }>(
      `SELECT t.id, t.title, c.legal_name, to_char(t.due_on, 'YYYY-MM-DD') AS due_on ${from} ${filter.where} ORDER BY t.due_on, t.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      filter.params,
    );
    return {
      title: 'Tasks waiting for my review',
      hint: 'sent to you for review',
      count,
      href: taskListPath({ assignee: 'all', review: 'mine' }),
      items: rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.legal_name, href: taskHref(row.id), at: row.due_on, overdue: daysBetween(today, row.due_on) < 0 })),
      next_queue: null,
    };
  },
};

export const tasksWork: WorkContributions = { search: [taskSearch], home: [toReview, overdue, dueToday], next: tasksNext, bulk: tasksBulk };
