/**
 * The Tasks list's bulk actions (assign, change status) and its 'Next unassigned' queue. Each row
 * goes through the task's own versioned action (updateTask, setTaskStatus: its visibility rule, its
 * maker-checker rule, its audit event and the assignee's notification); 'all N matching' is the list's own
 * query (listTasks), so a bookkeeper's selection never holds another bookkeeper's client's task.
 */
import { TaskQuery, tasksBulkActions } from '../../../../common/contract/tasks.ts';
import { assignRow, bulkRow, callerContext, DONE, firstRows, parseListFilter, skipped, takeNext } from '../../lib/bulk-rows.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { contractBulk, type BulkAction, type NextUnassignedProvider } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { listTasks, readTask, requireWorker, setTaskStatus, updateTask } from './store.ts';
import { taskListPath } from '../../../../common/links.ts';

const labelOf = (task: { title: string; client: { legal_name: string } }) => `${task.title} · ${task.client.legal_name}`;

const select: BulkAction['select'] = async (db, caller, filter, limit) => {
  const { results } = await listTasks(db, caller, parseListFilter<TaskQuery>(TaskQuery, filter), firstRows(limit));
  return results.map((task) => ({ id: task.id, label: labelOf(task) }));
};

const labels: BulkAction['labels'] = async (db, caller, ids) => {
  const filter = new SqlFilter();
  addClientVisibility(filter, caller, 'c');
  filter.add((p) => `t.id = ANY(${p}::integer[])`, ids);
  return db.query<{ id: number; label: string }>(`SELECT t.id, t.title || ' · ' || c.legal_name AS label FROM tasks t JOIN clients c ON c.id = t.client_id ${filter.where} ORDER BY t.due_on, t.id`, filter.params);
};

const assign = contractBulk(tasksBulkActions.assign, {
  page: 'tasks',
  checkParams: (db, params) => requireWorker(db, params.assignee_id, 'params.assignee_id'),
  select,
  labels,
  apply: (db, caller, id, { assignee_id: assignee }) =>
    bulkRow(db, 'task', id, caller.idempotencyKey, async () => {
      const task = await readTask(db, caller, id);
      return assignRow(task.assignee?.id ?? null, assignee, () => updateTask(db, caller, id, { version: task.version, assignee_id: assignee }, callerContext(caller)));
    }),
});

const changeStatus = contractBulk(tasksBulkActions.status, {
  page: 'tasks',
  select,
  labels,
  apply: (db, caller, id, { status }) =>
    bulkRow(db, 'task', id, caller.idempotencyKey, async () => {
      const task = await readTask(db, caller, id);
      if (task.status === status || (status === 'done' && task.status === 'in_review' && task.reviewer?.id !== caller.id)) {
        return skipped(task.status === status ? 'Already in this status.' : 'Already waiting for its reviewer.');
      }
      const after = await setTaskStatus(db, caller, id, status, task.version, callerContext(caller));
      return after.status === status ? DONE : { outcome: 'done', reason: 'Sent to its reviewer for approval.' };
    }),
});

/**
 * The oldest-due open task nobody holds, on a client the caller sees, assigned to the caller in the same
 * transaction that locked it (SKIP LOCKED: two people pressing at once get different tasks).
 */
const nextTask: NextUnassignedProvider = {
  queue: 'tasks',
  page: 'tasks',
  take: (db, caller) =>
    takeNext(db, caller, {
      entity: 'task',
      assignedKind: 'task_assigned',
      async candidate(tx) {
        const filter = new SqlFilter();
        addClientVisibility(filter, caller, 'c');
        filter.addClause("t.assignee_id IS NULL AND t.status <> 'done'");
        const [row] = await tx.query<{ id: number }>(`SELECT t.id FROM tasks t JOIN clients c ON c.id = t.client_id ${filter.where} ORDER BY t.due_on, t.id LIMIT 1 FOR UPDATE OF t SKIP LOCKED`, filter.params);
        return row?.id ?? null;
      },
      async assign(txDb, id) {
        const task = await readTask(txDb, caller, id);
        await updateTask(txDb, caller, id, { version: task.version, assignee_id: caller.id }, callerContext(caller));
      },
      async item(tx, id) {
        const task = await readTask(tx, caller, id);
        return { title: labelOf(task), href: taskListPath({ assignee: 'mine', task: id }) };
      },
    }),
};

export const tasksBulk: readonly BulkAction[] = [assign, changeStatus];
export const tasksNext: readonly NextUnassignedProvider[] = [nextTask];
