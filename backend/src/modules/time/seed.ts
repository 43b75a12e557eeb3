/**
 * Demo time: every working day from 1 June to today (Dubai) for the demo staff and the bookkeepers who serve
 * clients, on the clients they serve, mostly billable; never after today, and today no more than the time
 * since the working day began. Two clients take far more time than any plan pays for (they lose money) and
 * four run over a plan's hours; the rest stay well inside. The demo bookkeeper's last full week is submitted
 * and the week before it returned with a reason, earlier weeks approved; the demo ADMIN has a timer running.
 */
import { addDays, dubaiDate, monthOfDate } from '../../../../common/calendar.ts';
import { dubaiClock } from '../../../../common/dubai-time.ts';
import { addWeeks, isoWeekOf, mondayOf, mondayOfWeek } from '../../../../common/iso-week.ts';
import { isWorkingDay } from '../../../../common/uae-holidays.ts';
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';
import { generator } from '../../demo/random.ts';
import { STAFF_ROLES } from '../../../../common/roles.ts';

/** Clients whose time costs more than their fee: 40-60 hours a month. */
export const HEAVY_CLIENTS = ['Gulf Bridge Engineering Consultants', 'Jumeirah Pearl Real Estate LLC'] as const;
/** Clients over any plan's included hours (8-20 h): 22-28 hours a month. */
export const OVER_PLAN_CLIENTS = ['Saffron Lane Restaurants LLC', 'Al Wasl Pharmacy LLC', 'Zayed Port Logistics FZE', 'Atlas Steel Fabrication LLC'] as const;

const FIRST_DAY = '2026-06-01';

const BOOKKEEPING_NOTES = [
  'Bank reconciliation',
  'Posting purchase invoices',
  'Sales invoices and receipts',
  'Month-end close',
  'VAT return preparation',
  'Payroll and WPS review',
  'Fixed asset register update',
  'Client call about missing receipts',
  'Accruals and prepayments',
  'Management accounts pack',
] as const;
const NON_BILLABLE_NOTES = ['Rework after review comments', 'Internal training on the client file', 'Chasing documents (not billed)'] as const;
const REVIEW_NOTES = ['Review of the monthly report', 'VAT return review', 'Corporate tax workings review'] as const;
/** What the demo's other staff do with clients, by their sign-in (one account per role). */
const ADMIN_NOTES: readonly [note: string, billable: boolean][] = [['Quarterly review meeting', true], ['Engagement letter update', false], ['Fee discussion', false]];
const OTHER_STAFF_NOTES: Record<string, readonly [note: string, billable: boolean][]> = {
  'admin@example.com': ADMIN_NOTES,
  'compliance@example.com': [['AML file review', true], ['Screening follow-up', false]],
  'reviewer@example.com': [['Review of the monthly report', true]],
  'bd_exec@example.com': [['Onboarding call', false], ['Plan walkthrough', false]],
  'bd_manager@example.com': [['Plan renewal discussion', false], ['Upsell proposal', false]],
  'hr_manager@example.com': [['WPS payroll set-up', true], ['Labour contract queries', true]],
  'marketing@example.com': [['Case study interview', false]],
};

interface StaffRow {
  id: number;
  role: string;
  email: string;
}
interface ClientRow {
  id: number;
  legal_name: string;
  bookkeeper_id: number | null;
  reviewer_id: number | null;
  status: string;
  start: string;
  /** The monthly fee of the client's latest plan (0: none). */
  monthly_fils: number;
}

interface Entry {
  user: number;
  client: number;
  task: number | null;
  date: string;
  minutes: number;
  note: string;
  billable: boolean;
}

/**
 * Minutes a month a client takes: heavy, over its plan, or ordinary. An ordinary client takes 35 to 65 % of
 * what its fee pays for at AED 160 an hour (about the firm's blended cost), so it earns the firm money in the
 * months it is invoiced; without a plan, two to four hours.
 */
function monthlyMinutes(client: ClientRow, random: () => number): number {
  if ((HEAVY_CLIENTS as readonly string[]).includes(client.legal_name)) return 2_500 + Math.round(random() * 700);
  if ((OVER_PLAN_CLIENTS as readonly string[]).includes(client.legal_name)) return 1_350 + Math.round(random() * 300);
  if (client.monthly_fils <= 0) return 120 + Math.round(random() * 120);
  return Math.round(((client.monthly_fils / 16_000) * 60) * (0.35 + random() * 0.3));
}

/** When the demo's working day begins (Dubai): today's entries hold no more time than has passed since. */
const DAY_STARTS_AT = 9 * 60;

/**
 * The entries as they can stand at `now`: today's (Dubai) hold, per person, no more than the working time
 * elapsed since the day began (none before it), the last ones cut short to the quarter hour or left out.
 */
function withinTodaySoFar(entries: readonly Entry[], today: string, now: Date): Entry[] {
  const elapsed = Math.max(0, dubaiClock(now).minutes - DAY_STARTS_AT);
  const left = new Map<number, number>();
  return entries.flatMap((entry) => {
    if (entry.date !== today) return [entry];
    const room = left.get(entry.user) ?? elapsed;
    const minutes = Math.min(entry.minutes, Math.floor(room / 15) * 15);
    left.set(entry.user, room - minutes);
    return minutes > 0 ? [{ ...entry, minutes }] : [];
  });
}

export async function seedTime(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_601);
  const today = dubaiDate(now);
  const staff = await tx.query<StaffRow>('SELECT id, role, email FROM users WHERE role = ANY($1::text[]) AND deactivated_at IS NULL ORDER BY id', [STAFF_ROLES]);
  const clients = await tx.query<ClientRow>(
    `SELECT c.id, c.legal_name, c.bookkeeper_id, c.reviewer_id, c.status, to_char(greatest(c.activated_at AT TIME ZONE 'Asia/Dubai', $1::date), 'YYYY-MM-DD') AS start,
            coalesce((SELECT p.monthly_price_fils FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.client_id = c.id ORDER BY s.starts_on DESC, s.id DESC LIMIT 1), 0)::integer AS monthly_fils
       FROM clients c ORDER BY c.id`,
    [FIRST_DAY],
  );
  const tasks = await tx.query<{ id: number; client_id: number }>('SELECT id, client_id FROM tasks ORDER BY id');
  const tasksOf = new Map<number, number[]>();
  for (const task of tasks) tasksOf.set(task.client_id, [...(tasksOf.get(task.client_id) ?? []), task.id]);
  const admin = staff.find((user) => user.email === 'admin@example.com');
  const secondAdmin = staff.find((user) => user.email === 'compliance@example.com');
  const demoBookkeeper = staff.find((user) => user.email === 'bookkeeper@example.com');
  if (!admin || !secondAdmin || !demoBookkeeper) return;
  const reviewers = staff.filter((user) => clients.some((client) => client.reviewer_id === user.id));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const workingDays: string[] = [];
  for (let day = FIRST_DAY; day <= today; day = addDays(day, 1)) if (isWorkingDay(day)) workingDays.push(day);

  const entries: Entry[] = [];
  // The clients' work: each month's hours spread over its working days, mostly by its bookkeeper.
  for (const client of clients.filter((row) => row.status !== 'cancelled')) {
    const months = [...new Set(workingDays.filter((day) => day >= client.start).map(monthOfDate))];
    for (const month of months) {
      const days = workingDays.filter((day) => monthOfDate(day) === month && day >= client.start);
      // A month begun part-way (the client's first, or this one) takes its share.
      const share = Math.min(1, days.length / 21);
      // A paused client still takes a little time (queries, the pause itself).
      let left = Math.round(monthlyMinutes(client, random) * share * (client.status === 'paused' ? 0.3 : 1));
      while (left > 0 && days.length > 0) {
        const minutes = Math.min(left, 15 * (2 + Math.floor(random() * 11)));
        left -= minutes;
        const roll = random();
        const reviewer = client.reviewer_id ?? (reviewers.length > 0 ? pick(reviewers).id : admin.id);
        const user = roll < 0.75 ? (client.bookkeeper_id ?? admin.id) : roll < 0.9 ? reviewer : admin.id;
        const reviewing = user === reviewer && user !== client.bookkeeper_id;
        const billable = random() > 0.12;
        const clientTasks = tasksOf.get(client.id) ?? [];
        entries.push({
          user,
          client: client.id,
          task: clientTasks.length > 0 && random() < 0.35 ? pick(clientTasks) : null,
          date: pick(days),
          minutes,
          note: reviewing ? pick(REVIEW_NOTES) : billable ? pick(BOOKKEEPING_NOTES) : pick(NON_BILLABLE_NOTES),
          billable,
        });
      }
    }
  }
  // The other roles' time with clients: onboarding calls, renewals, payroll set-up, a case study; one or two a week.
  const active = clients.filter((row) => row.status === 'active');
  for (const user of staff) {
    const notes = OTHER_STAFF_NOTES[user.email] ?? [];
    if (notes.length === 0 || active.length === 0) continue;
    for (const day of workingDays) {
      if (random() > 0.3) continue;
      const [note, billable] = pick(notes);
      entries.push({ user: user.id, client: pick(active).id, task: null, date: day, minutes: 15 * (2 + Math.floor(random() * 8)), note, billable });
    }
  }
  const logged = withinTodaySoFar(entries, today, now);

  await tx.query(
    `INSERT INTO time_entries (user_id, client_id, task_id, work_date, minutes, note, billable, source, created_at, updated_at)
     SELECT u, c, t, d::date, m, n, b, CASE WHEN m % 7 = 0 THEN 'timer' ELSE 'manual' END, at, at
     FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::text[], $7::bool[]) AS x(u, c, t, d, m, n, b),
       -- Logged at six in the evening (Dubai) of its day, or now for today's: never in the future.
       LATERAL (SELECT least((d::date + time '14:00') AT TIME ZONE 'UTC', $8::timestamptz) AS at) AS logged`,
    [
      logged.map((entry) => entry.user),
      logged.map((entry) => entry.client),
      logged.map((entry) => entry.task),
      logged.map((entry) => entry.date),
      logged.map((entry) => entry.minutes),
      logged.map((entry) => entry.note),
      logged.map((entry) => entry.billable),
      now,
    ],
  );

  // Timesheets: every week before last approved, last week submitted for the demo bookkeeper (the week
  // before it returned), last week open for the others but the reviewer's, who submitted it too.
  const current = isoWeekOf(today);
  const lastWeek = addWeeks(current, -1);
  const loggers = [...new Set(logged.map((entry) => entry.user))];
  const firstWeek = isoWeekOf(mondayOf(FIRST_DAY));
  // Decided on the Tuesday after the week.
  const decided = (week: string) => new Date(`${addDays(mondayOfWeek(week), 8)}T06:30:00Z`);
  for (const user of loggers) {
    for (let week = firstWeek; week < current; week = addWeeks(week, 1)) {
      const decider = user === admin.id ? secondAdmin.id : admin.id;
      if (user === demoBookkeeper.id && week === lastWeek) {
        await tx.query("INSERT INTO timesheets (user_id, week, status, submitted_at) VALUES ($1, $2, 'submitted', $3)", [user, week, new Date(now.getTime() - 3 * 3_600_000)]);
      } else if (user === demoBookkeeper.id && week === addWeeks(lastWeek, -1)) {
        await tx.query("INSERT INTO timesheets (user_id, week, status, submitted_at, decided_at, decided_by, return_reason, version) VALUES ($1, $2, 'returned', $3, $4, $5, $6, 3)", [
          user,
          week,
          new Date(decided(week).getTime() - 86_400_000),
          decided(week),
          decider,
          'Thursday shows 9 hours on Gulf Bridge Engineering with no task: split it by task, and mark the rework as not billable.',
        ]);
      } else if (week === lastWeek) {
        if (staff.find((member) => member.email === 'reviewer@example.com')?.id === user) await tx.query("INSERT INTO timesheets (user_id, week, status, submitted_at) VALUES ($1, $2, 'submitted', $3)", [user, week, new Date(now.getTime() - 20 * 3_600_000)]);
      } else {
        await tx.query("INSERT INTO timesheets (user_id, week, status, submitted_at, decided_at, decided_by, version) VALUES ($1, $2, 'approved', $3, $4, $5, 3)", [
          user,
          week,
          new Date(decided(week).getTime() - 86_400_000),
          decided(week),
          decider,
        ]);
      }
    }
  }

  // The ADMIN's timer, started this morning on one of the heavy clients.
  const heavy = clients.find((client) => client.legal_name === HEAVY_CLIENTS[0]) ?? active[0];
  if (heavy) {
    await tx.query('INSERT INTO timers (user_id, client_id, note, started_at) VALUES ($1, $2, $3, $4)', [admin.id, heavy.id, 'Fee review: time against the plan', new Date(now.getTime() - 85 * 60_000)]);
  }
}

