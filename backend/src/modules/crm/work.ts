/**
 * The CRM's part of work at speed: leads found by company, contact or e-mail, and the Home block
 * 'CRM follow-ups due' (my open leads whose next follow-up is today or past, Dubai time: the list's own
 * 'due first' rule) for the BD and MARKETING roles that work leads. The CRM has no per-record rule beyond its
 * page's roles (canSee 'crm'), so neither has search. Bulk: assign owner and move stage, each row through the
 * lead's own edit or stage change. Leads without an owner are not a queue anyone works (a CRM user creating or
 * converting one owns it; the few left ownerless have no filter of the list), so no 'Next unassigned' here.
 */
import { daysBetween, dubaiDate } from '../../../../common/calendar.ts';
import { canSee, may, rolesThat } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { crmPagePath, LEAD_STAGE_LABELS, type LeadStage } from '../../../../common/contract/crm-paths.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { Queryable } from '../../db/database.ts';
import { crmBulkActions, LeadQuery } from '../../../../common/contract/crm.ts';
import { bulkRowStep, callerContext, parseListFilter } from '../../lib/bulk-rows.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { contractBulk, type Caller, type HomeBlockProvider, type SearchProvider, type WorkContributions } from '../../lib/work-registry.ts';
import { leadsMatching, moveLead, readLead, updateLead } from './store.ts';
import { withQuery } from '../../../../common/links.ts';
import { CLOSED_LEAD_STAGES_SQL } from '../../../../common/crm.ts';

export const leadSearch: SearchProvider = {
  kind: 'lead',
  label: 'Leads',
  order: 31,
  async search(db, caller, q, limit) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'crm')) return [];
    const rows = await db.query<{ id: number; company: string; contact_name: string; email: string; stage: LeadStage }>(
      `SELECT l.id, l.company, l.contact_name, l.email, l.stage FROM leads l
       WHERE lower(l.company) LIKE $1 ESCAPE '\\' OR lower(l.contact_name) LIKE $1 ESCAPE '\\' OR lower(l.email) LIKE $1 ESCAPE '\\'
       ORDER BY (l.stage IN ${CLOSED_LEAD_STAGES_SQL}), lower(l.company), l.id LIMIT ${limit}`,
      [containsPattern(q)],
    );
    return rows.map((row) => ({
      kind: 'lead',
      id: row.id,
      title: row.company,
      subtitle: `${row.contact_name} · ${row.email} · ${LEAD_STAGE_LABELS[row.stage]}`,
      href: crmPagePath.lead(row.id),
    }));
  },
};

const followUpsDue: HomeBlockProvider = {
  key: 'crm.follow_ups',
  order: 51,
  async build(db, caller, now) {
    if (!may(caller.role, 'see-lead-follow-ups-on-home')) return null;
    const today = dubaiDate(now);
    const where = `WHERE l.owner_id = $1 AND l.stage NOT IN ${CLOSED_LEAD_STAGES_SQL} AND l.next_follow_up <= $2::date`;
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM leads l ${where}`, [caller.id, today]);
    const rows = await db.query<{ id: number; company: string; contact_name: string; next_follow_up: string }>(
      `SELECT l.id, l.company, l.contact_name, to_char(l.next_follow_up, 'YYYY-MM-DD') AS next_follow_up FROM leads l ${where}
       ORDER BY l.next_follow_up, l.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      [caller.id, today],
    );
    return {
      title: 'CRM follow-ups due',
      hint: 'your open leads, follow-up today or past',
      count,
      // The leads list puts due follow-ups first; owner= narrows it to the caller's leads.
      href: withQuery(crmPagePath.list, { owner: caller.id }),
      items: rows.map((row) => ({
        id: row.id,
        title: row.company,
        subtitle: row.contact_name,
        href: crmPagePath.lead(row.id),
        at: row.next_follow_up,
        overdue: daysBetween(today, row.next_follow_up) < 0,
      })),
      next_queue: null,
    };
  },
};

// -------------------------------------------------------------------------------------- bulk actions

/** Which rows the CRM's roles may act on: every lead (the CRM has no per-record rule beyond its page). */
const leadRows = {
  list: 'crm',
  page: 'crm',
  select: (db: Queryable, _caller: Caller, filter: Record<string, string>, limit: number) => leadsMatching(db, parseListFilter<LeadQuery>(LeadQuery, filter), limit),
  labels: (db: Queryable, _caller: Caller, ids: number[]) =>
    db.query<{ id: number; label: string }>(`SELECT l.id, l.company || ' (' || l.contact_name || ')' AS label FROM leads l WHERE l.id = ANY($1::integer[]) ORDER BY l.id DESC`, [ids]),
} as const;

/**
 * Give the selected leads an owner (or none) through the lead's own edit (its version and lead_updated event),
 * every other field kept as it is.
 */
const bulkOwner = contractBulk(crmBulkActions.owner, {
  ...leadRows,
  async checkParams(db, { owner_id: owner }) {
    if (owner === null) return;
    const [row] = await db.query('SELECT 1 FROM users WHERE id = $1 AND active AND role = ANY($2::text[])', [owner, rolesThat('own-leads')]);
    if (!row) throw invalidInput('params.owner_id', 'must be an active user of the CRM');
  },
  apply: (db, caller, id, { owner_id: owner }) =>
    bulkRowStep(db, {
      entity: 'lead',
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readLead(tx, id),
      skip: (lead) => ((lead.owner?.id ?? null) === owner ? (owner === null ? 'Already without an owner.' : 'Already owned by this person.') : null),
      act: (lead) =>
        updateLead(
          db,
          id,
          {
            version: lead.version,
            company: lead.company,
            contact_name: lead.contact_name,
            email: lead.email,
            phone: lead.phone,
            owner_id: owner,
            monthly_value_fils: lead.monthly_value_fils,
            next_follow_up: lead.next_follow_up,
          },
          callerContext(caller),
        ),
    }),
});

/** Move the selected leads to a working stage or lost (with the reason) through the lead's own stage change; won stays the invitation. */
const bulkStage = contractBulk(crmBulkActions.stage, {
  ...leadRows,
  apply: (db, caller, id, { stage, reason }) =>
    bulkRowStep(db, {
      entity: 'lead',
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readLead(tx, id),
      skip: (lead) => (lead.stage === stage ? `Already ${LEAD_STAGE_LABELS[stage].toLowerCase()}.` : null),
      act: (lead) => moveLead(db, id, stage, reason ?? undefined, lead.version, callerContext(caller)),
    }),
});

export const crmWork: WorkContributions = { search: [leadSearch], home: [followUpsDue], bulk: [bulkOwner, bulkStage] };
