/**
 * The invoices area's part of work at speed: the Home block 'invoices needing attention' for the
 * roles that act on them (BOOKKEEPER, ADMIN: the ones who may retry or mark synced), under the Unsynced Inv
 * list's rule (a bookkeeper only on their own clients). Needing attention is the list's state of that name:
 * the sync to the accounting system stopped on an error a person has to fix.
 */
import { may } from '../../../../common/access.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { HomeBlockProvider, WorkContributions } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { invoicesBulk } from './bulk.ts';
import { invoiceListPath } from '../../../../common/links.ts';

const needingAttention: HomeBlockProvider = {
  key: 'invoices.attention',
  order: 35,
  async build(db, caller) {
    if (!may(caller.role, 'work-on-invoices')) return null;
    const filter = new SqlFilter();
    filter.addClause("i.sync_state = 'needs_attention'");
    addClientVisibility(filter, caller, 'c');
    const from = 'FROM invoices i JOIN clients c ON c.id = i.client_id';
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from} ${filter.where}`, filter.params);
    const rows = await db.query<{ id: number; number: string; legal_name: string; issued_on: string; last_error: string | null }>(
      `SELECT i.id, i.number, c.legal_name, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.last_error ${from} ${filter.where}
       ORDER BY i.issued_on, i.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      filter.params,
    );
    return {
      title: 'Invoices needing attention',
      hint: 'not in the accounting system; the sync stopped on an error',
      count,
      href: invoiceListPath({ state: 'needs_attention' }),
      items: rows.map((row) => ({
        id: row.id,
        title: `${row.number} · ${row.legal_name}`,
        subtitle: row.last_error,
        href: invoiceListPath({ state: 'needs_attention', invoice: row.id }),
        at: row.issued_on,
        overdue: false,
      })),
      next_queue: null,
    };
  },
};

export const invoicesWork: WorkContributions = { home: [needingAttention], bulk: invoicesBulk };
