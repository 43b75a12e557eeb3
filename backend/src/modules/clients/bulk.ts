/**
 * The Clients list's bulk 'Assign bookkeeper': ADMIN only, as the single-row team change is.
 * Each row goes through the client's own versioned action (updateClient: its permission rule, the
 * 'team_changed' timeline event, the new bookkeeper's notification); 'all N matching' is the list's own
 * query (listClients).
 */
import { ClientExportQuery, clientsBulkActions } from '../../../../common/contract/clients.ts';
import { bulkRow, callerContext, DONE, firstRows, parseListFilter, skipped } from '../../lib/bulk-rows.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { contractBulk, type BulkAction } from '../../lib/work-registry.ts';
import { addClientVisibility } from './access.ts';
import { readClient, updateClient } from './client-store.ts';
import { listClients } from './list-store.ts';
import { rolesThat } from '../../../../common/access.ts';

const assignBookkeeper = contractBulk(clientsBulkActions.assign_bookkeeper, {
  page: 'clients',
  roles: rolesThat('reassign-clients'),
  async checkParams(db, { bookkeeper_id: bookkeeper }) {
    if (bookkeeper === null) return;
    const [active] = await db.query<{ id: number }>('SELECT id FROM users WHERE id = $1 AND role = ANY($2::text[]) AND active', [bookkeeper, rolesThat('keep-client-books')]);
    if (!active) throw invalidInput('params.bookkeeper_id', 'must be an active bookkeeper');
  },
  async select(db, caller, filter, limit) {
    const { results } = await listClients(db, caller, parseListFilter<ClientExportQuery>(ClientExportQuery, filter), firstRows(limit));
    return results.map((client) => ({ id: client.id, label: client.legal_name }));
  },
  labels(db, caller, ids) {
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    filter.add((p) => `c.id = ANY(${p}::integer[])`, ids);
    return db.query<{ id: number; label: string }>(`SELECT c.id, c.legal_name AS label FROM clients c ${filter.where} ORDER BY lower(c.legal_name), c.id`, filter.params);
  },
  apply: (db, caller, id, { bookkeeper_id: bookkeeper }) =>
    bulkRow(db, 'client', id, caller.idempotencyKey, async () => {
      const client = await readClient(db, caller, id);
      if ((client.bookkeeper?.id ?? null) === bookkeeper) return skipped(bookkeeper === null ? 'Already without a bookkeeper.' : 'Already has this bookkeeper.');
      await updateClient(db, caller, id, { version: client.version, bookkeeper_id: bookkeeper }, callerContext(caller));
      return DONE;
    }),
});

export const clientsBulk: readonly BulkAction[] = [assignBookkeeper];
