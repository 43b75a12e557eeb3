/**
 * E-invoicing's part of Home: 'Clients late for e-invoicing', a bookkeeper's own clients (an
 * administrator's every client) whose ASP appointment deadline has passed with no ASP recorded. Its own block
 * rather than a line in 'deadlines this week': that block shows each client's one nearest deadline, which a
 * missed VAT return can hide, and a missed ASP appointment costs a penalty every month until it is fixed.
 */
import { dubaiDate } from '../../../../common/calendar.ts';
import { may } from '../../../../common/access.ts';
import { BOOKKEEPER_MINE } from '../../../../common/contract/clients-paths.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import type { RevenueBand } from '../../../../common/einvoicing.ts';
import { bandsWithoutAspAt, mandateDeadlinesOf } from '../../../../common/einvoicing-readiness.ts';
import { clientListPath, clientPath } from '../../../../common/links.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { HomeBlockProvider, WorkContributions } from '../../lib/work-registry.ts';
import { addClientVisibility, addWithoutAsp } from '../clients/index.ts';

const lateClients: HomeBlockProvider = {
  key: 'einvoicing.late',
  order: 32,
  async build(db, caller, now) {
    // The bookkeepers' work and the administrators' overview; a reviewer does not appoint ASPs.
    if (!may(caller.role, 'work-on-clients')) return null;
    const today = dubaiDate(now);
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    filter.addClause("c.status <> 'cancelled'");
    addWithoutAsp(filter, bandsWithoutAspAt(today, true));
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM clients c ${filter.where}`, filter.params);
    const rows = await db.query<{ id: number; legal_name: string; revenue_band: RevenueBand | null }>(
      `SELECT c.id, c.legal_name, ce.revenue_band FROM clients c LEFT JOIN client_einvoicing ce ON ce.client_id = c.id ${filter.where}
       ORDER BY c.legal_name, c.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      filter.params,
    );
    return {
      title: 'Clients late for e-invoicing',
      hint: 'ASP appointment deadline passed, no ASP recorded',
      count,
      href: clientListPath({ ...(may(caller.role, 'oversee-every-client') ? {} : { bookkeeper: BOOKKEEPER_MINE }), einvoicing: 'not_ready' }),
      items: rows.map((row) => ({
        id: row.id,
        title: row.legal_name,
        subtitle: 'No e-invoicing ASP appointed',
        href: clientPath(row.id),
        at: mandateDeadlinesOf(row.revenue_band).aspBy,
        overdue: true,
      })),
      next_queue: null,
    };
  },
};

export const einvoicingWork: WorkContributions = { home: [lateClients] };
