/**
 * The On-demand Requests inbox's bulk assign and its 'Next unassigned' queue. Each row goes
 * through the request's own versioned action (assignRequest: its visibility rule, closed requests refused,
 * its audit event, the assignee's and the client's notifications); 'all N matching' is the inbox's own query
 * (listRequests), so a bookkeeper's selection never holds another bookkeeper's client's request.
 */
import { RequestQuery, requestsBulkActions } from '../../../../common/contract/requests.ts';
import { assignRow, bulkRow, callerContext, firstRows, parseListFilter, takeNext } from '../../lib/bulk-rows.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { contractBulk, type BulkAction, type NextUnassignedProvider } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { requireWorker } from '../tasks/index.ts';
import { assignRequest, listRequests, readRequest } from './store.ts';
import { requestListPath } from '../../../../common/links.ts';

const assign = contractBulk(requestsBulkActions.assign, {
  page: 'on-demand-requests',
  checkParams: (db, params) => requireWorker(db, params.assignee_id, 'params.assignee_id'),
  async select(db, caller, filter, limit) {
    const { results } = await listRequests(db, caller, parseListFilter<RequestQuery>(RequestQuery, filter), firstRows(limit));
    return results.map((item) => ({ id: item.id, label: `${item.type.name} · ${item.client.legal_name}` }));
  },
  labels(db, caller, ids) {
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    filter.add((p) => `r.id = ANY(${p}::integer[])`, ids);
    return db.query<{ id: number; label: string }>(
      `SELECT r.id, t.name || ' · ' || c.legal_name AS label FROM service_requests r JOIN clients c ON c.id = r.client_id JOIN request_types t ON t.id = r.type_id ${filter.where} ORDER BY r.id`,
      filter.params,
    );
  },
  apply: (db, caller, id, { assignee_id: assignee }) =>
    bulkRow(db, 'service_request', id, caller.idempotencyKey, async () => {
      const request = await readRequest(db, caller, id);
      return assignRow(request.assignee?.id ?? null, assignee, () => assignRequest(db, caller, id, { version: request.version, assignee_id: assignee }, callerContext(caller)));
    }),
});

/**
 * The oldest open request nobody holds, of a client the caller sees, assigned to the caller in the same
 * transaction that locked it (SKIP LOCKED: two people pressing at once get different requests).
 */
const nextRequest: NextUnassignedProvider = {
  queue: 'on-demand-requests',
  page: 'on-demand-requests',
  take: (db, caller) =>
    takeNext(db, caller, {
      entity: 'service_request',
      assignedKind: 'request_assigned',
      async candidate(tx) {
        const filter = new SqlFilter();
        addClientVisibility(filter, caller, 'c');
        filter.addClause("r.assignee_id IS NULL AND r.status IN ('new', 'in_progress', 'waiting_on_client')");
        const [row] = await tx.query<{ id: number }>(
          `SELECT r.id FROM service_requests r JOIN clients c ON c.id = r.client_id ${filter.where} ORDER BY r.created_at, r.id LIMIT 1 FOR UPDATE OF r SKIP LOCKED`,
          filter.params,
        );
        return row?.id ?? null;
      },
      async assign(txDb, id) {
        const request = await readRequest(txDb, caller, id);
        await assignRequest(txDb, caller, id, { version: request.version, assignee_id: caller.id }, callerContext(caller));
      },
      async item(tx, id) {
        const request = await readRequest(tx, caller, id);
        return { title: `${request.type.name} · ${request.client.legal_name}`, href: requestListPath({ assignee: 'mine', request: id }) };
      },
    }),
};

export const requestsBulk: readonly BulkAction[] = [assign];
export const requestsNext: readonly NextUnassignedProvider[] = [nextRequest];
