/**
 * Profitability over a range of months, per client, plan or staff member: revenue (tax invoices issued less
 * credit notes issued, net of VAT, by the month of issue), time (the monthly totals migration 0116 keeps),
 * cost (minutes x the person's hourly rate / 60: the exact sum in fils-minutes, rounded half up once per row),
 * margin and margin % in basis points, and for staff their capacity and utilisation. No HTTP here.
 *
 * - A plan's row is its clients' (the plan of each client's current subscription, else its latest).
 * - A staff member's revenue is their share of each client's month by minutes worked on it, rounded toward zero;
 *   revenue of a client month nobody logged time on belongs to no one.
 * - Time of a person without a rate costs nothing (the rates screen shows who has none).
 */
import { STAFF_ROLES } from '../../../../common/roles.ts';
import { capacityMinutes, costFils, marginBp, monthRangeDays, monthsBetween, utilisationBp, workingDaysBetween } from '../../../../common/practice.ts';
import { DEFAULT_PROFITABILITY_SORT, MAX_REPORT_MONTHS, type Profitability, type ProfitabilityGroup, type ProfitabilityMonth, type ProfitabilityQuery, type ProfitabilityRow, type ProfitabilitySortField } from '../../../../common/contract/practice.ts';
import type { Queryable } from '../../db/database.ts';
import { invalidInput } from '../../lib/http-error.ts';

interface Range {
  from: string;
  to: string;
  first: string;
  after: string;
  last: string;
}

/** The range asked for, refused when it runs backwards or is longer than the report covers. */
export function reportRange(from: string, to: string): Range {
  if (to < from) throw invalidInput('to', 'must not be before From');
  if (monthsBetween(from, to).length > MAX_REPORT_MONTHS) throw invalidInput('to', `must be at most ${MAX_REPORT_MONTHS} months after From`);
  return { from, to, ...monthRangeDays(from, to) };
}

interface Sums {
  key: number | null;
  revenue: number;
  minutes: number;
  billable: number;
  /** Minutes x hourly fils, summed exactly: the cost before its one rounding. */
  minute_fils: number;
}

// Revenue per client and month: a credit note counts against the month it was issued in.
const REVENUE = `SELECT client_id, date_trunc('month', issued_on)::date AS month,
    sum(CASE WHEN kind = 'credit_note' THEN -net_fils ELSE net_fils END)::bigint AS revenue
  FROM invoices WHERE issued_on >= $1::date AND issued_on < $2::date GROUP BY 1, 2`;
// The plan of each client: its current subscription's, else its latest one's.
const CLIENT_PLAN = `SELECT DISTINCT ON (client_id) client_id, plan_id FROM subscriptions ORDER BY client_id, (status = 'cancelled'), id DESC`;

/**
 * Revenue and time side by side (one pass over each, no join between them), summed by client or by month;
 * a plan's sums are its clients'.
 */
async function clientSums(db: Queryable, range: Range, group: 'client' | 'plan' | 'month'): Promise<Sums[]> {
  const key = group === 'month' ? "to_char(month, 'YYYYMM')::integer" : 'client_id';
  const both = `SELECT ${key} AS key, sum(revenue)::bigint AS revenue, sum(minutes)::bigint AS minutes, sum(billable)::bigint AS billable, sum(minute_fils)::bigint AS minute_fils
     FROM (
       SELECT client_id, date_trunc('month', issued_on)::date AS month, CASE WHEN kind = 'credit_note' THEN -net_fils ELSE net_fils END AS revenue,
         0 AS minutes, 0 AS billable, 0 AS minute_fils
       FROM invoices WHERE issued_on >= $1::date AND issued_on < $2::date
       UNION ALL
       SELECT t.client_id, t.month, 0, t.minutes, t.billable_minutes, t.minutes * coalesce(r.hourly_fils, 0)
       FROM time_month_totals t LEFT JOIN staff_cost_rates r ON r.user_id = t.user_id
       WHERE t.month >= $1::date AND t.month < $2::date
     ) AS figures GROUP BY 1`;
  if (group !== 'plan') return db.query<Sums>(both, [range.first, range.after]);
  return db.query<Sums>(
    `SELECT cp.plan_id AS key, sum(s.revenue)::bigint AS revenue, sum(s.minutes)::bigint AS minutes, sum(s.billable)::bigint AS billable, sum(s.minute_fils)::bigint AS minute_fils
     FROM (${both}) AS s LEFT JOIN (${CLIENT_PLAN}) AS cp ON cp.client_id = s.key GROUP BY 1`,
    [range.first, range.after],
  );
}

async function staffSums(db: Queryable, range: Range): Promise<Sums[]> {
  return db.query<Sums>(
    `WITH rv AS (${REVENUE}),
       ct AS (SELECT client_id, month, sum(minutes)::bigint AS total FROM time_month_totals WHERE month >= $1::date AND month < $2::date GROUP BY 1, 2)
     SELECT t.user_id AS key, coalesce(sum(rv.revenue * t.minutes / ct.total), 0)::bigint AS revenue, sum(t.minutes)::bigint AS minutes,
       sum(t.billable_minutes)::bigint AS billable, sum(t.minutes * coalesce(r.hourly_fils, 0))::bigint AS minute_fils
     FROM time_month_totals t JOIN ct ON ct.client_id = t.client_id AND ct.month = t.month
       LEFT JOIN rv ON rv.client_id = t.client_id AND rv.month = t.month
       LEFT JOIN staff_cost_rates r ON r.user_id = t.user_id
     WHERE t.month >= $1::date AND t.month < $2::date AND ct.total > 0
     GROUP BY t.user_id`,
    [range.first, range.after],
  );
}

/** Each person's capacity over the range: weekly minutes over the working days, less their leave days. */
export async function staffCapacity(db: Queryable, first: string, last: string, userIds?: readonly number[]): Promise<Map<number, number>> {
  const workingDays = workingDaysBetween(first, last);
  const users = await db.query<{ id: number; weekly_capacity_minutes: number }>(
    `SELECT id, weekly_capacity_minutes FROM users WHERE role = ANY($1) ${userIds ? 'AND id = ANY($2)' : ''}`,
    userIds ? [[...STAFF_ROLES], [...userIds]] : [[...STAFF_ROLES]],
  );
  const leave = await db.query<{ user_id: number; day: string }>(
    "SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day FROM staff_leave_days WHERE day >= $1::date AND day <= $2::date",
    [first, last],
  );
  const leaveOf = new Map<number, Set<string>>();
  for (const row of leave) leaveOf.set(row.user_id, (leaveOf.get(row.user_id) ?? new Set()).add(row.day));
  return new Map(users.map((user) => [user.id, capacityMinutes(user.weekly_capacity_minutes, workingDays, leaveOf.get(user.id) ?? new Set())]));
}

async function namesOf(db: Queryable, group: ProfitabilityGroup, ids: number[]): Promise<Map<number, string>> {
  const sql =
    group === 'client'
      ? 'SELECT id, legal_name AS name FROM clients WHERE id = ANY($1)'
      : group === 'plan'
        ? 'SELECT id, name FROM plans WHERE id = ANY($1)'
        : 'SELECT id, coalesce(display_name, email) AS name FROM users WHERE id = ANY($1)';
  return new Map((await db.query<{ id: number; name: string }>(sql, [ids])).map((row) => [row.id, row.name]));
}

function figures(sums: Pick<Sums, 'revenue' | 'minutes' | 'billable' | 'minute_fils'>) {
  const cost = costFils(sums.minute_fils);
  const margin = sums.revenue - cost;
  return { revenue_fils: sums.revenue, minutes: sums.minutes, billable_minutes: sums.billable, cost_fils: cost, margin_fils: margin, margin_bp: marginBp(sums.revenue, margin) };
}

const SORT_VALUE: Record<ProfitabilitySortField, (row: ProfitabilityRow) => number | string | null> = {
  name: (row) => row.name.toLowerCase(),
  revenue: (row) => row.revenue_fils,
  minutes: (row) => row.minutes,
  cost: (row) => row.cost_fils,
  margin: (row) => row.margin_fils,
  margin_percent: (row) => row.margin_bp,
  utilisation: (row) => row.utilisation_bp,
};

/** Rows in the order asked for; rows without the value (no revenue for a margin %) last either way, then by name. */
export function sortRows(rows: ProfitabilityRow[], sort: string): ProfitabilityRow[] {
  const descending = sort.startsWith('-');
  const value = SORT_VALUE[(descending ? sort.slice(1) : sort) as ProfitabilitySortField];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return a.name.localeCompare(b.name) || (a.id ?? 0) - (b.id ?? 0);
  });
}

export async function profitability(db: Queryable, query: ProfitabilityQuery): Promise<Profitability> {
  const range = reportRange(query.from, query.to);
  const [sums, monthly] = await Promise.all([query.group === 'staff' ? staffSums(db, range) : clientSums(db, range, query.group), clientSums(db, range, 'month')]);

  let rows: ProfitabilityRow[];
  if (query.group === 'staff') {
    const capacity = await staffCapacity(db, range.first, range.last);
    const byUser = new Map(sums.map((row) => [row.key!, row]));
    // Every member of staff with capacity or time, so an idle week shows as low utilisation rather than nothing.
    const ids = [...new Set([...byUser.keys(), ...[...capacity].filter(([, minutes]) => minutes > 0).map(([id]) => id)])];
    const names = await namesOf(db, 'staff', ids);
    const active = new Set((await db.query<{ id: number }>('SELECT id FROM users WHERE id = ANY($1) AND active', [ids])).map((row) => row.id));
    rows = ids
      .filter((id) => byUser.has(id) || active.has(id))
      .map((id) => {
        const row = byUser.get(id) ?? { key: id, revenue: 0, minutes: 0, billable: 0, minute_fils: 0 };
        const capacityOf = capacity.get(id) ?? 0;
        return { id, name: names.get(id) ?? `#${id}`, ...figures(row), capacity_minutes: capacityOf, utilisation_bp: utilisationBp(row.billable, capacityOf) };
      });
  } else {
    const names = await namesOf(db, query.group, sums.flatMap((row) => (row.key === null ? [] : [row.key])));
    rows = sums.map((row) => ({
      id: row.key,
      name: row.key === null ? 'No plan' : (names.get(row.key) ?? `#${row.key}`),
      ...figures(row),
      capacity_minutes: null,
      utilisation_bp: null,
    }));
  }

  const total = monthly.reduce((sum, row) => ({ revenue: sum.revenue + row.revenue, minutes: sum.minutes + row.minutes, billable: sum.billable + row.billable, minute_fils: sum.minute_fils + row.minute_fils }), {
    revenue: 0,
    minutes: 0,
    billable: 0,
    minute_fils: 0,
  });
  const byMonth = new Map(monthly.map((row) => [row.key, row]));
  const months: ProfitabilityMonth[] = monthsBetween(range.from, range.to).map((month) => {
    const row = byMonth.get(Number(month.replace('-', '')));
    const money = figures(row ?? { revenue: 0, minutes: 0, billable: 0, minute_fils: 0 });
    return { month, revenue_fils: money.revenue_fils, cost_fils: money.cost_fils, margin_fils: money.margin_fils };
  });

  const search = query.search?.trim().toLowerCase() ?? '';
  const shown = rows.filter((row) => (!query.losing || row.margin_fils < 0) && (search === '' || row.name.toLowerCase().includes(search)));
  return { from: range.from, to: range.to, group: query.group, results: sortRows(shown, query.sort ?? DEFAULT_PROFITABILITY_SORT), totals: figures(total), months };
}
