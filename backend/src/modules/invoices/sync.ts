/**
 * The accounting sync worker. The outbox is the invoices in state waiting or retrying whose next try is due.
 * A worker claims a batch with FOR UPDATE SKIP LOCKED and marks them leased to itself (claimed_by, until
 * claimed_until) in one short transaction, then talks to the accounting system outside any transaction, then
 * writes each outcome only if it still holds the lease. So two back ends never send one invoice at once; a
 * worker that dies mid-way leaves a lease that runs out, and the next one looks the invoice up by its number
 * before creating it, so a lost answer never makes a second invoice there.
 *
 * Per invoice: the client's customer id (stored; looked up by e-mail, then created from the invoice's issued
 * snapshot of the client, when there is none), a
 * look-up by reference, a create when it is not there. A failure is recorded as an attempt (when, outcome,
 * error, duration) and: a validation error stops the invoice at once ('needs attention', with the service's
 * text); anything else is retried after an exponential back-off with jitter (at least a 429's Retry-After),
 * and stops after MAX_SYNC_TRIES tries. An unreachable service (connection refused) is not the invoice's
 * fault: the attempt is recorded but not counted, and the worker itself pauses.
 */
import { randomUUID } from 'node:crypto';
import { MAX_SYNC_TRIES, type SyncErrorKind } from '../../../../common/invoices.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { notifyNeedsAttention, notifySyncedAfterFailure } from './notify.ts';
import { SyncFailure, ZOHO_DUPLICATE_NUMBER, type AccountingSystem } from './zoho-books.ts';
import { notFrozenClient } from '../../lib/aml-freeze.ts';
import { LINE_INPUTS_OF_INVOICE, type LineInputRow } from './line-table.ts';
import { columnNames, insertList } from '../../lib/table.ts';
import { accountingCustomersTable, FAILED_ATTEMPT_FIELDS, SYNCED_ATTEMPT_FIELDS } from './table.ts';

const NEW_CUSTOMER = insertList(columnNames(accountingCustomersTable));
const SYNCED_ATTEMPT = insertList(SYNCED_ATTEMPT_FIELDS);
const FAILED_ATTEMPT = insertList(FAILED_ATTEMPT_FIELDS);

export interface SyncOptions {
  /** This worker's name in the attempts (host and process). */
  worker: string;
  batchSize: number;
  /** Back-off of the first retry; it doubles per try up to maxDelayMs, with jitter in [half, whole]. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claim holds: longer than a whole invoice's calls can take. */
  leaseMs: number;
  maxTries: number;
  /** How many invoices of a batch are sent at once. */
  concurrency: number;
  random: () => number;
  now: () => Date;
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  worker: `worker-${randomUUID().slice(0, 8)}`,
  batchSize: 20,
  baseDelayMs: 30_000,
  maxDelayMs: 16 * 60_000,
  leaseMs: 120_000,
  maxTries: MAX_SYNC_TRIES,
  concurrency: 4,
  random: Math.random,
  now: () => new Date(),
};

/** The wait before try `tries + 1` after `tries` failures: base x 2^(tries-1), capped, jittered to [half, whole]. */
export function backoffMs(tries: number, options: Pick<SyncOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>, retryAfterMs: number | null = null): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, tries - 1));
  const jittered = Math.round(ceiling / 2 + (options.random() * ceiling) / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

interface OutboxInvoice {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  client_id: number;
  legal_name: string;
  email: string;
  phone: string;
  address: string;
  vat_registered: boolean;
  trn: string | null;
  bookkeeper_id: number | null;
  customer_id: string | null;
  issued_on: string;
  due_on: string;
  credited_number: string | null;
  sync_tries: number;
  sync_state: string;
}

export interface SyncRunResult {
  claimed: number;
  synced: number;
  failed: number;
  stopped: number;
  /** The service was unreachable: the caller should pause before the next run. */
  unreachable: boolean;
}

async function claim(db: Database, options: SyncOptions): Promise<number[]> {
  return db.transaction(async (tx) => {
    const now = options.now();
    const rows = await tx.query<{ id: number }>(
      `SELECT id FROM invoices
       WHERE sync_state IN ('waiting', 'retrying') AND next_try_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
         AND ${notFrozenClient('invoices.client_id')}
       ORDER BY next_try_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, options.batchSize],
    );
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) {
      await tx.query('UPDATE invoices SET claimed_by = $2, claimed_until = $3 WHERE id = ANY($1::integer[])', [ids, options.worker, new Date(now.getTime() + options.leaseMs)]);
    }
    return ids;
  });
}

async function readOutbox(db: Queryable, id: number): Promise<OutboxInvoice | undefined> {
  const [row] = await db.query<OutboxInvoice>(
    // The customer as the tax invoice was issued (its snapshot: name, address, TRN), never the client's profile as
    // it is now: a TRN fixed after issue must not reach the books while the issued PDF keeps the old one (a
    // wrong TRN on an issued invoice is corrected by a credit note and a new invoice).
    `SELECT i.id, i.kind, i.number, i.client_id, i.client_name AS legal_name, c.email, c.phone, i.client_address AS address,
       i.client_trn IS NOT NULL AS vat_registered, i.client_trn AS trn, c.bookkeeper_id, ac.external_id AS customer_id,
       to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, ci.number AS credited_number, i.sync_tries, i.sync_state
     FROM invoices i JOIN clients c ON c.id = i.client_id LEFT JOIN accounting_customers ac ON ac.client_id = i.client_id
     LEFT JOIN invoices ci ON ci.id = i.credited_invoice_id WHERE i.id = $1`,
    [id],
  );
  return row;
}

/** The client's customer in the accounting system: by the stored id, else found by e-mail or created, then stored. */
async function customerOf(db: Database, system: AccountingSystem, invoice: OutboxInvoice): Promise<string> {
  if (invoice.customer_id) return invoice.customer_id;
  const found = await system.findCustomerByEmail(invoice.email);
  const id =
    found ??
    (await system.createCustomer({
      clientId: invoice.client_id,
      legalName: invoice.legal_name,
      email: invoice.email,
      phone: invoice.phone,
      address: invoice.address,
      vatRegistered: invoice.vat_registered,
      trn: invoice.trn,
    }));
  await db.query(`INSERT INTO accounting_customers ${NEW_CUSTOMER.columns} VALUES ${NEW_CUSTOMER.values} ON CONFLICT (client_id) DO NOTHING`, [invoice.client_id, id]);
  return id;
}

type Outcome = { kind: 'synced'; how: 'created' | 'found'; externalId: string } | { kind: 'failed'; failure: SyncFailure };

async function sendOne(db: Database, system: AccountingSystem, invoice: OutboxInvoice): Promise<Outcome> {
  try {
    const existing = await system.findInvoice(invoice.number);
    if (existing) return { kind: 'synced', how: 'found', externalId: existing };
    const customerId = await customerOf(db, system, invoice);
    const lines = await db.query<LineInputRow>(LINE_INPUTS_OF_INVOICE, [invoice.id]);
    try {
      const id = await system.createInvoice({
        number: invoice.number,
        kind: invoice.kind,
        customerId,
        issuedOn: invoice.issued_on,
        dueOn: invoice.due_on,
        creditedNumber: invoice.credited_number,
        lines,
      });
      return { kind: 'synced', how: 'created', externalId: id };
    } catch (error) {
      // Refused as a duplicate: an earlier try got there and its answer was lost. Find it and take its id.
      if (error instanceof SyncFailure && error.code === ZOHO_DUPLICATE_NUMBER) {
        const found = await system.findInvoice(invoice.number);
        if (found) return { kind: 'synced', how: 'found', externalId: found };
      }
      throw error;
    }
  } catch (error) {
    const failure = error instanceof SyncFailure ? error : new SyncFailure('server', error instanceof Error ? error.message : String(error));
    return { kind: 'failed', failure };
  }
}

const STOPS_AT_ONCE: readonly SyncErrorKind[] = ['validation', 'customer_trn'];

/** Writes the outcome, if this worker still holds the invoice; answers what became of it. */
async function record(db: Database, invoice: OutboxInvoice, outcome: Outcome, startedAt: Date, durationMs: number, options: SyncOptions): Promise<'synced' | 'retrying' | 'stopped' | 'lost'> {
  return db.transaction(async (tx) => {
    const [held] = await tx.query<{ sync_tries: number; sync_state: string }>('SELECT sync_tries, sync_state FROM invoices WHERE id = $1 AND claimed_by = $2 FOR UPDATE', [invoice.id, options.worker]);
    if (!held) return 'lost';
    if (outcome.kind === 'synced') {
      // Tried before (a retry resets the tries, not the history): someone may be watching it on the page.
      const [before] = await tx.query<{ count: number }>('SELECT count(*)::integer AS count FROM invoice_sync_attempts WHERE invoice_id = $1', [invoice.id]);
      await tx.query(
        "UPDATE invoices SET sync_state = 'synced', external_id = $2, synced_at = $3, last_error = NULL, last_error_kind = NULL, claimed_by = NULL, claimed_until = NULL, version = version + 1 WHERE id = $1",
        [invoice.id, outcome.externalId, options.now()],
      );
      await tx.query(`INSERT INTO invoice_sync_attempts ${SYNCED_ATTEMPT.columns} VALUES ${SYNCED_ATTEMPT.values}`, [
        invoice.id,
        startedAt,
        durationMs,
        outcome.how,
        options.worker,
      ]);
      if ((before?.count ?? 0) > 0) await notifySyncedAfterFailure(tx, invoice);
      return 'synced';
    }
    const { failure } = outcome;
    const counts = failure.kind !== 'unreachable';
    const tries = held.sync_tries + (counts ? 1 : 0);
    const stop = STOPS_AT_ONCE.includes(failure.kind) || tries >= options.maxTries;
    const wait = backoffMs(Math.max(1, tries), options, failure.retryAfterMs);
    const next = new Date(options.now().getTime() + wait);
    await tx.query(
      `UPDATE invoices SET sync_state = $2, sync_tries = $3, next_try_at = $4, last_error = $5, last_error_kind = $6, claimed_by = NULL, claimed_until = NULL,
         version = version + 1 WHERE id = $1`,
      [invoice.id, stop ? 'needs_attention' : 'retrying', tries, next, failure.message.slice(0, 1000), failure.kind],
    );
    await tx.query(`INSERT INTO invoice_sync_attempts ${FAILED_ATTEMPT.columns} VALUES ${FAILED_ATTEMPT.values}`, [
      invoice.id,
      startedAt,
      durationMs,
      STOPS_AT_ONCE.includes(failure.kind) ? 'rejected' : counts ? 'failed' : 'unreachable',
      failure.kind,
      failure.message.slice(0, 1000),
      options.worker,
    ]);
    if (stop) await notifyNeedsAttention(tx, invoice, failure.message);
    return stop ? 'stopped' : 'retrying';
  });
}

/** One round: claim a batch, send it, record every outcome. */
export async function syncOnce(db: Database, system: AccountingSystem, options: SyncOptions): Promise<SyncRunResult> {
  const ids = await claim(db, options);
  const result: SyncRunResult = { claimed: ids.length, synced: 0, failed: 0, stopped: 0, unreachable: false };
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const invoice = await readOutbox(db, id);
      if (!invoice) continue;
      if (result.unreachable) {
        // The service is down: give the rest of the batch back untouched rather than fail each one.
        await db.query('UPDATE invoices SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2', [id, options.worker]);
        continue;
      }
      const startedAt = options.now();
      const began = performance.now();
      const outcome = await sendOne(db, system, invoice);
      if (outcome.kind === 'failed' && outcome.failure.kind === 'unreachable') result.unreachable = true;
      const state = await record(db, invoice, outcome, startedAt, Math.round(performance.now() - began), options);
      if (state === 'synced') result.synced += 1;
      else if (state === 'retrying') result.failed += 1;
      else if (state === 'stopped') result.stopped += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, ids.length)) }, lane));
  return result;
}

/** Rounds until the outbox has nothing due (tests and the bench; the server runs rounds on a timer). */
export async function syncUntilIdle(db: Database, system: AccountingSystem, options: SyncOptions, maxRounds = 1000): Promise<SyncRunResult> {
  const total: SyncRunResult = { claimed: 0, synced: 0, failed: 0, stopped: 0, unreachable: false };
  for (let round = 0; round < maxRounds; round += 1) {
    const result = await syncOnce(db, system, options);
    total.claimed += result.claimed;
    total.synced += result.synced;
    total.failed += result.failed;
    total.stopped += result.stopped;
    total.unreachable ||= result.unreachable;
    if (result.claimed === 0 || result.unreachable) return total;
  }
  return total;
}
