/**
 * The on-demand requests area's part of work at speed: the Home block 'on-demand requests near or
 * past their SLA', read through the inbox's own list (listRequests: its visibility rule, its SLA clock in
 * working time, breached first). 'Near' is under 20 % of the target left; a request waiting on the client is
 * left out (its clock stands still, nothing is due from us).
 */
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { formatSlaLeft } from '../../../../common/service-desk.ts';
import type { HomeBlockProvider, WorkContributions } from '../../lib/work-registry.ts';
import { listRequests } from './store.ts';
import { requestsBulk, requestsNext } from './bulk.ts';
import { requestListPath } from '../../../../common/links.ts';

/** Under this share of the target left, a running request counts as near its SLA. */
export const SLA_NEAR_SHARE = 0.2;
/** The inbox reads at most this many open requests per filter (as listRequests does). */
const OPEN_LIMIT = 5000;

const nearSla: HomeBlockProvider = {
  key: 'requests.sla',
  order: 23,
  async build(db, caller, now) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'on-demand-requests')) return null;
    const { results } = await listRequests(db, caller, { view: 'open', assignee: 'mine' }, { page: 1, size: OPEN_LIMIT, offset: 0 }, now);
    const due = results.filter((item) => !item.sla.paused && item.sla.left_ms < item.sla.target_ms * SLA_NEAR_SHARE);
    return {
      title: 'On-demand requests near or past their SLA',
      hint: 'assigned to you; near = under 20 % of the target left',
      count: due.length,
      href: requestListPath({ assignee: 'mine' }),
      items: due.slice(0, WORK_ITEMS_PER_BLOCK).map((item) => ({
        id: item.id,
        title: `${item.type.name} · ${item.client.legal_name}`,
        subtitle: formatSlaLeft(item.sla.left_ms),
        href: requestListPath({ assignee: 'mine', request: item.id }),
        at: item.sla.due_at,
        overdue: item.sla.breached,
      })),
      next_queue: null,
    };
  },
};

export const requestsWork: WorkContributions = { home: [nearSla], next: requestsNext, bulk: requestsBulk };
