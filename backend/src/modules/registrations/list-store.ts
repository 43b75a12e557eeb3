/**
 * The registration lists' SQL and rules: the filters (stage, status, the onboarding queue from
 * common/onboarding.ts, the company search), the date sorts, the per-page counts and the CSV export rows.
 * Routes stay thin: they validate, authorise and call these.
 */
import { routeByKey } from '../../../../common/access.ts';
import { ONBOARDING_PAGES, onboardingPageOf, queueRules, type ListScope, type OnboardingPage, type ReviewState } from '../../../../common/onboarding.ts';
import { DEFAULT_REGISTRATION_SORT, type RegistrationListItem, type RegistrationSort } from '../../../../common/contract/registrations.ts';
import type { RegistrationAssigneeFilter } from '../../../../common/contract/registrations-paths.ts';
import { MEETING_MODE_LABELS, MEETING_OUTCOME_LABELS, PAYMENT_METHOD_LABELS, phaseOf } from '../../../../common/pipeline.ts';
import { CYCLE_TERMS } from '../../../../common/pricing.ts';
import { STAGE_TITLES, type Stage } from '../../../../common/stages.ts';
import { addDays } from '../../../../common/calendar.ts';
import { dubaiInstant } from '../../../../common/dubai-time.ts';
import type { Queryable } from '../../db/database.ts';
import { csvAed, csvDate, csvInstant, type CsvColumn } from '../../lib/csv.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { selectList } from '../../lib/table.ts';
import { LIST_ROW_FIELDS, registrationsTable, type RegistrationColumns } from './table.ts';
import type { MeetingColumns } from './meeting-table.ts';
import type { RegistrationPaymentColumns, RegistrationPlanColumns } from './step-table.ts';

export interface ListFilters extends ListScope {
  search?: string;
  /** Only the registrations whose current call this user hosts. */
  host_id?: number;
  /** Only those assigned to this user, or (null) to nobody. */
  assignee_id?: number | null;
  /** Only those whose current call is on this Dubai day. */
  call_on?: string;
}

/** A list's assignee filter as the caller means it: 'mine' is their own id. */
export function assigneeOf(filter: RegistrationAssigneeFilter | undefined, callerId: number): Pick<ListFilters, 'assignee_id'> {
  if (filter === undefined) return {};
  return { assignee_id: filter === 'mine' ? callerId : null };
}

/** A list row: the registration's stored columns, and what the joins and flags add. */
type Row = Pick<RegistrationColumns, (typeof LIST_ROW_FIELDS)[number] | 'plan_amount_aed'> & {
  /** The client's user id (the registration's key in the console). */
  id: number;
  date_joined: Date;
  meeting_booked_by: string | null;
  active: boolean;
  plan_approved: boolean;
  meeting_ends_at: MeetingColumns['ends_at'] | null;
  meeting_host_id: MeetingColumns['host_id'] | null;
  meeting_host: string | null;
  meeting_mode: MeetingColumns['mode'] | null;
  plan_cycle: RegistrationPlanColumns['cycle'] | null;
  plan_total_fils: RegistrationPlanColumns['total_fils'] | null;
  plan_net_fils: RegistrationPlanColumns['net_fils'] | null;
  plan_vat_fils: RegistrationPlanColumns['vat_fils'] | null;
  payment_method: RegistrationPaymentColumns['method'] | null;
  payment_reference: RegistrationPaymentColumns['reference'] | null;
};

const SORT_COLUMNS: Record<string, string> = {
  date_joined: 'u.date_joined',
  requested_on: 'r.requested_on',
  recieved_on: 'r.recieved_on',
  meeting_at: 'r.meeting_at',
  payment_date: 'r.payment_date',
};

// Each step's record is at most one row per registration (the current call by its id, the plan and the
// payment by the registration's key), so the joins never multiply rows.
const FROM = `FROM registrations r JOIN users u ON u.id = r.user_id LEFT JOIN users b ON b.id = r.meeting_booked_by
  LEFT JOIN registration_meetings m ON m.id = r.meeting_id LEFT JOIN users h ON h.id = m.host_id
  LEFT JOIN registration_plans p ON p.registration_id = r.id LEFT JOIN registration_payments pay ON pay.registration_id = r.id`;

const COLUMNS = `u.id, u.date_joined, ${selectList(registrationsTable, 'r', LIST_ROW_FIELDS)}, coalesce(b.display_name, b.email) AS meeting_booked_by,
  r.plan_amount_aed::text AS plan_amount_aed, r.status = 'active' AS active,
  p.approved_at IS NOT NULL AS plan_approved, m.ends_at AS meeting_ends_at, m.host_id AS meeting_host_id,
  coalesce(h.display_name, h.email) AS meeting_host, m.mode AS meeting_mode, p.cycle AS plan_cycle, p.total_fils AS plan_total_fils,
  p.net_fils AS plan_net_fils, p.vat_fils AS plan_vat_fils, pay.method AS payment_method, pay.reference AS payment_reference`;

/** The queue of an onboarding page as SQL, from the one table: active, and any of the page's rules. */
export function addQueue(filter: SqlFilter, page: OnboardingPage): void {
  const rules = queueRules(page).map((rule) => {
    // A single stage as plain equality lets the planner walk the (stage, status, date) index in order.
    const [only] = rule.stages;
    const parts = [rule.stages.length === 1 ? `r.stage = ${filter.bind(only)}` : `r.stage = ANY(${filter.bind(rule.stages)}::text[])`];
    if (rule.review) {
      const states = rule.review.filter((state) => state !== 'none');
      const matches = [...(rule.review.includes('none') ? ['r.review_state IS NULL'] : []), ...(states.length > 0 ? [`r.review_state = ANY(${filter.bind(states)}::text[])`] : [])];
      parts.push(`(${matches.join(' OR ')})`);
    }
    return `(${parts.join(' AND ')})`;
  });
  filter.addClause(`r.status = 'active' AND (${rules.join(' OR ')})`);
}

function filterOf(filters: ListFilters): SqlFilter {
  const filter = new SqlFilter();
  if (filters.stage) filter.add((p) => `r.stage = ${p}`, filters.stage);
  if (filters.status) filter.add((p) => `r.status = ${p}`, filters.status);
  if (filters.queue) addQueue(filter, filters.queue);
  const search = filters.search?.trim() ?? '';
  // What the rows show and staff type: the company, the registration id, the client's name or e-mail. Each
  // side reads a trigram index (registrations' legal name and id, users' e-mail-and-name); the client's side is
  // a subquery, so the count (which reads registrations alone) filters the same rows.
  if (search) {
    filter.add(
      (p) =>
        `(lower(r.legal_name) LIKE ${p} ESCAPE '\\' OR lower(r.registration_id) LIKE ${p} ESCAPE '\\'
          OR r.user_id IN (SELECT su.id FROM users su WHERE lower(su.email || ' ' || coalesce(su.display_name, '')) LIKE ${p} ESCAPE '\\'))`,
      containsPattern(search),
    );
  }
  // A subquery, so the count (which reads registrations alone) filters the same rows.
  if (filters.host_id !== undefined) filter.add((p) => `EXISTS (SELECT 1 FROM registration_meetings hm WHERE hm.id = r.meeting_id AND hm.host_id = ${p})`, filters.host_id);
  if (filters.assignee_id === null) filter.addClause('r.assignee_id IS NULL');
  else if (filters.assignee_id !== undefined) filter.add((p) => `r.assignee_id = ${p}`, filters.assignee_id);
  if (filters.call_on !== undefined) {
    const from = filter.bind(dubaiInstant(filters.call_on));
    const to = filter.bind(dubaiInstant(addDays(filters.call_on, 1)));
    filter.addClause(`EXISTS (SELECT 1 FROM registration_meetings cm WHERE cm.id = r.meeting_id AND cm.starts_at >= ${from} AND cm.starts_at < ${to})`);
  }
  return filter;
}

/**
 * Missing dates go last either way; the registration id breaks ties so pages never overlap, and matches
 * the (stage, status, requested_on, id) index so a queue's page is read in index order.
 */
function orderBy(sort: RegistrationSort): string {
  if (sort === 'call_schedule') {
    // common/pipeline.ts's CALL_GROUPS order: past calls without an outcome (the work to do), then calls not
    // over yet (soonest first), missed ones and held ones (latest first).
    const group = `CASE WHEN r.meeting_outcome IS NULL AND m.ends_at <= CURRENT_TIMESTAMP THEN 0 WHEN r.meeting_outcome IS NULL THEN 1
      WHEN r.meeting_outcome = 'no_show' THEN 2 ELSE 3 END`;
    return `ORDER BY ${group}, CASE WHEN r.meeting_outcome IS NULL AND m.ends_at > CURRENT_TIMESTAMP THEN r.meeting_at END ASC, r.meeting_at DESC NULLS LAST, r.id`;
  }
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[descending ? sort.slice(1) : sort] ?? 'u.date_joined';
  const direction = descending ? 'DESC' : 'ASC';
  return `ORDER BY ${column} ${direction} NULLS LAST, r.id ${direction}`;
}

function toItem(row: Row): RegistrationListItem {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: row.id,
    legal_name: row.legal_name,
    date_joined: row.date_joined.toISOString(),
    registration_id: row.registration_id,
    requested_on: iso(row.requested_on),
    recieved_on: iso(row.recieved_on),
    status: row.status_label,
    stage: row.stage,
    review_state: row.review_state,
    meeting_at: iso(row.meeting_at),
    meeting_booked_by: row.meeting_booked_by,
    plan_name: row.plan_name,
    plan_amount_aed: row.plan_amount_aed,
    payment_date: iso(row.payment_date),
    phase: phaseOf({ ...row, status: row.active ? 'active' : 'inactive' }),
    version: row.version,
    meeting_ends_at: iso(row.meeting_ends_at),
    meeting_host_id: row.meeting_host_id,
    meeting_host: row.meeting_host,
    meeting_mode: row.meeting_mode,
    meeting_outcome: row.meeting_outcome,
    plan_cycle: row.plan_cycle,
    plan_total_fils: row.plan_total_fils,
    payment_method: row.payment_method,
    payment_reference: row.payment_reference,
    last_reminded_at: iso(row.last_reminded_at),
  };
}

export async function listRegistrations(
  db: Queryable,
  filters: ListFilters,
  sort: RegistrationSort = DEFAULT_REGISTRATION_SORT,
  window: PageWindow,
): Promise<{ count: number; results: RegistrationListItem[] }> {
  const filter = filterOf(filters);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM registrations r ${filter.where}`,
    filter.params,
  );
  const rows = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ${orderBy(sort)} LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map(toItem) };
}

export const EXPORT_BATCH = 2_000;

/** Every matching row, in batches, so the export streams instead of holding the whole result. */
export async function* exportRegistrations(
  db: Queryable,
  filters: ListFilters,
  sort: RegistrationSort = DEFAULT_REGISTRATION_SORT,
): AsyncGenerator<ExportRow[]> {
  const filter = filterOf(filters);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ${orderBy(sort)} LIMIT ${EXPORT_BATCH} OFFSET ${offset}`, filter.params);
    if (rows.length > 0) yield rows.map((row) => ({ ...toItem(row), active: row.active, plan_net_fils: row.plan_net_fils, plan_vat_fils: row.plan_vat_fils }));
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** How many active registrations wait on each onboarding page: one grouped query, placed by the table. */
export async function queueCounts(db: Queryable): Promise<Record<OnboardingPage, number>> {
  const groups = await db.query<{ stage: Stage; review_state: ReviewState | null; count: number }>(
    `SELECT stage, review_state, count(*)::integer AS count FROM registrations WHERE status = 'active' GROUP BY stage, review_state`,
  );
  const counts = Object.fromEntries(ONBOARDING_PAGES.map((page) => [page, 0])) as Record<OnboardingPage, number>;
  for (const group of groups) {
    const page = onboardingPageOf({ stage: group.stage, status: 'active', review_state: group.review_state });
    if (page) counts[page] += group.count;
  }
  return counts;
}

/** The onboarding page a row waits on, by its name in the navigation, or how it left the pipeline. */
function waitingOn(item: ExportRow): string {
  const page = onboardingPageOf({ stage: item.stage, status: item.active ? 'active' : 'inactive', review_state: item.review_state });
  if (page) return routeByKey(page).name;
  return item.active ? 'Active client' : 'Withdrawn';
}

/** An exported registration: the list's item, whether it is active, and the plan's net and VAT per cycle. */
export type ExportRow = RegistrationListItem & { active: boolean; plan_net_fils: number | null; plan_vat_fils: number | null };

/**
 * The export's columns (in the convention every CSV shares, lib/csv.ts): everything the five pages show, in the words the pages use (the stage's title, the
 * page it waits on), plus the stage key for spreadsheets that filter on it.
 */
export const EXPORT_COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Reg ID', value: (item) => item.registration_id },
  { header: 'Company', value: (item) => item.legal_name },
  { header: 'Stage', value: (item) => STAGE_TITLES[item.stage] },
  { header: 'Waiting On', value: waitingOn },
  { header: 'Status', value: (item) => item.status },
  { header: 'Joined', value: (item) => csvInstant(item.date_joined) },
  { header: 'Requested On', value: (item) => csvInstant(item.requested_on) },
  { header: 'Recieved On', value: (item) => csvInstant(item.recieved_on) },
  { header: 'Meeting', value: (item) => csvInstant(item.meeting_at) },
  { header: 'Booked By', value: (item) => item.meeting_booked_by },
  { header: 'Host', value: (item) => item.meeting_host },
  { header: 'Mode', value: (item) => (item.meeting_mode ? MEETING_MODE_LABELS[item.meeting_mode] : null) },
  { header: 'Call Outcome', value: (item) => (item.meeting_outcome ? MEETING_OUTCOME_LABELS[item.meeting_outcome] : null) },
  { header: 'Plan', value: (item) => item.plan_name },
  { header: 'Cycle', value: (item) => (item.plan_cycle ? CYCLE_TERMS[item.plan_cycle].label : null) },
  { header: 'Net (AED)', value: (item) => csvAed(item.plan_net_fils) },
  { header: 'VAT (AED)', value: (item) => csvAed(item.plan_vat_fils) },
  { header: 'Total incl. VAT (AED)', value: (item) => csvAed(item.plan_total_fils) },
  // The day the client paid (stored as its Dubai midnight): a date, not a made-up time.
  { header: 'Payment Date', value: (item) => csvDate(item.payment_date) },
  { header: 'Payment Method', value: (item) => (item.payment_method ? PAYMENT_METHOD_LABELS[item.payment_method] : null) },
  { header: 'Stage Key', value: (item) => item.stage },
];
