/**
 * The actions on an invoice's sync state (the only thing about an issued invoice that changes): retry it, or
 * mark it synced by hand. invoiceAction is every invoice write's lock and checks (credit notes use it too).
 */
import type { InvoiceDetail, MarkSyncedBody } from '../../../../common/contract/invoices.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import { clientPermissions, isVisibleTo } from '../clients/index.ts';
import { signalInvoiceChange } from './notify.ts';
import { findDetail, readInvoice, type DetailRow, type Caller } from './reads.ts';
import { may } from '../../../../common/access.ts';
import { insertList } from '../../lib/table.ts';
import { MARKED_ATTEMPT_FIELDS } from './table.ts';

const MARKED_ATTEMPT = insertList(MARKED_ATTEMPT_FIELDS);

export const INVOICE_CONFLICT_MESSAGE = 'This invoice changed since you opened it. Reload it and try again.';

export function invoiceAction(
  db: Database,
  user: Caller,
  invoiceId: number,
  context: ActionContext,
  version: number,
  act: (tx: Queryable, row: DetailRow) => Promise<void>,
  editorOnly = true,
  replay?: (tx: Queryable, key: string) => Promise<boolean>,
) {
  return writeRecord(db, {
    entity: 'invoice',
    context,
    version,
    conflictMessage: INVOICE_CONFLICT_MESSAGE,
    lock: async (tx) => {
      const row = await findDetail(tx, invoiceId, true);
      if (!row || !isVisibleTo(user, row)) throw notFound('Invoice');
      if (editorOnly && !clientPermissions(user, row).edit) throw forbidden("Only an administrator or the client's bookkeeper may act on this invoice.");
      return row;
    },
    frozenClient: (row) => row.client_id,
    act,
    read: (tx, row) => readInvoice(tx, user, row.id),
    ...(replay ? { replay: async (tx: Queryable, row: DetailRow, key: string) => ((await replay(tx, key)) ? readInvoice(tx, user, row.id) : null) } : {}),
  });
}

/** 'Retry now': the invoice goes back to the outbox, due at once, with a fresh set of tries. */
async function requeue(tx: Queryable, row: DetailRow, actorId: number, idempotencyKey: string | null, now: Date): Promise<void> {
  if (row.sync_state === 'synced') throw conflict(`${row.number} is already in the accounting system.`);
  await tx.query(
    "UPDATE invoices SET sync_state = 'waiting', sync_tries = 0, next_try_at = $2, claimed_by = NULL, claimed_until = NULL, version = version + 1 WHERE id = $1",
    [row.id, now],
  );
  await writeAudit(tx, {
    entity: 'invoice',
    entityId: row.id,
    kind: 'invoice_retry_requested',
    actorId,
    data: { client_id: row.client_id, number: row.number, previous_state: row.sync_state, last_error: row.last_error },
    before: { sync_state: row.sync_state, version: row.version },
    after: { sync_state: 'waiting', version: row.version + 1 },
    idempotencyKey,
  });
  await signalInvoiceChange(tx, row.id);
}

export function retryInvoice(db: Database, user: Caller, invoiceId: number, version: number, context: ActionContext, now = new Date()): Promise<InvoiceDetail> {
  return invoiceAction(db, user, invoiceId, context, version, (tx, row) => requeue(tx, row, user.id, context.idempotencyKey, now));
}

/** An invoice entered in the accounting system by hand: ADMIN only, with the external id and a reason. */
export function markSynced(db: Database, user: Caller, invoiceId: number, body: MarkSyncedBody, context: ActionContext, now = new Date()): Promise<InvoiceDetail> {
  if (!may(user.role, 'mark-invoices-synced')) return Promise.reject(forbidden('Only an administrator may mark an invoice as synced.'));
  const reason = body.reason.trim();
  const externalId = body.external_id.trim();
  if (reason === '') return Promise.reject(invalidInput('reason', 'must say why the invoice was entered by hand'));
  if (externalId === '') return Promise.reject(invalidInput('external_id', 'must not be blank'));
  return invoiceAction(
    db,
    user,
    invoiceId,
    context,
    body.version,
    async (tx, row) => {
      if (row.sync_state === 'synced') throw conflict(`${row.number} is already in the accounting system.`);
      await tx.query(
        "UPDATE invoices SET sync_state = 'synced', external_id = $2, synced_at = $3, claimed_by = NULL, claimed_until = NULL, version = version + 1 WHERE id = $1",
        [row.id, externalId, now],
      );
      await tx.query(`INSERT INTO invoice_sync_attempts ${MARKED_ATTEMPT.columns} VALUES ($1, $2, 0, 'marked', 'by hand', $3, $4)`, [
        row.id,
        now,
        user.id,
        reason,
      ]);
      await writeAudit(tx, {
        entity: 'invoice',
        entityId: row.id,
        kind: 'invoice_marked_synced',
        actorId: user.id,
        data: { client_id: row.client_id, number: row.number, external_id: externalId, reason },
        before: { sync_state: row.sync_state, external_id: row.external_id, version: row.version },
        after: { sync_state: 'synced', external_id: externalId, version: row.version + 1 },
        idempotencyKey: context.idempotencyKey,
      });
      await signalInvoiceChange(tx, row.id);
    },
    false,
  );
}
