/**
 * Profitability over a range of months, per client, plan or staff member: revenue (tax invoices issued less
 * credit notes issued, net of VAT, by the month of issue: the monthly totals migration 0118 keeps), time (the monthly totals migration 0116 keeps),
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
import { DEFAULT_PROFITABILITY_SORT, MAX_REPORT_MONTHS, type Profitability, type ProfitabilityMonth, type ProfitabilityQuery, type ProfitabilityRow, type ProfitabilitySortField } from '../../../../common/contract/practice.ts';
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

// The plan of each client: its current subscription's, else its latest one's.
const CLIENT_PLAN = `SELECT DISTINCT ON (client_id) client_id, plan_id FROM subscriptions ORDER BY client_id, (status = 'cancelled'), id DESC`;

// Revenue and time side by side (one pass over each, no join between them), each client's month as the
// monthly totals keep it: a credit note counts against the month it was issued in.
const FIGURES = `SELECT client_id, month, revenue_fils AS revenue, 0 AS minutes, 0 AS billable, 0 AS minute_fils
    FROM revenue_month_totals WHERE month >= $1::date AND month < $2::date
    UNION ALL
    SELECT t.client_id, t.month, 0, t.minutes, t.billable_minutes, t.minutes * coalesce(r.hourly_fils, 0)
    FROM time_month_totals t LEFT JOIN staff_cost_rates r ON r.user_id = t.user_id
    WHERE t.month >= $1::date AND t.month < $2::date`;
const SUMS = 'sum(revenue)::bigint AS revenue, sum(minutes)::bigint AS minutes, sum(billable)::bigint AS billable, sum(minute_fils)::bigint AS minute_fils';
/** A month's key in the sums: YYYYMM. */
const MONTH_KEY = "to_char(month, 'YYYYMM')::integer";

/** Sums by month (the chart and the totals) or by plan (its clients' sums). */
async function clientSums(db: Queryable, range: Range, group: 'plan' | 'month'): Promise<Sums[]> {
  if (group === 'month') return db.query<Sums>(`SELECT ${MONTH_KEY} AS key, ${SUMS} FROM (${FIGURES}) AS figures GROUP BY 1`, [range.first, range.after]);
  return db.query<Sums>(
    `SELECT cp.plan_id AS key, ${SUMS} FROM (SELECT client_id, ${SUMS} FROM (${FIGURES}) AS figures GROUP BY 1) AS s LEFT JOIN (${CLIENT_PLAN}) AS cp ON cp.client_id = s.client_id GROUP BY 1`,
    [range.first, range.after],
  );
}

/**
 * Sums by client and by month in one pass over the range's rows (grouping sets), each client's name beside
 * its row: the report by client reads the year's rows once, not once for the rows and again for the chart.
 */
async function clientAndMonthSums(db: Queryable, range: Range): Promise<{ clients: (Sums & { name: string | null })[]; months: Sums[] }> {
  const rows = await db.query<Sums & { by_month: number; name: string | null }>(
    `SELECT s.*, c.legal_name AS name FROM (
       SELECT CASE WHEN GROUPING(client_id) = 1 THEN ${MONTH_KEY} ELSE client_id END AS key, GROUPING(client_id) AS by_month, ${SUMS}
       FROM (${FIGURES}) AS figures GROUP BY GROUPING SETS ((client_id), (month))
     ) AS s LEFT JOIN clients c ON c.id = s.key AND s.by_month = 0`,
    [range.first, range.after],
  );
  return { clients: rows.filter((row) => row.by_month === 0), months: rows.filter((row) => row.by_month === 1) };
}

/**
 * A person's revenue is their share of each client's month by minutes: each monthly total beside its client
 * month's total (a window over the totals' own key order, no second pass and no join to it).
 */
async function staffSums(db: Queryable, range: Range): Promise<Sums[]> {
  return db.query<Sums>(
    `SELECT t.user_id AS key, coalesce(sum(rv.revenue_fils * t.minutes / t.total), 0)::bigint AS revenue, sum(t.minutes)::bigint AS minutes,
       sum(t.billable_minutes)::bigint AS billable, sum(t.minutes * coalesce(r.hourly_fils, 0))::bigint AS minute_fils
     FROM (SELECT month, client_id, user_id, minutes, billable_minutes, (sum(minutes) OVER (PARTITION BY month, client_id))::bigint AS total
           FROM time_month_totals WHERE month >= $1::date AND month < $2::date) AS t
       LEFT JOIN revenue_month_totals rv ON rv.month = t.month AND rv.client_id = t.client_id
       LEFT JOIN staff_cost_rates r ON r.user_id = t.user_id
     WHERE t.total > 0
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

/** Plans' and people's names (a client's comes with its sums). */
async function namesOf(db: Queryable, group: 'plan' | 'staff', ids: number[]): Promise<Map<number, string>> {
  const sql = group === 'plan' ? 'SELECT id, name FROM plans WHERE id = ANY($1)' : 'SELECT id, coalesce(display_name, email) AS name FROM users WHERE id = ANY($1)';
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
  let rows: ProfitabilityRow[];
  let monthly: Sums[];
  if (query.group === 'client') {
    const { clients, months } = await clientAndMonthSums(db, range);
    monthly = months;
    rows = clients.map((row) => ({ id: row.key, name: row.name ?? `#${row.key}`, ...figures(row), capacity_minutes: null, utilisation_bp: null }));
  } else if (query.group === 'staff') {
    const [sums, months] = await Promise.all([staffSums(db, range), clientSums(db, range, 'month')]);
    monthly = months;
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
    const [sums, months] = await Promise.all([clientSums(db, range, 'plan'), clientSums(db, range, 'month')]);
    monthly = months;
    const names = await namesOf(db, 'plan', sums.flatMap((row) => (row.key === null ? [] : [row.key])));
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
