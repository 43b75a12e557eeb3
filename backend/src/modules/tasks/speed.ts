/**
 * The tasks area's part of work at speed (issue 22): its search provider (title, client name) and its Home
 * blocks (my tasks overdue, my tasks due today), under the tasks list's own rule: the pages' roles
 * (canSee 'tasks'), and a bookkeeper only on their own clients (the clients module's addClientVisibility).
 */
import { daysBetween, dubaiDate } from '../../../../common/calendar.ts';
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { Caller, HomeBlockProvider, SearchProvider, SpeedContributions } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { tasksBulk, tasksNext } from './bulk.ts';

const seesTasks = (caller: Caller) => isStaffRole(caller.role) && canSee(caller.role, 'tasks');

/** The console opens a task as the list's dialog (?task=); 'all' so the row is listed whoever it is assigned to. */
export const taskHref = (id: number) => `/tasks?assignee=all&task=${id}`;

export const taskSearch: SearchProvider = {
  kind: 'task',
  label: 'Tasks',
  order: 25,
  async search(db, caller, q, limit) {
    if (!seesTasks(caller)) return [];
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    const pattern = filter.bind(containsPattern(q));
    // Two index paths, joined: tasks by title (trigram index) and the tasks of clients by name (trigram index,
    // then tasks by client); one OR over the join would read every task the caller may see.
    const rows = await db.query<{ id: number; title: string; legal_name: string; status: string; due_on: string }>(
      `WITH found AS (
         SELECT id FROM tasks WHERE lower(title) LIKE ${pattern} ESCAPE '\\'
         UNION SELECT t.id FROM clients m JOIN tasks t ON t.client_id = m.id WHERE lower(m.legal_name) LIKE ${pattern} ESCAPE '\\'
       )
       SELECT t.id, t.title, c.legal_name, t.status, to_char(t.due_on, 'YYYY-MM-DD') AS due_on
       FROM found JOIN tasks t ON t.id = found.id JOIN clients c ON c.id = t.client_id ${filter.where}
       ORDER BY (t.status = 'done'), (lower(t.title) LIKE ${pattern} ESCAPE '\\') DESC, t.due_on, t.id LIMIT ${limit}`,
      filter.params,
    );
    return rows.map((row) => ({ kind: 'task', id: row.id, title: row.title, subtitle: `${row.legal_name} · due ${row.due_on}${row.status === 'done' ? ' · done' : ''}`, href: taskHref(row.id) }));
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
        href: `/tasks?due=${due}`,
        items: rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.legal_name, href: taskHref(row.id), at: row.due_on, overdue: daysBetween(today, row.due_on) < 0 })),
        next_queue: null,
      };
    },
  };
}

const overdue = dueBlock('tasks.overdue', 20, 'overdue', 'My tasks overdue', 'assigned to you, past their due date');
const dueToday = dueBlock('tasks.today', 21, 'today', 'My tasks due today', 'assigned to you, due today (Dubai time)');

export const tasksSpeed: SpeedContributions = { search: [taskSearch], home: [overdue, dueToday], next: tasksNext, bulk: tasksBulk };
