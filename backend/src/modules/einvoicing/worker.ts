/**
 * The e-invoicing worker, on every back end. Its outbox is the e-invoices not finished with the ASP
 * (queued, sent, accepted, delivered) whose next step is due. A round claims a batch with FOR UPDATE SKIP
 * LOCKED and a lease (claimed_by, claimed_until) in one short transaction, talks to the ASP outside any
 * transaction, and writes each outcome only while it still holds the lease. A queued document is submitted;
 * the others are polled for their status until 'reported' or 'rejected'.
 *
 * Exactly once: two back ends never hold one document at once (the claim), and whatever is lost on the way (a
 * time-out, a lost answer, a back end killed mid-send: its lease runs out) the document goes again with the
 * same UUID, which the ASP keys it by, so the ASP holds and reports it once. A failure is recorded as an
 * attempt and retried after an exponential back-off with jitter; an ASP that cannot be reached is not the
 * document's fault: the attempt is recorded, not counted, and the worker pauses. A rejection notifies the
 * client's bookkeeper and the ADMINs.
 */
import { randomUUID } from 'node:crypto';
import type { EinvoiceState, RuleFailure } from '../../../../common/einvoicing.ts';
import { invoiceListPath } from '../../../../common/links.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { notifyRoles, notifyUsers } from '../notifications/index.ts';
import { AspFailure, type AspClient, type AspStatus } from './asp.ts';
import { notFrozenClient } from '../../lib/aml-freeze.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { CLAIMED_FIELDS, einvoicesTable, FAILED_TRY_FIELDS, LEASE_FIELDS, WORKER_ATTEMPT_FIELDS, type EinvoiceColumns } from './table.ts';
import { rolesThat } from '../../../../common/access.ts';

export interface WorkerOptions {
  worker: string;
  batchSize: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long after a submission (and between polls) the status is read. */
  pollMs: number;
  leaseMs: number;
  concurrency: number;
  random: () => number;
  now: () => Date;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  worker: `worker-${randomUUID().slice(0, 8)}`,
  batchSize: 25,
  baseDelayMs: 10_000,
  maxDelayMs: 16 * 60_000,
  pollMs: 2_000,
  leaseMs: 120_000,
  concurrency: 4,
  random: Math.random,
  now: () => new Date(),
};

/** The wait before try `tries + 1`: base x 2^(tries-1), capped, jittered to [half, whole]. */
export function backoffMs(tries: number, options: Pick<WorkerOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, tries - 1));
  return Math.round(ceiling / 2 + (options.random() * ceiling) / 2);
}

const STATE_OF: Record<AspStatus['status'], EinvoiceState> = { received: 'sent', accepted: 'accepted', delivered: 'delivered', reported: 'reported', rejected: 'rejected' };

/** A claimed document, with its invoice's number and client for the notifications. */
type Claimed = Pick<EinvoiceColumns, (typeof CLAIMED_FIELDS)[number] | 'uuid'> & {
  number: string;
  legal_name: string;
  bookkeeper_id: number | null;
};

export interface WorkerRunResult {
  claimed: number;
  submitted: number;
  reported: number;
  rejected: number;
  failed: number;
  /** The ASP could not be reached: the caller pauses before the next run. */
  unreachable: boolean;
}

async function claim(db: Database, options: WorkerOptions): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const now = options.now();
    const rows = await tx.query<Claimed>(
      `SELECT ${selectList(einvoicesTable, 'e', CLAIMED_FIELDS)}, e.uuid::text AS uuid, i.number, c.legal_name, c.bookkeeper_id
       FROM einvoices e JOIN invoices i ON i.id = e.invoice_id JOIN clients c ON c.id = i.client_id
       WHERE e.state IN ('queued', 'sent', 'accepted', 'delivered') AND e.next_try_at <= $1 AND (e.claimed_until IS NULL OR e.claimed_until < $1)
         AND (e.state <> 'queued' OR ${notFrozenClient('c.id')})
       ORDER BY e.next_try_at, e.invoice_id LIMIT $2 FOR UPDATE OF e SKIP LOCKED`,
      [now, options.batchSize],
    );
    if (rows.length > 0) {
      await tx.query(`UPDATE einvoices SET ${assignList(LEASE_FIELDS, 2)} WHERE invoice_id = ANY($1::integer[])`, [
        rows.map((row) => row.invoice_id),
        options.worker,
        new Date(now.getTime() + options.leaseMs),
      ]);
    }
    return rows;
  });
}

const WORKER_ATTEMPT = insertList(WORKER_ATTEMPT_FIELDS);

async function recordAttempt(tx: Queryable, invoiceId: number, started: Date, options: WorkerOptions, action: string, outcome: string, error: string | null): Promise<void> {
  await tx.query(`INSERT INTO einvoice_attempts ${WORKER_ATTEMPT.columns} VALUES ${WORKER_ATTEMPT.values}`, [
    invoiceId,
    started,
    Math.max(0, options.now().getTime() - started.getTime()),
    action,
    outcome,
    error,
    options.worker,
  ]);
}

/** Writes the ASP's answer while the lease is held; answers whether it was (a lost lease writes nothing). */
async function applyStatus(db: Database, doc: Claimed, answer: AspStatus | null, action: 'submit' | 'poll', started: Date, options: WorkerOptions): Promise<EinvoiceState | null> {
  return db.transaction(async (tx) => {
    const now = options.now();
    const [held] = await tx.query<{ state: EinvoiceState }>('SELECT state FROM einvoices WHERE invoice_id = $1 AND claimed_by = $2 FOR UPDATE', [doc.invoice_id, options.worker]);
    if (!held) return null;
    if (answer === null) {
      // The ASP never got it (a submission lost before it arrived): submit it again now, same UUID.
      await tx.query("UPDATE einvoices SET state = 'queued', next_try_at = $2, claimed_by = NULL, claimed_until = NULL, version = version + 1 WHERE invoice_id = $1", [doc.invoice_id, now]);
      await recordAttempt(tx, doc.invoice_id, started, options, action, 'unknown to the ASP', null);
      return 'queued';
    }
    const state = STATE_OF[answer.status];
    const failures: RuleFailure[] = state === 'rejected' ? answer.errors : [];
    const finished = state === 'reported' || state === 'rejected';
    await tx.query(
      `UPDATE einvoices SET state = $2, failures = $3::jsonb, tries = 0, last_error = NULL, next_try_at = $4, claimed_by = NULL, claimed_until = NULL,
         sent_at = coalesce(sent_at, $5), reported_at = CASE WHEN $2 = 'reported' THEN coalesce(reported_at, $5) ELSE reported_at END,
         version = version + CASE WHEN state = $2 THEN 0 ELSE 1 END
       WHERE invoice_id = $1`,
      [doc.invoice_id, state, JSON.stringify(failures), new Date(now.getTime() + (finished ? 0 : options.pollMs)), now],
    );
    // Every submission is on record; a poll only when it moved the document on.
    if (action === 'submit' || state !== held.state) {
      await recordAttempt(tx, doc.invoice_id, started, options, action, answer.status, failures.length > 0 ? failures.map((failure) => `${failure.rule}: ${failure.text}`).join('\n') : null);
    }
    if (state === 'rejected' && held.state !== 'rejected') await notifyRejected(tx, doc, failures);
    return state;
  });
}

async function notifyRejected(tx: Queryable, doc: Claimed, failures: RuleFailure[]): Promise<void> {
  const rules = failures.map((failure) => failure.rule).join(', ') || 'no rule given';
  const message = {
    kind: 'einvoice_rejected' as const,
    title: `${doc.number}: e-invoice rejected by the ASP`,
    body: `${doc.legal_name}: ${rules}. ${failures[0]?.field ? `Fix: ${failures[0].field}.` : ''}`.trim().slice(0, 500),
    link: invoiceListPath({ invoice: doc.invoice_id }),
  };
  if (doc.bookkeeper_id) await notifyUsers(tx, [doc.bookkeeper_id], message);
  await notifyRoles(tx, rolesThat('mark-invoices-synced'), message, doc.bookkeeper_id);
}

async function applyFailure(db: Database, doc: Claimed, failure: AspFailure, action: 'submit' | 'poll', started: Date, options: WorkerOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const now = options.now();
    const [held] = await tx.query('SELECT 1 FROM einvoices WHERE invoice_id = $1 AND claimed_by = $2 FOR UPDATE', [doc.invoice_id, options.worker]);
    if (!held) return;
    // Unreachable is the ASP's outage, not the document's: not counted, due again when the worker resumes.
    const tries = failure.kind === 'unreachable' ? doc.tries : doc.tries + 1;
    const delay = failure.kind === 'unreachable' ? options.baseDelayMs : backoffMs(tries, options);
    const failed: Pick<EinvoiceColumns, (typeof FAILED_TRY_FIELDS)[number]> = {
      tries,
      last_error: failure.message,
      next_try_at: new Date(now.getTime() + delay),
      claimed_by: null,
      claimed_until: null,
    };
    await tx.query(`UPDATE einvoices SET ${assignList(FAILED_TRY_FIELDS, 2)} WHERE invoice_id = $1`, [doc.invoice_id, ...FAILED_TRY_FIELDS.map((field) => failed[field])]);
    await recordAttempt(tx, doc.invoice_id, started, options, action, failure.kind === 'unreachable' ? 'unreachable' : 'failed', failure.message);
  });
}

/** One round: claim what is due, submit or poll each (a few at once), write the outcomes. */
export async function runEinvoiceWorker(db: Database, asp: AspClient, options: WorkerOptions = DEFAULT_WORKER_OPTIONS): Promise<WorkerRunResult> {
  const result: WorkerRunResult = { claimed: 0, submitted: 0, reported: 0, rejected: 0, failed: 0, unreachable: false };
  const docs = await claim(db, options);
  result.claimed = docs.length;
  let next = 0;
  const lane = async () => {
    while (next < docs.length && !result.unreachable) {
      const doc = docs[next++]!;
      const action = doc.state === 'queued' ? 'submit' : 'poll';
      const started = options.now();
      try {
        const answer = action === 'submit' ? await asp.submit(doc.uuid, doc.xml) : await asp.status(doc.uuid);
        const state = await applyStatus(db, doc, answer, action, started, options);
        if (action === 'submit' && state) result.submitted += 1;
        if (state === 'reported') result.reported += 1;
        if (state === 'rejected') result.rejected += 1;
      } catch (error) {
        if (!(error instanceof AspFailure)) throw error;
        await applyFailure(db, doc, error, action, started, options);
        result.failed += 1;
        if (error.kind === 'unreachable') result.unreachable = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, docs.length) }, lane));
  // Claimed but not reached (the ASP went down mid-round): released for the next round.
  if (result.unreachable) await db.query('UPDATE einvoices SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1', [options.worker]);
  return result;
}
