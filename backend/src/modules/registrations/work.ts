/**
 * What work at speed (search, Home, next unassigned, bulk actions) needs from registrations, so
 * those modules apply this area's rules instead of copying them: who sees which registration (the role's
 * onboarding pages, from the one queue table), where a registration opens, taking the oldest unassigned one
 * (FOR UPDATE SKIP LOCKED, so two people pressing at once get different ones) and one row of a bulk assign.
 */
import { canSee } from '../../../../common/access.ts';
import { ONBOARDING_PAGES, onboardingPageOf, type OnboardingPage, type QueuePosition } from '../../../../common/onboarding.ts';
import { isStaffRole, type Role } from '../../../../common/roles.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { findByIdempotencyKey, lockIdempotencyKey } from '../../lib/audit.ts';
import { HttpError, invalidInput } from '../../lib/http-error.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { contractBulk, type Caller, type HomeBlockProvider, type NextUnassignedProvider, type SearchProvider, type WorkContributions } from '../../lib/work-registry.ts';
import { dueDiligenceBulkActions, RegistrationQuery } from '../../../../common/contract/registrations.ts';
import { parseListFilter } from '../../lib/bulk-rows.ts';
import { dubaiInstant } from '../../../../common/dubai-time.ts';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { SearchHit } from '../../../../common/contract/work.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import type { Stage } from '../../../../common/stages.ts';
import type { ReviewState } from '../../../../common/onboarding.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { selectList } from '../../lib/table.ts';
import { addQueue, assigneeOf, exportRegistrations } from './list-store.ts';
import { assign } from './review-store.ts';
import { FOUND_REGISTRATION_FIELDS, registrationsTable, type RegistrationColumns } from './table.ts';
import { applyTransition, findRegistration, requireAction, type Actor } from './transition.ts';
import { callScheduleListPath, dueDiligenceDetailPath, onboardingListPath } from '../../../../common/links.ts';

/** The onboarding pages a role may open. */
export function visibleOnboardingPages(role: Role): OnboardingPage[] {
  return isStaffRole(role) ? ONBOARDING_PAGES.filter((page) => canSee(role, page)) : [];
}

/**
 * Adds who-sees-which-registration to a query over `registrations r`: an active registration is seen by the
 * roles of the page it waits on; one on no page (activated, withdrawn) by the Registration page's roles.
 * Answers false when the role sees none (the caller skips the query).
 */
export function addRegistrationVisibility(filter: SqlFilter, role: Role): boolean {
  const pages = visibleOnboardingPages(role);
  if (pages.length === 0) return false;
  const parts: string[] = [];
  for (const page of pages) {
    const queue = new SqlFilter();
    // Bind through the outer filter so placeholders number on: build the clause on a throw-away filter first.
    addQueue(queue, page);
    parts.push(rebind(filter, queue));
  }
  if (pages.includes('registrations')) parts.push("r.status <> 'active'");
  filter.addClause(`(${parts.map((part) => `(${part})`).join(' OR ')})`);
  return true;
}

/** Moves a sub-filter's clause and parameters into `filter`, renumbering its placeholders. */
function rebind(filter: SqlFilter, sub: SqlFilter): string {
  const clause = sub.where.replace(/^WHERE /, '');
  return clause.replace(/\$(\d+)/g, (_match, index: string) => filter.bind(sub.params[Number(index) - 1]));
}

/** Where a registration opens in the console for a role: its due-diligence page, else its page's list searched by name. */
export function registrationHref(row: QueuePosition & { user_id: number; legal_name: string }, role: Role): string {
  const page = onboardingPageOf(row) ?? 'registrations';
  if (page === 'due-diligence' && isStaffRole(role) && canSee(role, 'due-diligence')) return dueDiligenceDetailPath(row.user_id);
  return onboardingListPath(page, { search: row.legal_name.toLowerCase() });
}

/** Queues that have an assignee (the ones 'Next unassigned' serves). */
export const ASSIGNABLE_QUEUES = ['due-diligence'] as const satisfies readonly OnboardingPage[];

/**
 * Assigns the oldest unassigned registration waiting on Due Diligence to the actor, in one transaction:
 * SKIP LOCKED passes over a row another caller is taking at this moment, so each gets a different one.
 * Answers null when none is left.
 */
export async function takeNextUnassigned(db: Database, actor: Actor): Promise<{ user_id: number; legal_name: string } | null> {
  return db.transaction(async (tx) => {
    // A retried press (same Idempotency-Key) answers what the first one took instead of taking another.
    if (actor.idempotencyKey) {
      await lockIdempotencyKey(tx, actor.idempotencyKey);
      const [taken] = await tx.query<{ user_id: number; legal_name: string }>(
        `SELECT r.user_id, r.legal_name FROM audit_events e JOIN registrations r ON r.id = e.entity_id
         WHERE e.entity = 'registration' AND e.kind = 'assigned' AND e.actor_id = $1 AND e.idempotency_key = $2`,
        [actor.actorId, actor.idempotencyKey],
      );
      if (taken) return taken;
    }
    const [candidate] = await tx.query<{ user_id: number }>(
      `SELECT r.user_id FROM registrations r
       WHERE r.assignee_id IS NULL AND r.status = 'active' AND r.stage = 'documents_submitted' AND r.review_state IS NULL
       ORDER BY r.recieved_on NULLS LAST, r.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!candidate) return null;
    const row = await findRegistration(tx, candidate.user_id, true);
    requireAction('assign', row, actor.role);
    await applyTransition(tx, row, { action: 'assign', actor, event: 'assigned', data: { assignee: await personOf(tx, actor.actorId) }, changes: { assignee_id: actor.actorId } });
    return { user_id: row.user_id, legal_name: row.legal_name };
  });
}

async function personOf(tx: Queryable, id: number) {
  const [row] = await tx.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = $1', [id]);
  return row ?? null;
}

/** The registrations (keyed by the client's user id) a list's filter selects, in the list's order. */
export async function registrationsMatching(db: Queryable, filter: { queue: OnboardingPage; search?: string; assignee_id?: number | null }, limit: number): Promise<{ id: number; label: string }[]> {
  const found: { id: number; label: string }[] = [];
  for await (const batch of exportRegistrations(db, filter)) {
    for (const item of batch) {
      if (found.length >= limit) return found;
      found.push({ id: item.id, label: `${item.registration_id} ${item.legal_name}` });
    }
  }
  return found;
}

export type BulkRowResult = { outcome: 'done' | 'skipped' | 'failed'; reason: string | null };

/**
 * One row of a bulk assign: the registration's own assign action with its checks, its event and its
 * notifications. The per-row idempotency key makes a re-run (a job claimed again after a crash) replay the
 * row instead of acting twice.
 */
export async function bulkAssignOne(db: Database, userId: number, assigneeId: number | null, actor: Actor): Promise<BulkRowResult> {
  try {
    const row = await findRegistration(db, userId);
    if (actor.idempotencyKey && (await findByIdempotencyKey(db, 'registration', row.id, actor.idempotencyKey))) return { outcome: 'done', reason: null };
    if (row.assignee_id === assigneeId) return { outcome: 'skipped', reason: assigneeId === null ? 'Already unassigned.' : 'Already assigned to this person.' };
    await assign(db, userId, { assignee_id: assigneeId, version: row.version }, actor);
    return { outcome: 'done', reason: null };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return { outcome: error.statusCode === 409 ? 'skipped' : 'failed', reason: error.message };
    throw error;
  }
}

// ------------------------------------------------------------------------------- the registries' entries

type FoundRow = Pick<RegistrationColumns, (typeof FOUND_REGISTRATION_FIELDS)[number]>;
const ROW_COLUMNS = selectList(registrationsTable, 'r', FOUND_REGISTRATION_FIELDS);

/** Rows each match branch hands to the ranking: enough to rank well, few enough that a common word stays quick. */
const CANDIDATES = 50;

/**
 * Registrations by company name, registration id, trade licence number, TRN and the client's e-mail (each a
 * trigram-indexed LIKE, cut at CANDIDATES rows, the caller's visibility applied inside each branch), then,
 * only when those found fewer than `limit`, by a misspelt company name (word similarity). The candidates are
 * ranked: an exact registration id first, then by how alike the name is.
 */
export const registrationSearch: SearchProvider = {
  kind: 'registration',
  label: 'Registrations',
  order: 10,
  async search(db, caller, q, limit) {
    if (visibleOnboardingPages(caller.role).length === 0) return [];
    // Each query binds only what it uses (Postgres cannot type an unused parameter).
    const start = () => {
      const filter = new SqlFilter();
      addRegistrationVisibility(filter, caller.role);
      return { filter, visible: filter.where.replace(/^WHERE /, ''), text: filter.bind(q.toLowerCase()) };
    };
    const ranked = (found: string, text: string) =>
      `SELECT ${ROW_COLUMNS}
       FROM (${found}) found JOIN registrations r ON r.id = found.id
       ORDER BY (lower(r.registration_id) = ${text}) DESC, word_similarity(${text}, lower(r.legal_name)) DESC, r.id DESC LIMIT ${limit}`;
    const direct = start();
    const pattern = direct.filter.bind(containsPattern(q));
    const like = (expression: string) => `${expression} LIKE ${pattern} ESCAPE '\\'`;
    const visible = direct.visible;
    const rows = await db.query<FoundRow>(
      ranked(
        `(SELECT r.id FROM registrations r WHERE ${visible} AND (${like('lower(r.legal_name)')} OR ${like('lower(r.registration_id)')}) LIMIT ${CANDIDATES})
        UNION (SELECT r.id FROM company_profiles cp JOIN registrations r ON r.id = cp.registration_id
               WHERE ${visible} AND ${like("lower(cp.trade_licence_number || ' ' || coalesce(cp.trn, ''))")} LIMIT ${CANDIDATES})
        UNION (SELECT r.id FROM users u JOIN registrations r ON r.user_id = u.id
               WHERE ${visible} AND ${like("lower(u.email || ' ' || coalesce(u.display_name, ''))")} LIMIT ${CANDIDATES})`,
        direct.text,
      ),
      direct.filter.params,
    );
    if (rows.length < limit) {
      const typo = start();
      const seen = typo.filter.bind(rows.map((row) => row.id));
      const typos = await db.query<FoundRow>(
        ranked(`SELECT r.id FROM registrations r WHERE ${typo.visible} AND ${typo.text} <% lower(r.legal_name) AND r.id <> ALL(${seen}::integer[]) LIMIT ${CANDIDATES}`, typo.text),
        typo.filter.params,
      );
      rows.push(...typos.slice(0, limit - rows.length));
    }
    return rows.map((row): SearchHit => ({ kind: 'registration', id: row.user_id, title: row.legal_name, subtitle: `${row.registration_id} · ${row.status_label}`, href: registrationHref(row, caller.role) }));
  },
};

const itemOf = (row: FoundRow & { at: Date | null }, caller: Caller) => ({
  id: row.user_id,
  title: row.legal_name,
  subtitle: `${row.registration_id} · ${row.status_label}`,
  href: registrationHref(row, caller.role),
  at: row.at?.toISOString() ?? null,
  overdue: false,
});

/** Registrations assigned to the caller that still wait on Due Diligence (the oldest first). */
const assignedToMe: HomeBlockProvider = {
  key: 'registrations.assigned',
  order: 10,
  async build(db, caller) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'due-diligence')) return null;
    const where = `r.assignee_id = $1 AND r.status = 'active' AND r.stage = 'documents_submitted' AND r.review_state IS NULL`;
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM registrations r WHERE ${where}`, [caller.id]);
    const rows = await db.query<FoundRow & { at: Date | null }>(`SELECT ${ROW_COLUMNS}, r.recieved_on AS at FROM registrations r WHERE ${where} ORDER BY r.recieved_on NULLS LAST, r.id LIMIT ${WORK_ITEMS_PER_BLOCK}`, [caller.id]);
    return { title: 'Due diligence assigned to me', hint: 'waiting on your review', count, href: onboardingListPath('due-diligence', { assignee: 'mine' }), items: rows.map((row) => itemOf(row, caller)), next_queue: null };
  },
};

/** Due diligence nobody has taken yet, with 'Next unassigned'. */
const unassigned: HomeBlockProvider = {
  key: 'registrations.unassigned',
  order: 11,
  async build(db, caller) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'due-diligence')) return null;
    const where = `r.assignee_id IS NULL AND r.status = 'active' AND r.stage = 'documents_submitted' AND r.review_state IS NULL`;
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM registrations r WHERE ${where}`);
    // The oldest first: the ones 'Next unassigned' hands out next.
    const rows = await db.query<FoundRow & { at: Date | null }>(`SELECT ${ROW_COLUMNS}, r.recieved_on AS at FROM registrations r WHERE ${where} ORDER BY r.recieved_on NULLS LAST, r.id LIMIT ${WORK_ITEMS_PER_BLOCK}`);
    return { title: 'Unassigned due diligence', hint: 'nobody has taken these yet, oldest first', count, href: onboardingListPath('due-diligence', { assignee: 'none' }), items: rows.map((row) => itemOf(row, caller)), next_queue: 'due-diligence' };
  },
};

/** The calls the caller hosts today (Dubai time), in time order. */
const callsToday: HomeBlockProvider = {
  key: 'registrations.calls_today',
  order: 12,
  async build(db, caller, now) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'call-schedules')) return null;
    const today = dubaiDate(now);
    const from = dubaiInstant(today);
    const to = dubaiInstant(addDays(today, 1));
    const rows = await db.query<FoundRow & { at: Date | null }>(
      `SELECT ${ROW_COLUMNS}, m.starts_at AS at FROM registration_meetings m JOIN registrations r ON r.meeting_id = m.id
       WHERE m.host_id = $1 AND m.status = 'scheduled' AND m.starts_at >= $2 AND m.starts_at < $3 ORDER BY m.starts_at, r.id`,
      [caller.id, from, to],
    );
    return {
      title: 'My calls today',
      hint: 'onboarding calls you host today',
      count: rows.length,
      href: callScheduleListPath({ calls: 'mine', when: 'today' }),
      items: rows.slice(0, WORK_ITEMS_PER_BLOCK).map((row) => ({ ...itemOf(row, caller), href: onboardingListPath('call-schedules', { search: row.legal_name.toLowerCase() }) })),
      next_queue: null,
    };
  },
};

/** Per onboarding page the caller sees, how many registrations wait there (one grouped query). */
const queues: HomeBlockProvider = {
  key: 'registrations.queues',
  order: 13,
  async build(db, caller) {
    const pages = visibleOnboardingPages(caller.role);
    if (pages.length === 0) return null;
    const groups = await db.query<{ stage: Stage; review_state: ReviewState | null; count: number }>(
      `SELECT stage, review_state, count(*)::integer AS count FROM registrations WHERE status = 'active' GROUP BY stage, review_state`,
    );
    const counts = new Map<OnboardingPage, number>();
    for (const group of groups) {
      const page = onboardingPageOf({ stage: group.stage, status: 'active', review_state: group.review_state });
      if (page) counts.set(page, (counts.get(page) ?? 0) + group.count);
    }
    const items = pages.map((page, index) => ({ id: index + 1, title: PAGE_TITLES[page], subtitle: `${counts.get(page) ?? 0} waiting`, href: onboardingListPath(page), at: null, overdue: false }));
    const total = pages.reduce((sum, page) => sum + (counts.get(page) ?? 0), 0);
    return { title: 'Onboarding queues', hint: 'registrations waiting on your pages', count: total, href: onboardingListPath(pages[0]!), items, next_queue: null };
  },
};

const PAGE_TITLES: Record<OnboardingPage, string> = {
  registrations: 'Registration',
  'call-schedules': 'Call Schedule',
  'due-diligence': 'Due Diligence',
  'pending-payments': 'Plan Approval',
  'pending-activation': 'Activation',
};

const nextDueDiligence: NextUnassignedProvider = {
  queue: 'due-diligence',
  page: 'due-diligence',
  async take(db, caller) {
    const taken = await takeNextUnassigned(db, { actorId: caller.id, role: caller.role, idempotencyKey: caller.idempotencyKey });
    return taken && { id: taken.user_id, title: taken.legal_name, href: dueDiligenceDetailPath(taken.user_id) };
  },
};

/** Assign (or unassign, assignee_id null) every registration the Due Diligence list's filter selects. */
const bulkAssign = contractBulk(dueDiligenceBulkActions.assign, {
  page: 'due-diligence',
  async checkParams(db, { assignee_id: assignee }) {
    if (assignee === null) return;
    const [candidate] = await db.query<{ role: Role; active: boolean }>('SELECT role, active FROM users WHERE id = $1', [assignee]);
    if (!candidate || !candidate.active || !isStaffRole(candidate.role) || !canSee(candidate.role, 'due-diligence')) {
      throw invalidInput('params.assignee_id', 'must be an active staff member who may see Due Diligence');
    }
  },
  select: (db, caller, filter, limit) => {
    // The list's own filter as the page sends it: its search and its assignee ('all N matching' is what the list shows).
    const { search, assignee } = parseListFilter<RegistrationQuery>(RegistrationQuery, filter);
    return registrationsMatching(db, { queue: 'due-diligence', ...(search ? { search } : {}), ...assigneeOf(assignee, caller.id) }, limit);
  },
  labels: (db, _caller, ids) =>
    db.query<{ id: number; label: string }>(
      `SELECT r.user_id AS id, r.registration_id || ' ' || r.legal_name AS label FROM registrations r
       WHERE r.user_id = ANY($1::integer[]) AND r.status = 'active' AND r.stage = 'documents_submitted' AND r.review_state IS NULL ORDER BY r.recieved_on NULLS LAST, r.id`,
      [ids],
    ),
  apply: (db, caller, id, { assignee_id: assignee }) => bulkAssignOne(db, id, assignee, { actorId: caller.id, role: caller.role, idempotencyKey: caller.idempotencyKey }),
});

export const registrationsWork: WorkContributions = {
  search: [registrationSearch],
  home: [assignedToMe, unassigned, callsToday, queues],
  next: [nextDueDiligence],
  bulk: [bulkAssign],
};
