/**
 * E-invoices: the document made in the issuing transaction (from the invoice as issued, with the client's
 * TIN and licence as they are at that moment, then never changed), checked against the rules at once (a
 * document that fails is stored 'invalid' with its failures and never sent), and the reads and the one write
 * (send again) of the console. Visibility and write rights are the invoice's: the client's.
 */
import { randomUUID } from 'node:crypto';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { EinvoiceAttempt, EinvoiceListItem, EinvoiceStatus, EinvoiceSummary } from '../../../../common/contract/einvoicing.ts';
import { CLIENT_TIN_FIELD, EINVOICE_REPORT_DAYS, emirateOf, failsAgainAsIssued, FREQUENCY_CODES, type EinvoiceState, type RuleFailure } from '../../../../common/einvoicing.ts';
import { buyerTin } from '../../../../common/einvoicing-readiness.ts';
import { invoiceAmounts, invoiceNumber, PAYMENT_TERMS_DAYS, type InvoiceKind, type LineInput } from '../../../../common/invoices.ts';
import type { BillingCycle } from '../../../../common/pricing.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, clientPermissions, isVisibleTo } from '../clients/index.ts';
import { buildEinvoiceXml, type EinvoiceSource } from './document.ts';
import { readEinvoice, textAt, validateEinvoice } from './rules.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import {
  EINVOICE_ATTEMPT_FIELDS,
  EINVOICE_STATUS_FIELDS,
  einvoiceAttemptsTable,
  einvoicesTable,
  NEW_EINVOICE_FIELDS,
  REQUEUE_FIELDS,
  SEND_NOW_ATTEMPT_FIELDS,
  type EinvoiceAttemptColumns,
  type EinvoiceColumns,
} from './table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

const NEW_EINVOICE_INSERT = insertList(NEW_EINVOICE_FIELDS);
const REQUEUE_ASSIGNMENTS = assignList(REQUEUE_FIELDS, 2);
const SEND_NOW_ATTEMPT = insertList(SEND_NOW_ATTEMPT_FIELDS);

export const EINVOICE_CONFLICT_MESSAGE = 'This e-invoice changed since you opened it. Reload it and try again.';

interface SourceRow {
  kind: InvoiceKind;
  number: string;
  issued_on: string;
  due_on: string;
  created_at: Date;
  period_start: string | null;
  period_end: string | null;
  cycle: BillingCycle | null;
  reason: string | null;
  credited_number: string | null;
  credited_issued_on: string | null;
  client_name: string;
  client_address: string;
  client_trn: string | null;
  trade_licence_number: string;
  licensing_authority: string;
  tin: string | null;
  net_fils: number;
  vat_fils: number;
  total_fils: number;
}

/** Dubai's clock time of an instant (UTC+4 all year: no daylight saving). */
const dubaiClockTime = (at: Date) => new Date(at.getTime() + 4 * 3_600_000).toISOString().slice(11, 19);

/** What the document is made of: the invoice as issued, the client's licence and TIN now (at issue). */
export async function einvoiceSource(tx: Queryable, invoiceId: number, uuid: string): Promise<EinvoiceSource> {
  const [row] = await tx.query<SourceRow>(
    `SELECT i.kind, i.number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.created_at,
       to_char(i.period_start, 'YYYY-MM-DD') AS period_start, to_char(i.period_end, 'YYYY-MM-DD') AS period_end, s.cycle, i.reason,
       ci.number AS credited_number, to_char(ci.issued_on, 'YYYY-MM-DD') AS credited_issued_on,
       i.client_name, i.client_address, i.client_trn, c.trade_licence_number, c.licensing_authority, ce.tin, i.net_fils, i.vat_fils, i.total_fils
     FROM invoices i JOIN clients c ON c.id = i.client_id LEFT JOIN subscriptions s ON s.id = i.subscription_id
     LEFT JOIN invoices ci ON ci.id = i.credited_invoice_id LEFT JOIN client_einvoicing ce ON ce.client_id = i.client_id
     WHERE i.id = $1`,
    [invoiceId],
  );
  if (!row) throw notFound('Invoice');
  const lines = await tx.query<EinvoiceSource['lines'][number]>(
    'SELECT position, description, quantity, unit_fils, net_fils, vat_fils, total_fils FROM invoice_lines WHERE invoice_id = $1 ORDER BY position',
    [invoiceId],
  );
  return {
    kind: row.kind,
    number: row.number,
    uuid,
    issuedOn: row.issued_on,
    issuedAt: dubaiClockTime(row.created_at),
    dueOn: row.due_on,
    period: row.period_start && row.period_end ? { start: row.period_start, end: row.period_end, frequency: row.cycle ? FREQUENCY_CODES[row.cycle] : null } : null,
    credited: row.credited_number && row.credited_issued_on ? { number: row.credited_number, issuedOn: row.credited_issued_on } : null,
    reason: row.reason,
    buyer: {
      legalName: row.client_name,
      address: row.client_address,
      emirate: emirateOf(row.client_address),
      trn: row.client_trn,
      // The TIN the client recorded; else a VAT-registered client's is the first 10 digits of its TRN. Never invented.
      tin: buyerTin(row.tin, row.client_trn),
      licence: row.trade_licence_number,
      licensingAuthority: row.licensing_authority,
    },
    lines,
    net_fils: row.net_fils,
    vat_fils: row.vat_fils,
    total_fils: row.total_fils,
  };
}

/**
 * The rules a one-off invoice for this client with these lines would break, before it is issued: its
 * document made as issuing would make it (the client's details as they are now, the amounts as
 * invoiceAmounts works them out; a placeholder number, UUID and time, which no rule reads) and checked by the
 * same rules. The New invoice form shows them and issuing refuses them.
 */
export async function checkNewEinvoice(db: Queryable, clientId: number, lines: readonly LineInput[], today: string): Promise<RuleFailure[]> {
  const [client] = await db.query<{ legal_name: string; address: string; trn: string | null; trade_licence_number: string; licensing_authority: string; tin: string | null }>(
    `SELECT c.legal_name, c.address, CASE WHEN c.vat_registered THEN c.trn END AS trn, c.trade_licence_number, c.licensing_authority, ce.tin
     FROM clients c LEFT JOIN client_einvoicing ce ON ce.client_id = c.id WHERE c.id = $1`,
    [clientId],
  );
  if (!client) throw notFound('Client');
  const amounts = invoiceAmounts(lines);
  const xml = buildEinvoiceXml({
    kind: 'invoice',
    number: invoiceNumber('INV', 1),
    uuid: '00000000-0000-4000-8000-000000000000',
    issuedOn: today,
    issuedAt: '12:00:00',
    dueOn: addDays(today, PAYMENT_TERMS_DAYS),
    period: null,
    credited: null,
    reason: null,
    buyer: {
      legalName: client.legal_name,
      address: client.address,
      emirate: emirateOf(client.address),
      trn: client.trn,
      tin: buyerTin(client.tin, client.trn),
      licence: client.trade_licence_number,
      licensingAuthority: client.licensing_authority,
    },
    lines: lines.map((line, index) => ({ position: index + 1, description: line.description, quantity: line.quantity, unit_fils: line.unit_fils, ...amounts.lines[index]! })),
    ...amounts.totals,
  });
  return validateEinvoice(xml);
}

/**
 * Makes and stores the invoice's e-invoice in the issuing transaction: built, checked, stored 'queued' (the
 * worker sends it) or 'invalid' with the rules it breaks. Called once per invoice by the invoices module.
 */
export async function createEinvoice(tx: Queryable, invoiceId: number): Promise<{ state: EinvoiceState; failures: RuleFailure[] }> {
  const uuid = randomUUID();
  const xml = buildEinvoiceXml(await einvoiceSource(tx, invoiceId, uuid));
  const failures = validateEinvoice(xml);
  const state: EinvoiceState = failures.length > 0 ? 'invalid' : 'queued';
  const document: Pick<EinvoiceColumns, (typeof NEW_EINVOICE_FIELDS)[number]> = { invoice_id: invoiceId, uuid, xml, state, failures };
  await tx.query(
    `INSERT INTO einvoices ${NEW_EINVOICE_INSERT.columns} VALUES ${NEW_EINVOICE_INSERT.values}`,
    // The failures as JSON text, as the jsonb column takes them on both drivers.
    NEW_EINVOICE_FIELDS.map((field) => (field === 'failures' ? JSON.stringify(document.failures) : document[field])),
  );
  if (state === 'queued') await tx.query("SELECT pg_notify('einvoice_outbox', $1)", [String(invoiceId)]);
  return { state, failures };
}

/**
 * Refuses (409) a credit note against an invoice whose e-invoice failed on the client's TIN while the TIN its
 * documents would now carry is still the one that failed (or none): that credit note would fail the same way,
 * and a credit note cannot itself be corrected. Called by the invoices module in the crediting transaction.
 */
export async function refuseUnfixedTin(tx: Queryable, invoiceId: number): Promise<void> {
  const [row] = await tx.query<{ state: EinvoiceState; failures: RuleFailure[]; xml: string; tin: string | null }>(
    `SELECT e.state, e.failures, e.xml, coalesce(ce.tin, substr(c.trn, 1, 10)) AS tin
     FROM einvoices e JOIN invoices i ON i.id = e.invoice_id JOIN clients c ON c.id = i.client_id LEFT JOIN client_einvoicing ce ON ce.client_id = i.client_id
     WHERE e.invoice_id = $1`,
    [invoiceId],
  );
  if (!row || (row.state !== 'rejected' && row.state !== 'invalid') || !row.failures.some((failure) => failure.field === CLIENT_TIN_FIELD)) return;
  const failed = textAt(readEinvoice(row.xml).root, 'AccountingCustomerParty/Party/EndpointID') ?? null;
  if (row.tin === null || row.tin === failed) {
    throw conflict(`Fix the client's TIN first: its e-invoice failed on ${failed ? `TIN ${failed}` : 'a missing TIN'}, and a credit note made now would fail the same way.`);
  }
}

// ---------------------------------------------------------------------------------------------- reads

/** An e-invoice as stored, with its invoice's number, kind, date and total and its client's team. */
type StatusRow = Pick<EinvoiceColumns, (typeof EINVOICE_STATUS_FIELDS)[number] | 'uuid'> & {
  number: string;
  kind: InvoiceKind;
  client_id: number;
  legal_name: string;
  bookkeeper_id: number | null;
  reviewer_id: number | null;
  issued_on: string;
  total_fils: number;
};

const STATUS_COLUMNS = `${selectList(einvoicesTable, 'e', EINVOICE_STATUS_FIELDS)}, e.uuid::text AS uuid, i.number, i.kind, i.client_id, c.legal_name, c.bookkeeper_id, c.reviewer_id,
  to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.total_fils`;
const STATUS_FROM = 'FROM einvoices e JOIN invoices i ON i.id = e.invoice_id JOIN clients c ON c.id = i.client_id';

/** The date an invoice must be reported by. */
export const reportBy = (issuedOn: string) => addDays(issuedOn, EINVOICE_REPORT_DAYS);
/** Not 'reported' on the day after its report-by date. */
export const isOverdue = (state: EinvoiceState, issuedOn: string, today: string) => state !== 'reported' && today > reportBy(issuedOn);
/** SQL of the same rule, for lists and counts ($today a date parameter). */
const overdueSql = (today: string) => `(e.state <> 'reported' AND i.issued_on + ${EINVOICE_REPORT_DAYS} < ${today}::date)`;

async function findStatus(db: Queryable, invoiceId: number, lock = false): Promise<StatusRow | undefined> {
  const [row] = await db.query<StatusRow>(`SELECT ${STATUS_COLUMNS} ${STATUS_FROM} WHERE e.invoice_id = $1${lock ? ' FOR UPDATE OF e' : ''}`, [invoiceId]);
  return row;
}

async function requireVisible(db: Queryable, user: Caller, invoiceId: number, lock = false): Promise<StatusRow> {
  const row = await findStatus(db, invoiceId, lock);
  if (!row || !isVisibleTo(user, row)) throw notFound('E-invoice');
  return row;
}

/** Queued, or rejected on the ASP's side only: a rejection naming something the document carries would come back the same. */
const sendable = (row: Pick<StatusRow, 'state' | 'failures'>) => row.state === 'queued' || (row.state === 'rejected' && !failsAgainAsIssued(row.failures));
const canSend = (user: Caller, row: StatusRow, enabled: boolean) => enabled && clientPermissions(user, row).edit && sendable(row);

/** The TIN the document was addressed to, and the one the client's next documents would carry. */
async function tinsOf(db: Queryable, invoiceId: number): Promise<{ document_tin: string | null; client_tin: string | null }> {
  const [row] = await db.query<{ xml: string; tin: string | null; trn: string | null }>(
    `SELECT e.xml, ce.tin, CASE WHEN c.vat_registered THEN c.trn END AS trn
     FROM einvoices e JOIN invoices i ON i.id = e.invoice_id JOIN clients c ON c.id = i.client_id LEFT JOIN client_einvoicing ce ON ce.client_id = i.client_id
     WHERE e.invoice_id = $1`,
    [invoiceId],
  );
  if (!row) return { document_tin: null, client_tin: null };
  return { document_tin: textAt(readEinvoice(row.xml).root, 'AccountingCustomerParty/Party/EndpointID') ?? null, client_tin: buyerTin(row.tin, row.trn) };
}

export async function readStatus(db: Queryable, user: Caller, invoiceId: number, enabled: boolean, now = new Date()): Promise<EinvoiceStatus> {
  const row = await requireVisible(db, user, invoiceId);
  const attempts = await db.query<Pick<EinvoiceAttemptColumns, (typeof EINVOICE_ATTEMPT_FIELDS)[number]> & { actor: string | null }>(
    `SELECT ${selectList(einvoiceAttemptsTable, 'a', EINVOICE_ATTEMPT_FIELDS)}, coalesce(u.display_name, u.email) AS actor
     FROM einvoice_attempts a LEFT JOIN users u ON u.id = a.actor_id WHERE a.invoice_id = $1 ORDER BY a.id DESC LIMIT 100`,
    [invoiceId],
  );
  return {
    invoice_id: row.invoice_id,
    number: row.number,
    kind: row.kind,
    client: { id: row.client_id, legal_name: row.legal_name },
    issued_on: row.issued_on,
    uuid: row.uuid,
    state: row.state,
    failures: row.failures,
    overdue: isOverdue(row.state, row.issued_on, dubaiDate(now)),
    report_by: reportBy(row.issued_on),
    tries: row.tries,
    next_try_at: row.state === 'queued' && row.next_try_at ? row.next_try_at.toISOString() : null,
    last_error: row.last_error,
    sent_at: row.sent_at?.toISOString() ?? null,
    reported_at: row.reported_at?.toISOString() ?? null,
    version: row.version,
    enabled,
    attempts: attempts.map(
      (attempt): EinvoiceAttempt => ({
        id: attempt.id,
        started_at: attempt.started_at.toISOString(),
        duration_ms: attempt.duration_ms,
        action: attempt.action,
        outcome: attempt.outcome,
        error: attempt.error,
        by: attempt.actor ?? attempt.worker,
      }),
    ),
    can_send: canSend(user, row, enabled),
    ...(await tinsOf(db, invoiceId)),
  };
}

/** The document as issued, for a caller who sees the invoice. */
export async function readXml(db: Queryable, user: Caller, invoiceId: number): Promise<{ number: string; xml: string }> {
  const row = await requireVisible(db, user, invoiceId);
  const [document] = await db.query<{ xml: string }>('SELECT xml FROM einvoices WHERE invoice_id = $1', [invoiceId]);
  return { number: row.number, xml: document!.xml };
}

function attentionFilter(user: Caller, today: string): SqlFilter {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  const day = filter.bind(today);
  filter.addClause(`(e.state IN ('invalid', 'rejected') OR ${overdueSql(day)})`);
  // An invoice credited in full is corrected (by its credit note and, usually, a new invoice): nothing is left to do.
  filter.addClause(`NOT (i.kind = 'invoice' AND i.net_fils > 0 AND i.net_fils <= (SELECT coalesce(sum(cn.net_fils), 0) FROM invoices cn WHERE cn.credited_invoice_id = i.id))`);
  return filter;
}

export async function summary(db: Queryable, user: Caller, enabled: boolean, now = new Date()): Promise<EinvoiceSummary> {
  const filter = attentionFilter(user, dubaiDate(now));
  const day = filter.bind(dubaiDate(now));
  const [row] = await db.query<{ attention: number; overdue: number }>(
    `SELECT count(*)::integer AS attention, count(*) FILTER (WHERE ${overdueSql(day)})::integer AS overdue ${STATUS_FROM} ${filter.where}`,
    filter.params,
  );
  return { enabled, attention: row?.attention ?? 0, overdue: row?.overdue ?? 0 };
}

export async function listAttention(db: Queryable, user: Caller, window: PageWindow, now = new Date()): Promise<{ count: number; results: EinvoiceListItem[] }> {
  const today = dubaiDate(now);
  const filter = attentionFilter(user, today);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${STATUS_FROM} ${filter.where}`, filter.params);
  const rows = await db.query<StatusRow>(`SELECT ${STATUS_COLUMNS} ${STATUS_FROM} ${filter.where} ORDER BY i.issued_on DESC, e.invoice_id DESC LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return {
    count,
    results: rows.map((row) => ({
      invoice_id: row.invoice_id,
      number: row.number,
      kind: row.kind,
      client: { id: row.client_id, legal_name: row.legal_name },
      issued_on: row.issued_on,
      total_fils: row.total_fils,
      state: row.state,
      failures: row.failures,
      overdue: isOverdue(row.state, row.issued_on, today),
    })),
  };
}

// ---------------------------------------------------------------------------------------------- send again

/**
 * 'Send now': a queued document is due at once with a fresh back-off; a rejected one goes to the ASP again
 * (the same document and UUID: an ASP-side cause, such as the buyer's endpoint not yet in its directory, may
 * have passed). A document failing our rules never leaves: it is corrected by a credit note and a new invoice.
 */
export function sendEinvoice(db: Database, user: Caller, invoiceId: number, version: number, context: ActionContext, enabled: boolean, now = new Date()): Promise<EinvoiceStatus> {
  return writeRecord(db, {
    entity: 'invoice',
    context,
    version,
    conflictMessage: EINVOICE_CONFLICT_MESSAGE,
    lock: async (tx) => {
      const row = await requireVisible(tx, user, invoiceId, true);
      if (!clientPermissions(user, row).edit) throw forbidden("Only an administrator or the client's bookkeeper may send this e-invoice.");
      return { ...row, id: row.invoice_id };
    },
    frozenClient: (row) => row.client_id,
    act: async (tx, row) => {
      if (!enabled) throw conflict('E-invoicing is off: no Accredited Service Provider is configured.');
      if (row.state === 'invalid') throw conflict(`${row.number} fails the PINT AE rules and is never sent: issue a credit note and a new invoice once the cause is fixed.`);
      if (row.state !== 'queued' && row.state !== 'rejected') throw conflict(`${row.number} is already with the ASP.`);
      if (!sendable(row)) {
        const fields = [...new Set(row.failures.map((failure) => failure.field))].join(', ');
        throw conflict(`${row.number} was rejected for what it carries (${fields}) and would be rejected the same way again: fix it, then issue a credit note and a new invoice.`);
      }
      const requeued: Pick<EinvoiceColumns, (typeof REQUEUE_FIELDS)[number]> = { state: 'queued', tries: 0, next_try_at: now, claimed_by: null, claimed_until: null };
      await tx.query(`UPDATE einvoices SET ${REQUEUE_ASSIGNMENTS}, version = version + 1 WHERE invoice_id = $1`, [row.invoice_id, ...REQUEUE_FIELDS.map((field) => requeued[field])]);
      await tx.query(`INSERT INTO einvoice_attempts ${SEND_NOW_ATTEMPT.columns} VALUES ($1, $2, 0, 'send', 'queued', 'by hand', $3)`, [row.invoice_id, now, user.id]);
      await writeAudit(tx, {
        entity: 'invoice',
        entityId: row.invoice_id,
        kind: 'einvoice_send_requested',
        actorId: user.id,
        data: { client_id: row.client_id, number: row.number, previous_state: row.state },
        before: { einvoice_state: row.state, version: row.version },
        after: { einvoice_state: 'queued', version: row.version + 1 },
        idempotencyKey: context.idempotencyKey,
      });
      await tx.query("SELECT pg_notify('einvoice_outbox', $1)", [String(row.invoice_id)]);
    },
    read: (tx, row) => readStatus(tx, user, row.invoice_id, enabled, now),
  });
}
