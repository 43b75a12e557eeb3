/** Credit notes: one against an issued tax invoice, for all of it or part, never more than is left on it. */
import { dubaiDate } from '../../../../common/calendar.ts';
import type { CreditNoteBody, InvoiceDetail } from '../../../../common/contract/invoices.ts';
import { MAX_LINE_DESCRIPTION } from '../../../../common/invoices.ts';
import { formatFils } from '../../../../common/money.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { conflict, invalidInput } from '../../lib/http-error.ts';
import { refuseUnfixedTin } from '../einvoicing/index.ts';
import { issueInvoice } from './issue.ts';
import { readInvoice, type Caller } from './reads.ts';
import { invoiceAction } from './sync-actions.ts';
import { LINE_INPUTS_OF_INVOICE, type LineInputRow } from './line-table.ts';

/**
 * A credit note against an issued invoice (the invoice itself never changes): the whole invoice's net, or
 * part of it, never more than what earlier credit notes left. Answers the credit note. With `reissue`, the
 * whole invoice is credited and a new invoice with the same lines is issued in its place, with the client's
 * details as they are now: how a wrong TRN (or name, address) on an issued invoice is corrected. Answers the
 * new invoice then.
 */
export async function issueCreditNote(db: Database, user: Caller, invoiceId: number, body: CreditNoteBody, context: ActionContext, today = dubaiDate()): Promise<InvoiceDetail> {
  const reason = body.reason.trim();
  if (reason === '') throw invalidInput('reason', 'must say what the credit note corrects');
  let answerId = 0;
  // A retry (its answer lost) finds what its first request issued, under the invoice's lock: the new
  // invoice of a reissue, else the credit note; both events carry the key.
  const issuedWithKey = async (tx: Queryable, key: string) => {
    const [made] = await tx.query<{ entity_id: number }>(
      "SELECT entity_id FROM audit_events WHERE entity = 'invoice' AND kind IN ('credit_note_issued', 'invoice_issued') AND actor_id = $1 AND idempotency_key = $2 ORDER BY kind = 'invoice_issued' DESC, id DESC LIMIT 1",
      [context.actorId, key],
    );
    if (made) answerId = made.entity_id;
    return made !== undefined;
  };
  await invoiceAction(db, user, invoiceId, context, body.version, async (tx, row) => {
    if (row.kind !== 'invoice') throw conflict('A credit note cannot be credited.');
    const left = row.net_fils - row.credited_net;
    const amount = body.net_fils ?? left;
    if (left <= 0) throw conflict(`${row.number} is already credited in full.`);
    if (amount > left) throw invalidInput('net_fils', `must be at most what is left to credit: ${formatFils(left)} before VAT`);
    if (body.reissue && (left !== row.net_fils || amount !== left)) {
      throw conflict(`${row.number} is partly credited already: credit what is left and raise a new invoice for the rest.`);
    }
    await refuseUnfixedTin(tx, row.id);
    // The line names what it credits; the reason is whole on the credit note (its PDF prints it), never cut to fit a line.
    const withReason = `Credit against ${row.number}: ${reason}`;
    const description = [...withReason].length <= MAX_LINE_DESCRIPTION ? withReason : `Credit against ${row.number}`;
    const { id } = await issueInvoice(tx, {
      kind: 'credit_note',
      clientId: row.client_id,
      creditedInvoiceId: row.id,
      reason,
      issuedOn: today,
      lines: [{ description, quantity: 1, unit_fils: amount }],
      createdBy: user.id,
      idempotencyKey: context.idempotencyKey,
    });
    answerId = id;
    if (body.reissue) {
      const lines = await tx.query<LineInputRow>(LINE_INPUTS_OF_INVOICE, [row.id]);
      const replacement = await issueInvoice(tx, {
        kind: 'invoice',
        clientId: row.client_id,
        // The period stays on the new invoice for the reader; the subscription's one-invoice-per-period key stays with the original.
        periodStart: row.period_start,
        periodEnd: row.period_end,
        reason: `Replaces ${row.number}: ${reason}`,
        issuedOn: today,
        lines,
        createdBy: user.id,
        idempotencyKey: context.idempotencyKey,
      });
      answerId = replacement.id;
    }
    // The invoice's version moves so a second credit note from a stale screen is refused.
    await tx.query('UPDATE invoices SET version = version + 1 WHERE id = $1', [row.id]);
  }, true, issuedWithKey);
  return readInvoice(db, user, answerId);
}
