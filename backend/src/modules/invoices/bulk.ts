/**
 * The Unsynced Inv list's bulk 'Retry now', on the shared job runner: ADMIN and BOOKKEEPER, as
 * the single-row retry. Each row goes through the invoice's own versioned action (retryInvoice: the
 * client's bookkeeper or an ADMIN, a synced invoice refused, its 'invoice_retry_requested' event, the sync
 * worker woken); 'all N matching' is the list's own query (listUnsynced), so a bookkeeper's selection never
 * holds another bookkeeper's client's invoice.
 */
import { InvoiceQuery, unsyncedInvBulkActions } from '../../../../common/contract/invoices.ts';
import { RETRY_QUEUED } from '../../../../common/invoices.ts';
import { bulkRow, callerContext, firstRows, parseListFilter } from '../../lib/bulk-rows.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { contractBulk, type BulkAction, type BulkRowResult } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { listUnsynced, readInvoice, retryInvoice } from './store.ts';
import { rolesThat } from '../../../../common/access.ts';

export const RETRIED: BulkRowResult = { outcome: 'done', reason: RETRY_QUEUED };

const retry = contractBulk(unsyncedInvBulkActions.retry, {
  page: 'unsynced-inv',
  roles: rolesThat('work-on-invoices'),
  async select(db, caller, filter, limit) {
    const { results } = await listUnsynced(db, caller, parseListFilter<InvoiceQuery>(InvoiceQuery, filter), firstRows(limit));
    return results.map((invoice) => ({ id: invoice.id, label: `${invoice.number} · ${invoice.client.legal_name}` }));
  },
  labels(db, caller, ids) {
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    filter.add((p) => `i.id = ANY(${p}::integer[])`, ids);
    return db.query<{ id: number; label: string }>(
      `SELECT i.id, i.number || ' · ' || c.legal_name AS label FROM invoices i JOIN clients c ON c.id = i.client_id ${filter.where} ORDER BY i.issued_on DESC, i.id DESC`,
      filter.params,
    );
  },
  apply: (db, caller, id) =>
    bulkRow(db, 'invoice', id, caller.idempotencyKey, async () => {
      const invoice = await readInvoice(db, caller, id);
      await retryInvoice(db, caller, id, invoice.version, callerContext(caller));
      // Queued, not synced: the list shows the outcome when the accounting system answers.
      return RETRIED;
    }),
});

export const invoicesBulk: readonly BulkAction[] = [retry];
