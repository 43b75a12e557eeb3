/**
 * The clients area's part of work at speed: its search provider (legal name, typo-tolerant; trade
 * licence number; TRN; e-mail) and its Home blocks (my clients' deadlines this week, licences expiring within
 * 30 days), both under the area's visibility rule (access.ts), so a bookkeeper never finds another's client.
 */
import { addDays, daysBetween, dubaiDate, monthLabel } from '../../../../common/calendar.ts';
import { BOOKKEEPER_MINE } from '../../../../common/contract/clients-paths.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { canSee, may } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { Caller, HomeBlockProvider, SearchProvider, WorkContributions } from '../../lib/work-registry.ts';
import { addClientVisibility } from './access.ts';
import { clientsBulk } from './bulk.ts';
import { addWaitingForMyReview } from './report-store.ts';
import type { ReportColumns } from './report-table.ts';
import { clientListPath, clientPath, clientReportPath } from '../../../../common/links.ts';

/** The clients list's search expression on alias c (the trigram index of migration 30 is on exactly this). */
const SEARCH_EXPRESSION = "lower(c.legal_name || ' ' || c.trade_licence_number || ' ' || coalesce(c.trn, ''))";

const seesClients = (caller: Caller) => isStaffRole(caller.role) && canSee(caller.role, 'clients');

/** Rows each match branch hands to the ranking: enough to rank well, few enough that a common word stays quick. */
const CANDIDATES = 50;

/**
 * Clients by name, trade licence number, TRN (one trigram index) and e-mail, cut at CANDIDATES rows under the
 * visibility rule, then, only when those found fewer than `limit`, by a misspelt name (word similarity).
 * An exact TRN or licence number ranks first, then how alike the name is.
 */
export const clientSearch: SearchProvider = {
  kind: 'client',
  label: 'Clients',
  order: 20,
  async search(db, caller, q, limit) {
    if (!seesClients(caller)) return [];
    // Each query binds only what it uses (Postgres cannot type an unused parameter).
    const start = () => {
      const filter = new SqlFilter();
      addClientVisibility(filter, caller);
      return { filter, visible: filter.where.replace(/^WHERE /, '') || 'true', text: filter.bind(q.toLowerCase()) };
    };
    const ranked = (found: string, text: string) =>
      `SELECT c.id, c.legal_name, c.trade_licence_number, c.trn FROM (${found}) found JOIN clients c ON c.id = found.id
       ORDER BY (c.trn = ${text} OR lower(c.trade_licence_number) = ${text}) DESC, word_similarity(${text}, lower(c.legal_name)) DESC, c.id LIMIT ${limit}`;
    type Row = { id: number; legal_name: string; trade_licence_number: string; trn: string | null };
    const direct = start();
    const pattern = direct.filter.bind(containsPattern(q));
    const rows = await db.query<Row>(
      ranked(
        `SELECT c.id FROM clients c WHERE ${direct.visible} AND (${SEARCH_EXPRESSION} LIKE ${pattern} ESCAPE '\\' OR lower(c.email) LIKE ${pattern} ESCAPE '\\') LIMIT ${CANDIDATES}`,
        direct.text,
      ),
      direct.filter.params,
    );
    if (rows.length < limit) {
      const typo = start();
      const seen = typo.filter.bind(rows.map((row) => row.id));
      const typos = await db.query<Row>(
        // The most alike first (<<-> is 1 - word similarity): an unordered 'first 50' let the planner stop a
        // row-by-row read early, and reading 6,000 names to find 50 took 50-90 ms; ordered, it must rank every
        // match, which the trigram index gives in a few ms (a misspelt name matches a few dozen clients).
        ranked(
          `SELECT c.id FROM clients c WHERE ${typo.visible} AND ${typo.text} <% lower(c.legal_name) AND c.id <> ALL(${seen}::integer[])
           ORDER BY ${typo.text} <<-> lower(c.legal_name), c.id LIMIT ${CANDIDATES}`,
          typo.text,
        ),
        typo.filter.params,
      );
      rows.push(...typos.slice(0, limit - rows.length));
    }
    return rows.map((row) => ({
      kind: 'client',
      id: row.id,
      title: row.legal_name,
      subtitle: `Licence ${row.trade_licence_number}${row.trn ? ` · TRN ${row.trn}` : ''}`,
      href: clientPath(row.id),
    }));
  },
};

/** 'My clients': a bookkeeper's own, a reviewer's (as reviewer), an administrator's every client. */
function addMine(filter: SqlFilter, caller: Caller): void {
  addClientVisibility(filter, caller);
  if (may(caller.role, 'review-client-books')) filter.add((p) => `c.reviewer_id = ${p}`, caller.id);
}

/**
 * The caller's clients (not cancelled) whose `column` date is on or before `until`: how many, and the first
 * few by that date, with the date as YYYY-MM-DD (`due_day`) and `extra` columns.
 */
async function dueClients<Extra extends object>(db: Queryable, caller: Caller, column: string, until: string, extra = ''): Promise<{ count: number; rows: ({ id: number; legal_name: string; due_day: string } & Extra)[] }> {
  const filter = new SqlFilter();
  addMine(filter, caller);
  filter.addClause("c.status <> 'cancelled'");
  filter.add((p) => `c.${column} <= ${p}::date`, until);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM clients c ${filter.where}`, filter.params);
  const rows = await db.query<{ id: number; legal_name: string; due_day: string } & Extra>(
    `SELECT c.id, c.legal_name, to_char(c.${column}, 'YYYY-MM-DD') AS due_day${extra} FROM clients c ${filter.where} ORDER BY c.${column}, c.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
    filter.params,
  );
  return { count, rows };
}

/** The list's bookkeeper filter as the blocks count: ADMIN's blocks count every client, a bookkeeper's only theirs. */
const mineUnlessAdmin = (caller: { role: string }): { bookkeeper?: typeof BOOKKEEPER_MINE } => (may(caller.role, 'oversee-every-client') ? {} : { bookkeeper: BOOKKEEPER_MINE });

const deadlinesThisWeek: HomeBlockProvider = {
  key: 'clients.deadlines',
  order: 30,
  async build(db, caller, now) {
    if (!seesClients(caller)) return null;
    const today = dubaiDate(now);
    const { count, rows } = await dueClients<{ title: string }>(db, caller, 'next_deadline_on', addDays(today, 7), ', c.next_deadline_title AS title');
    return {
      title: "My clients' deadlines this week",
      hint: 'due within 7 days or missed',
      count,
      href: clientListPath({ ...mineUnlessAdmin(caller), sort: 'next_deadline' }),
      items: rows.map((row) => ({ id: row.id, title: row.legal_name, subtitle: row.title, href: clientPath(row.id), at: row.due_day, overdue: daysBetween(today, row.due_day) < 0 })),
      next_queue: null,
    };
  },
};

const licencesExpiring: HomeBlockProvider = {
  key: 'clients.licences',
  order: 31,
  async build(db, caller, now) {
    if (!seesClients(caller)) return null;
    const today = dubaiDate(now);
    const { count, rows } = await dueClients(db, caller, 'licence_expires_on', addDays(today, 30));
    return {
      title: 'Trade licences expiring',
      hint: 'within 30 days or expired',
      count,
      href: clientListPath({ ...mineUnlessAdmin(caller), licence: 30, sort: 'licence_expires_on' }),
      items: rows.map((row) => ({
        id: row.id,
        title: row.legal_name,
        subtitle: daysBetween(today, row.due_day) < 0 ? 'Licence expired' : `Licence expires in ${daysBetween(today, row.due_day)} days`,
        href: clientPath(row.id),
        at: row.due_day,
        overdue: daysBetween(today, row.due_day) < 0,
      })),
      next_queue: null,
    };
  },
};

/** Monthly reports submitted for my decision (REVIEWER, ADMIN), oldest submission first: the reports list's review=mine. */
const reportsToReview: HomeBlockProvider = {
  key: 'clients.reviews',
  order: 19,
  async build(db, caller) {
    if (!seesClients(caller) || !may(caller.role, 'decide-reports')) return null;
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    addWaitingForMyReview(filter, caller);
    const from = 'FROM monthly_reports r JOIN clients c ON c.id = r.client_id';
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from} ${filter.where}`, filter.params);
    const rows = await db.query<Pick<ReportColumns, 'id' | 'client_id' | 'submitted_at'> & { legal_name: string; month: string }>(
      `SELECT r.id, r.client_id, c.legal_name, to_char(r.month, 'YYYY-MM') AS month, r.submitted_at ${from} ${filter.where} ORDER BY r.submitted_at NULLS LAST, r.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      filter.params,
    );
    return {
      title: 'Reports waiting for my review',
      hint: 'monthly reports submitted for your decision',
      count,
      href: clientListPath({ review: 'mine' }),
      items: rows.map((row) => ({
        id: row.id,
        title: row.legal_name,
        subtitle: `Monthly report, ${monthLabel(row.month)}`,
        href: clientReportPath(row.client_id, row.month),
        at: row.submitted_at?.toISOString() ?? null,
        overdue: false,
      })),
      next_queue: null,
    };
  },
};

export const clientsWork: WorkContributions = { search: [clientSearch], home: [reportsToReview, deadlinesThisWeek, licencesExpiring], bulk: clientsBulk };
