/**
 * The CRM's part of work at speed (issue 22): leads found by company, contact or e-mail, and the Home block
 * 'CRM follow-ups due' (my open leads whose next follow-up is today or past, Dubai time: the list's own
 * 'due first' rule) for the BD and MARKETING roles that work leads. The CRM has no per-record rule beyond its
 * page's roles (canSee 'crm'), so neither has search.
 */
import { daysBetween, dubaiDate } from '../../../../common/calendar.ts';
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { crmPagePath, LEAD_STAGE_LABELS, type LeadStage } from '../../../../common/contract/crm-paths.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { HomeBlockProvider, SearchProvider, SpeedContributions } from '../../lib/work-registry.ts';

/** The roles whose Home shows their follow-ups (the CRM's roles but ADMIN, who owns no leads of their own). */
const HOME_ROLES: readonly string[] = ['BD_MANAGER', 'MARKETING'];

export const leadSearch: SearchProvider = {
  kind: 'lead',
  label: 'Leads',
  order: 31,
  async search(db, caller, q, limit) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'crm')) return [];
    const rows = await db.query<{ id: number; company: string; contact_name: string; email: string; stage: LeadStage }>(
      `SELECT l.id, l.company, l.contact_name, l.email, l.stage FROM leads l
       WHERE lower(l.company) LIKE $1 ESCAPE '\\' OR lower(l.contact_name) LIKE $1 ESCAPE '\\' OR lower(l.email) LIKE $1 ESCAPE '\\'
       ORDER BY (l.stage IN ('won', 'lost')), lower(l.company), l.id LIMIT ${limit}`,
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
    if (!HOME_ROLES.includes(caller.role) || !isStaffRole(caller.role) || !canSee(caller.role, 'crm')) return null;
    const today = dubaiDate(now);
    const where = "WHERE l.owner_id = $1 AND l.stage NOT IN ('won', 'lost') AND l.next_follow_up <= $2::date";
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
      href: `${crmPagePath.list}?owner=${caller.id}`,
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

export const crmSpeed: SpeedContributions = { search: [leadSearch], home: [followUpsDue] };
