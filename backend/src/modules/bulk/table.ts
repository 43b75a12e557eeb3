/**
 * The bulk jobs' tables' rows, declared once (lib/table.ts): a job and its rows, one per record with its own
 * result. The store's column lists (a job's read and claim, the create's inserts, a row's read and result) and
 * its row type (JobRow) derive from them.
 */
import type { BulkJob, BulkRow } from '../../../../common/contract/work.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const bulkJobsTable = table('bulk_jobs', {
  id: column<number>(),
  created_by: column<number>(),
  list: column<string>(),
  action: column<string>(),
  // The list's filter as the server read it, or the ids picked on the page.
  filter: column<Record<string, string> | { ids: number[] }>(),
  params: column<Record<string, string | number | null>>(),
  state: column<BulkJob['state']>(),
  total: column<number>(),
  idempotency_key: column<string | null>(),
  claimed_by: column<string | null>(),
  claimed_until: column<Date | null>(),
  created_at: column<Date>(),
  finished_at: column<Date | null>(),
});

export type BulkJobColumns = RowOf<typeof bulkJobsTable.columns>;
export type BulkJobColumn = keyof BulkJobColumns & string;

/** The columns a job's read and a runner's claim read. */
export const JOB_ROW_FIELDS = ['id', 'created_by', 'list', 'action', 'params', 'state', 'total', 'created_at', 'finished_at'] as const satisfies readonly BulkJobColumn[];

/** The columns a new job is written with (it starts queued, unclaimed). */
export const NEW_JOB_FIELDS = ['created_by', 'list', 'action', 'filter', 'params', 'total', 'idempotency_key'] as const satisfies readonly BulkJobColumn[];

export const bulkJobRowsTable = table('bulk_job_rows', {
  job_id: column<number>(),
  position: column<number>(),
  record_id: column<number>(),
  label: column<string>(),
  outcome: column<BulkRow['outcome']>(),
  reason: column<string | null>(),
  finished_at: column<Date | null>(),
});

export type BulkJobRowColumn = keyof RowOf<typeof bulkJobRowsTable.columns> & string;

/** The columns a job's rows are shown with (the contract's BulkRow). */
export const JOB_RESULT_FIELDS = ['record_id', 'label', 'outcome', 'reason'] as const satisfies readonly BulkJobRowColumn[];

/** The columns a job's rows are made with (pending: no outcome yet). */
export const NEW_JOB_ROW_FIELDS = ['job_id', 'position', 'record_id', 'label'] as const satisfies readonly BulkJobRowColumn[];
