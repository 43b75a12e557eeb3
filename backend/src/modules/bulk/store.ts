/**
 * Bulk actions as jobs: a job is made from the list's filter as the server reads it at that moment ('all N
 * matching') or from ids picked on a page, one row per record with its own result. Any back end's runner
 * claims an open job (FOR UPDATE SKIP LOCKED on the job, with a lease that a crashed runner lets lapse) and
 * works its pending rows through the area's own action, each in its own transaction with a key unique to the
 * job and row, so a row re-run after a crash replays instead of acting twice. A retried create (same
 * Idempotency-Key) answers the job it made; progress is read from the rows, so it survives a reload.
 */
import { randomUUID } from 'node:crypto';
import { MAX_BULK_ROWS, MAX_BULK_REASON_LENGTH } from '../../../../common/contract/work-paths.ts';
import type { BulkActions, BulkJob, BulkRow, NewBulkJob } from '../../../../common/contract/work.ts';
import type { Role } from '../../../../common/roles.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { forbidden, HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import type { BackendModule } from '../../lib/module.ts';
import { strictValidatorCompiler } from '../../lib/validation.ts';
import { bulkActionsOf, mayRunBulk, type BulkAction, type Caller } from '../../lib/work-registry.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { bulkJobRowsTable, bulkJobsTable, JOB_RESULT_FIELDS, JOB_ROW_FIELDS, NEW_JOB_FIELDS, NEW_JOB_ROW_FIELDS, type BulkJobColumns } from './table.ts';

export const bulkActions = (modules: readonly BackendModule[]): BulkAction[] => bulkActionsOf(modules);

const mayRun = (caller: Caller, action: BulkAction) => mayRunBulk(caller.role, action);

export function actionsFor(actions: readonly BulkAction[], caller: Caller): BulkActions {
  return { actions: actions.filter((action) => mayRun(caller, action)).map((action) => ({ list: action.list, action: action.action, label: action.label })) };
}

/**
 * A job's params against its action's schema, strict as any body (nothing coerced, unknown fields refused),
 * with the same sentences; the field is named under params ('params.assignee_id').
 */
export function checkBulkParams(schema: BulkAction['params'], params: NewBulkJob['params']): void {
  const validate = strictValidatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/' });
  const result = validate(params) as { error?: Error & { field?: string } };
  if (result.error) throw new HttpError(400, 'INVALID_INPUT', result.error.message, result.error.field && result.error.field !== 'body' ? `params.${result.error.field}` : 'params');
}

type JobRow = Pick<BulkJobColumns, (typeof JOB_ROW_FIELDS)[number]>;

const JOB_COLUMNS = selectList(bulkJobsTable, null, JOB_ROW_FIELDS);
const NEW_JOB = insertList(NEW_JOB_FIELDS);

async function readJob(db: Queryable, actions: readonly BulkAction[], id: number, withRows: boolean): Promise<BulkJob> {
  const [job] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE id = $1`, [id]);
  if (!job) throw notFound('Bulk job');
  const counts = await db.query<{ outcome: BulkRow['outcome']; count: number }>('SELECT outcome, count(*)::integer AS count FROM bulk_job_rows WHERE job_id = $1 GROUP BY outcome', [id]);
  const count = (outcome: BulkRow['outcome']) => counts.find((row) => row.outcome === outcome)?.count ?? 0;
  const rows = withRows ? await db.query<BulkRow>(`SELECT ${selectList(bulkJobRowsTable, null, JOB_RESULT_FIELDS)} FROM bulk_job_rows WHERE job_id = $1 ORDER BY position`, [id]) : [];
  return {
    id: job.id,
    list: job.list,
    action: job.action,
    action_label: actions.find((action) => action.list === job.list && action.action === job.action)?.label ?? job.action,
    state: job.state,
    total: job.total,
    done: count('done'),
    skipped: count('skipped'),
    failed: count('failed'),
    created_at: job.created_at.toISOString(),
    finished_at: job.finished_at?.toISOString() ?? null,
    rows,
  };
}

/** The caller's own job; anyone else's answers 404. */
export async function readOwnJob(db: Queryable, actions: readonly BulkAction[], caller: Caller, id: number): Promise<BulkJob> {
  const [job] = await db.query<{ created_by: number }>('SELECT created_by FROM bulk_jobs WHERE id = $1', [id]);
  if (!job || job.created_by !== caller.id) throw notFound('Bulk job');
  return readJob(db, actions, id, true);
}

/** The caller's ten latest jobs (of one list when asked), without their rows. */
export async function listJobs(db: Queryable, actions: readonly BulkAction[], caller: Caller, list: string | undefined): Promise<BulkJob[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM bulk_jobs WHERE created_by = $1 AND ($2::text IS NULL OR list = $2) ORDER BY id DESC LIMIT 10', [caller.id, list ?? null]);
  const jobs: BulkJob[] = [];
  for (const row of rows) jobs.push(await readJob(db, actions, row.id, false));
  return jobs;
}

/** The caller's fresh code checked and spent (security's step-up), refused as the single-record form refuses it. */
export type StepUpCheck = (code: string | undefined, what: string) => Promise<void>;

export async function createJob(db: Database, actions: readonly BulkAction[], caller: Caller, body: NewBulkJob, context: ActionContext, stepUp: StepUpCheck): Promise<BulkJob> {
  const action = actions.find((candidate) => candidate.list === body.list && candidate.action === body.action);
  if (!action) throw invalidInput('action', `must be a bulk action of the list ${body.list}`);
  if (!mayRun(caller, action)) throw forbidden();
  if ((body.filter === undefined) === (body.ids === undefined)) throw invalidInput('filter', 'or ids must be given, not both');
  if (action.stepUp === undefined && body.code !== undefined) throw invalidInput('code', 'is not asked for by this action');
  checkBulkParams(action.params, body.params);
  await action.checkParams?.(db, body.params);
  // Last before the job is made, so a refused job spends no code; a retried create replays its job without one.
  if (action.stepUp !== undefined && !(await seenJob(db, caller, context))) await stepUp(body.code, action.stepUp);
  const id = await db.transaction(async (tx) => {
    // One create at a time per user, so a retried request waits for its original and then finds its job.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [caller.id]);
    const seen = await seenJob(tx, caller, context);
    if (seen !== null) return seen;
    const rows = body.filter ? await action.select(tx, caller, body.filter, MAX_BULK_ROWS + 1) : await action.labels(tx, caller, body.ids ?? []);
    if (rows.length > MAX_BULK_ROWS) throw invalidInput('filter', `must select at most ${MAX_BULK_ROWS} rows; narrow it down first`);
    if (rows.length === 0) throw invalidInput(body.filter ? 'filter' : 'ids', 'must select at least one row this action applies to');
    const [job] = await tx.query<{ id: number }>(
      `INSERT INTO bulk_jobs ${NEW_JOB.columns} VALUES ${NEW_JOB.values} RETURNING id`,
      [caller.id, body.list, body.action, JSON.stringify(body.filter ?? { ids: body.ids }), JSON.stringify(body.params), rows.length, context.idempotencyKey],
    );
    await tx.query(
      `INSERT INTO bulk_job_rows ${insertList(NEW_JOB_ROW_FIELDS).columns}
       SELECT $1, position, record_id, label FROM unnest($2::integer[], $3::text[]) WITH ORDINALITY AS t(record_id, label, position)`,
      [job!.id, rows.map((row) => row.id), rows.map((row) => row.label)],
    );
    await writeAudit(tx, { entity: 'bulk_job', entityId: job!.id, kind: 'bulk_started', actorId: caller.id, data: { list: body.list, action: body.action, total: rows.length, filter: body.filter ?? null }, idempotencyKey: context.idempotencyKey });
    return job!.id;
  });
  return readJob(db, actions, id, true);
}

/** The job a create with this Idempotency-Key made already, if any. */
async function seenJob(db: Queryable, caller: Caller, context: ActionContext): Promise<number | null> {
  if (!context.idempotencyKey) return null;
  const [seen] = await db.query<{ id: number }>('SELECT id FROM bulk_jobs WHERE created_by = $1 AND idempotency_key = $2', [caller.id, context.idempotencyKey]);
  return seen?.id ?? null;
}

/** How long a claim holds before another runner may take the job over. */
const LEASE_SECONDS = 60;
const BATCH = 25;

/**
 * Claims one open job (a runner's lease lapsed or none) and works it to the end; answers whether it found
 * one. Several runners at once each claim a different job or none.
 */
export async function runOneJob(db: Database, actions: readonly BulkAction[], runner: string): Promise<boolean> {
  const [job] = await db.query<JobRow>(
    `UPDATE bulk_jobs SET state = 'running', claimed_by = $1, claimed_until = CURRENT_TIMESTAMP + interval '${LEASE_SECONDS} seconds'
     WHERE id = (SELECT id FROM bulk_jobs WHERE state <> 'finished' AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${JOB_COLUMNS}`,
    [runner],
  );
  if (!job) return false;
  const action = actions.find((candidate) => candidate.list === job.list && candidate.action === job.action);
  const [creator] = await db.query<{ id: number; role: Role; active: boolean }>('SELECT id, role, active FROM users WHERE id = $1', [job.created_by]);
  for (;;) {
    const pending = await db.query<{ record_id: number }>(`SELECT record_id FROM bulk_job_rows WHERE job_id = $1 AND outcome IS NULL ORDER BY position LIMIT ${BATCH}`, [job.id]);
    if (pending.length === 0) break;
    for (const { record_id } of pending) {
      const result =
        !action || !creator || !creator.active || !mayRun(creator, action)
          ? { outcome: 'failed' as const, reason: 'You may no longer run this action.' }
          : await action.apply(db, { id: creator.id, role: creator.role, idempotencyKey: `bulk:${job.id}:${record_id}` }, record_id, job.params).catch((error: unknown) => ({
              outcome: 'failed' as const,
              reason: error instanceof Error ? error.message : 'Something went wrong.',
            }));
      await db.query('UPDATE bulk_job_rows SET outcome = $3, reason = $4, finished_at = CURRENT_TIMESTAMP WHERE job_id = $1 AND record_id = $2 AND outcome IS NULL', [
        job.id,
        record_id,
        result.outcome,
        result.reason?.slice(0, MAX_BULK_REASON_LENGTH) ?? null,
      ]);
    }
    await db.query(`UPDATE bulk_jobs SET claimed_until = CURRENT_TIMESTAMP + interval '${LEASE_SECONDS} seconds' WHERE id = $1 AND claimed_by = $2`, [job.id, runner]);
  }
  await db.query("UPDATE bulk_jobs SET state = 'finished', finished_at = CURRENT_TIMESTAMP, claimed_until = NULL WHERE id = $1", [job.id]);
  return true;
}

/** Works every open job; answers how many it finished. */
export async function runBulkJobs(db: Database, actions: readonly BulkAction[], runner = randomUUID()): Promise<number> {
  let finished = 0;
  while (await runOneJob(db, actions, runner)) finished += 1;
  return finished;
}
