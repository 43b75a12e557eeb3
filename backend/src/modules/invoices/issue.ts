/**
 * Issuing invoices: numbered without gaps (the series' counter row is locked in the issuing transaction, so
 * numbers are taken in commit order and a rolled-back issue gives its number back), the subscription cycles'
 * invoices (one per subscription period, by a unique key) and one-off invoices. An issued invoice never changes.
 */
import { addDays, addMonths, dubaiDate, formatIsoDate } from '../../../../common/calendar.ts';
import { CYCLE_TERMS, type BillingCycle } from '../../../../common/pricing.ts';
import type { InvoiceCheck, InvoiceDetail, NewInvoiceBody } from '../../../../common/contract/invoices.ts';
import { invoiceNumber, invoiceAmounts, PAYMENT_TERMS_DAYS, type InvoiceKind, type LineInput, type SyncErrorKind, type SyncState } from '../../../../common/invoices.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import { clientPermissions, isVisibleTo, renewDueSubscriptions } from '../clients/index.ts';
import { checkNewEinvoice, createEinvoice } from '../einvoicing/index.ts';
import { signalInvoiceChange } from './notify.ts';
import { insertList } from '../../lib/table.ts';
import { ISSUE_FIELDS, type InvoiceColumns, type InvoiceCounterColumns } from './table.ts';
import { NEW_LINE_FIELDS, type InvoiceLineColumns } from './line-table.ts';
import { notFrozenClient, refuseWhenFrozen } from '../../lib/aml-freeze.ts';
import { readInvoice, type Caller } from './reads.ts';

export interface NewInvoice {
  kind: InvoiceKind;
  clientId: number;
  lines: LineInput[];
  issuedOn: string;
  subscriptionId?: number | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  creditedInvoiceId?: number | null;
  reason?: string | null;
  createdBy: number | null;
  idempotencyKey?: string | null;
  /** Seeding only: the sync state an invoice of the demo's past is in. */
  sync?: { state: SyncState; tries: number; nextTryAt?: Date; lastError?: string | null; lastErrorKind?: SyncErrorKind | null; externalId?: string | null; syncedAt?: Date | null };
}

/** An issue's columns; next_try_at null takes the transaction's time (the seed dates a retry of the demo's past). */
type IssueValues = Omit<Pick<InvoiceColumns, (typeof ISSUE_FIELDS)[number]>, 'next_try_at'> & { next_try_at: Date | null };
const NEW_LINE_INSERT = insertList(NEW_LINE_FIELDS);
const ISSUE_INSERT = insertList(ISSUE_FIELDS);
const ISSUE_VALUES = ISSUE_INSERT.values.replace(/\$(\d+)\)$/, 'coalesce($$$1, CURRENT_TIMESTAMP))');

/** Issues an invoice or credit note in the caller's transaction; answers its id and number. */
export async function issueInvoice(tx: Queryable, invoice: NewInvoice): Promise<{ id: number; number: string }> {
  const [client] = await tx.query<{ legal_name: string; address: string; trn: string | null; vat_registered: boolean }>(
    'SELECT legal_name, address, trn, vat_registered FROM clients WHERE id = $1',
    [invoice.clientId],
  );
  if (!client) throw notFound('Client');
  // AML: a client frozen by a confirmed sanctions match is not billed (409 naming the freeze).
  await refuseWhenFrozen(tx, { clientId: invoice.clientId });
  const series = invoice.kind === 'invoice' ? 'INV' : 'CN';
  // The lock on the counter row is held to the end of this transaction: the next issue waits for it.
  const [counter] = await tx.query<Pick<InvoiceCounterColumns, 'last_number'>>('UPDATE invoice_counters SET last_number = last_number + 1 WHERE series = $1 RETURNING last_number', [series]);
  const sequence = counter!.last_number;
  const number = invoiceNumber(series, sequence);
  const { lines: amountsOfLines, totals } = invoiceAmounts(invoice.lines);
  const sync = invoice.sync;
  const values: IssueValues = {
    kind: invoice.kind,
    series,
    sequence,
    number,
    client_id: invoice.clientId,
    subscription_id: invoice.subscriptionId ?? null,
    period_start: invoice.periodStart ?? null,
    period_end: invoice.periodEnd ?? null,
    credited_invoice_id: invoice.creditedInvoiceId ?? null,
    reason: invoice.reason ?? null,
    issued_on: invoice.issuedOn,
    due_on: addDays(invoice.issuedOn, PAYMENT_TERMS_DAYS),
    client_name: client.legal_name,
    client_address: client.address,
    client_trn: client.vat_registered ? client.trn : null,
    net_fils: totals.net_fils,
    vat_fils: totals.vat_fils,
    total_fils: totals.total_fils,
    created_by: invoice.createdBy,
    sync_state: sync?.state ?? 'waiting',
    sync_tries: sync?.tries ?? 0,
    last_error: sync?.lastError ?? null,
    last_error_kind: sync?.lastErrorKind ?? null,
    external_id: sync?.externalId ?? null,
    synced_at: sync?.syncedAt ?? null,
    next_try_at: sync?.nextTryAt ?? null,
  };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO invoices ${ISSUE_INSERT.columns} VALUES ${ISSUE_VALUES} RETURNING id`,
    ISSUE_FIELDS.map((field) => values[field]),
  );
  const id = row!.id;
  let position = 0;
  for (const line of invoice.lines) {
    const amounts = amountsOfLines[position]!;
    position += 1;
    const written: Pick<InvoiceLineColumns, (typeof NEW_LINE_FIELDS)[number]> = {
      invoice_id: id,
      position,
      description: line.description,
      quantity: line.quantity,
      unit_fils: line.unit_fils,
      net_fils: amounts.net_fils,
      vat_fils: amounts.vat_fils,
      total_fils: amounts.total_fils,
    };
    await tx.query(`INSERT INTO invoice_lines ${NEW_LINE_INSERT.columns} VALUES ${NEW_LINE_INSERT.values}`, NEW_LINE_FIELDS.map((field) => written[field]));
  }
  // Its PINT AE document, made now from the invoice as issued and never changed.
  await createEinvoice(tx, id);
  await writeAudit(tx, {
    entity: 'invoice',
    entityId: id,
    kind: invoice.kind === 'invoice' ? 'invoice_issued' : 'credit_note_issued',
    actorId: invoice.createdBy,
    data: { client_id: invoice.clientId, number, total_fils: totals.total_fils, subscription_id: invoice.subscriptionId ?? null, period_start: invoice.periodStart ?? null },
    idempotencyKey: invoice.idempotencyKey ?? null,
  });
  if (!sync || sync.state !== 'synced') await signalInvoiceChange(tx, id);
  return { id, number };
}

interface DueSubscription {
  id: number;
  client_id: number;
  plan_name: string;
  cycle: BillingCycle;
  net_fils: number;
  starts_on: string;
  next_renewal_on: string;
}

const CYCLE_WORDS: Record<BillingCycle, string> = { monthly: 'monthly', quarterly: 'quarterly', annual: 'annual' };

/** The line of a subscription period: 'Growth plan, quarterly subscription: 01 Jan 2026 to 31 Mar 2026'. */
export function periodLine(planName: string, cycle: BillingCycle, start: string, end: string, netFils: number): LineInput {
  return { description: `${planName} plan, ${CYCLE_WORDS[cycle]} subscription: ${formatIsoDate(start)} to ${formatIsoDate(end)}`, quantity: 1, unit_fils: netFils };
}

/**
 * Invoices every active subscription's current period that has no invoice yet (renewing due subscriptions
 * first, so the period is the current one). Each subscription is claimed with SKIP LOCKED and its period is
 * checked under that lock; the unique key (subscription_id, period_start) backs it, so two back ends running
 * this at once, or a restart in the middle, invoice each period once. A paused or cancelled subscription is
 * not invoiced. Answers how many invoices were issued.
 */
export async function invoiceDueSubscriptions(db: Database, now = new Date()): Promise<number> {
  await renewDueSubscriptions(db, now);
  const today = dubaiDate(now);
  let issued = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx.query<DueSubscription>(
        `SELECT s.id, s.client_id, p.name AS plan_name, s.cycle, s.net_fils, to_char(s.starts_on, 'YYYY-MM-DD') AS starts_on,
           to_char(s.next_renewal_on, 'YYYY-MM-DD') AS next_renewal_on
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id
         WHERE s.status = 'active' AND s.starts_on <= $1::date AND s.id > $2
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.subscription_id = s.id AND i.period_start = s.starts_on)
           AND ${notFrozenClient('s.client_id')}
         ORDER BY s.id LIMIT 50 FOR UPDATE OF s SKIP LOCKED`,
        [today, afterId],
      );
      let made = 0;
      for (const sub of due) {
        afterId = sub.id;
        // Re-checked under the row lock: another back end may have invoiced it between its read and ours.
        const [existing] = await tx.query('SELECT 1 FROM invoices WHERE subscription_id = $1 AND period_start = $2', [sub.id, sub.starts_on]);
        if (existing) continue;
        const periodEnd = addDays(sub.next_renewal_on, -1);
        await issueInvoice(tx, {
          kind: 'invoice',
          clientId: sub.client_id,
          subscriptionId: sub.id,
          periodStart: sub.starts_on,
          periodEnd,
          issuedOn: sub.starts_on > today ? today : sub.starts_on,
          lines: [periodLine(sub.plan_name, sub.cycle, sub.starts_on, periodEnd, sub.net_fils)],
          createdBy: null,
        });
        made += 1;
      }
      return { made, size: due.length };
    });
    issued += batch.made;
    if (batch.size < 50) return issued;
  }
}

/** The end of a period that starts on `start` for a cycle (the day before the next renewal). */
export const periodEndOf = (start: string, cycle: BillingCycle) => addDays(addMonths(start, CYCLE_TERMS[cycle].months), -1);

async function requireWritableClient(tx: Queryable, user: Caller, clientId: number): Promise<void> {
  const [client] = await tx.query<{ bookkeeper_id: number | null; reviewer_id: number | null }>('SELECT bookkeeper_id, reviewer_id FROM clients WHERE id = $1', [clientId]);
  if (!client || !isVisibleTo(user, client)) throw notFound('Client');
  if (!clientPermissions(user, client).edit) throw forbidden("Only an administrator or the client's bookkeeper may invoice this client.");
}

function cleanLines(body: NewInvoiceBody): LineInput[] {
  const lines = body.lines.map((line) => ({ ...line, description: line.description.trim() }));
  lines.forEach((line, index) => {
    if (line.description === '') throw invalidInput(`lines.${index}.description`, 'must not be blank');
  });
  return lines;
}

/** The New invoice form's question before issuing: the e-invoice rules this invoice would break now. */
export async function checkInvoice(db: Database, user: Caller, body: NewInvoiceBody, today = dubaiDate()): Promise<InvoiceCheck> {
  await requireWritableClient(db, user, body.client_id);
  return { failures: await checkNewEinvoice(db, body.client_id, cleanLines(body), today) };
}

/**
 * A one-off invoice (an on-demand request's accepted fee): ADMIN, or the client's own bookkeeper. One whose
 * e-invoice would fail the PINT AE rules is refused before it is issued (an issued invoice never changes, so
 * it could only be corrected by a credit note and another invoice), naming what to fix on the client.
 */
export async function raiseInvoice(db: Database, user: Caller, body: NewInvoiceBody, context: ActionContext, today = dubaiDate()): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'invoice', 'invoice_issued', user.id, context.idempotencyKey);
    if (seen !== null) return readInvoice(tx, user, seen);
    await requireWritableClient(tx, user, body.client_id);
    const lines = cleanLines(body);
    const failures = await checkNewEinvoice(tx, body.client_id, lines, today);
    if (failures.length > 0) {
      const fields = [...new Set(failures.map((failure) => failure.field))].join(', ');
      const rules = failures.map((failure) => failure.rule).join(', ');
      throw invalidInput('client_id', `has details its e-invoice would fail on (${rules}): fix ${fields} on the client's page before invoicing it`);
    }
    const { id } = await issueInvoice(tx, { kind: 'invoice', clientId: body.client_id, lines, issuedOn: today, createdBy: user.id, idempotencyKey: context.idempotencyKey });
    return readInvoice(tx, user, id);
  });
}
