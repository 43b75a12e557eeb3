/**
 * The owner's dashboard: the firm's month against the month before, each figure with the console list behind
 * it (common/links.ts). Figures that are states rather than events (open AML matches) are read as they stood
 * at each month's end where the records keep the dates to do so (e-invoices needing attention from their attempts). No HTTP here.
 */
import { addDays, dubaiDate, type IsoDate } from '../../../../common/calendar.ts';
import { CYCLE_TERMS, BILLING_CYCLES } from '../../../../common/pricing.ts';
import { EINVOICE_ATTENTION_STATES } from '../../../../common/einvoicing.ts';
import { ONBOARDING_QUEUES } from '../../../../common/onboarding.ts';
import { STAGE_STATUS_LINES } from '../../../../common/pipeline.ts';
import { STAGES, STAGE_TITLES, type Stage } from '../../../../common/stages.ts';
import { slaClock } from '../../../../common/service-desk.ts';
import { monthRangeDays, utilisationBp } from '../../../../common/practice.ts';
import { DEADLINES_DUE_SOON_DAYS, type Dashboard, type DashboardFigure } from '../../../../common/contract/practice.ts';
import { clientListPath, invoiceListPath, onboardingListPath, practicePath, requestListPath } from '../../../../common/links.ts';
import type { Queryable } from '../../db/database.ts';
import { deadlinesDueBetween } from '../clients/index.ts';
import { staffCapacity } from './profitability-store.ts';

const previousMonth = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
};

interface Period {
  month: string;
  first: IsoDate;
  last: IsoDate;
  after: IsoDate;
  /** The day the period is seen from: its last day, or today while it runs. */
  asOf: IsoDate;
}

function periodOf(month: string, today: IsoDate): Period {
  const { first, last, after } = monthRangeDays(month, month);
  return { month, first, last, after, asOf: today < last ? today : last };
}

const CYCLE_MONTHS_SQL = `CASE s.cycle ${BILLING_CYCLES.map((cycle) => `WHEN '${cycle}' THEN ${CYCLE_TERMS[cycle].months}`).join(' ')} END`;

/** Monthly recurring revenue, clients active at the month's end, new in it and churned in it. */
async function clientFigures(db: Queryable, period: Period) {
  const [row] = await db.query<{ recurring: number; active: number; joined: number; churned: number }>(
    `SELECT
       coalesce(sum(s.net_fils / ${CYCLE_MONTHS_SQL}) FILTER (WHERE s.starts_on <= $2::date AND (s.cancelled_on IS NULL OR s.cancelled_on > $2::date)
         AND NOT (s.status = 'paused' AND s.paused_on <= $2::date)), 0)::bigint AS recurring,
       count(DISTINCT s.client_id) FILTER (WHERE c.activated_at < $3::date AND (s.cancelled_on IS NULL OR s.cancelled_on > $2::date))::integer AS active,
       count(DISTINCT s.client_id) FILTER (WHERE c.activated_at >= $1::date AND c.activated_at < $3::date)::integer AS joined,
       count(DISTINCT s.client_id) FILTER (WHERE s.cancelled_on >= $1::date AND s.cancelled_on <= $2::date)::integer AS churned
     FROM subscriptions s JOIN clients c ON c.id = s.client_id`,
    [period.first, period.last, period.after],
  );
  return row!;
}

/** Registrations activated in the month, and the median whole days spent in each stage by those that left it in the month. */
async function onboardingFigures(db: Queryable, period: Period): Promise<{ converted: number; medians: Map<Stage, number | null> }> {
  const [converted] = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM registration_activations WHERE activated_at >= $1::date AND activated_at < $2::date', [period.first, period.after]);
  const stages = STAGES.slice(0, -1);
  const pairs = stages.map((stage, index) => [STAGE_STATUS_LINES[stage], STAGE_STATUS_LINES[STAGES[index + 1]!]] as const);
  // The first time each stage's line was written is when the registration reached the stage.
  const rows = await db.query<{ stage_index: number; median: number | null }>(
    `WITH firsts AS (
       SELECT registration_id, status_text, min(created_at) AS at FROM registration_events WHERE status_text = ANY($3) GROUP BY 1, 2),
     pairs AS (SELECT * FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS p(entered, left_by, stage_index))
     SELECT p.stage_index::integer AS stage_index,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (b.at - a.at)) / 86400))::integer AS median
     FROM pairs p JOIN firsts a ON a.status_text = p.entered JOIN firsts b ON b.registration_id = a.registration_id AND b.status_text = p.left_by
     WHERE b.at >= $1::date AND b.at < $2::date AND b.at >= a.at
     GROUP BY p.stage_index`,
    [period.first, period.after, [...new Set(Object.values(STAGE_STATUS_LINES))], pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
  );
  const byIndex = new Map(rows.map((row) => [row.stage_index, row.median]));
  return { converted: converted!.count, medians: new Map(stages.map((stage, index) => [stage, byIndex.get(index + 1) ?? null])) };
}

/** On-demand requests completed in the month, and how many of them inside their SLA. */
async function requestFigures(db: Queryable, period: Period): Promise<{ closed: number; inside: number }> {
  const rows = await db.query<{ created_at: Date; closed_at: Date; paused_ms: number; paused_since: Date | null; target_working_days: number }>(
    `SELECT r.created_at, r.closed_at, r.paused_ms, r.paused_since, t.target_working_days FROM service_requests r JOIN request_types t ON t.id = r.type_id
     WHERE r.status = 'completed' AND r.closed_at >= $1::date AND r.closed_at < $2::date`,
    [period.first, period.after],
  );
  const inside = rows.filter((row) => !slaClock({ ...row, paused_ms: Number(row.paused_ms) }, row.closed_at).breached).length;
  return { closed: rows.length, inside };
}

/** Statutory deadlines due in the month filed on time, missed (past due and not filed by then), and due within 14 days of the month's view. */
async function deadlineFigures(db: Queryable, period: Period) {
  const soonTo = addDays(period.asOf, DEADLINES_DUE_SOON_DAYS);
  const due = await deadlinesDueBetween(db, period.first, soonTo > period.last ? soonTo : period.last);
  const inMonth = due.filter((deadline) => deadline.due_on <= period.last);
  return {
    met: inMonth.filter((deadline) => deadline.filed_on !== null && deadline.filed_on <= deadline.due_on).length,
    missed: inMonth.filter((deadline) => deadline.due_on < period.asOf && (deadline.filed_on === null || deadline.filed_on > deadline.due_on)).length,
    soon: due.filter((deadline) => deadline.due_on > period.asOf && deadline.due_on <= soonTo && (deadline.filed_on === null || deadline.filed_on > period.asOf)).length,
  };
}

/** AML files with a potential match undecided at the month's view, and files whose periodic review date had passed. */
async function amlFigures(db: Queryable, period: Period) {
  const [row] = await db.query<{ open_matches: number; overdue: number }>(
    `SELECT
       (SELECT count(DISTINCT m.registration_id) FROM aml_matches m
         WHERE m.found_at < $2::date AND (m.state = 'potential' OR m.decided_at >= $2::date))::integer AS open_matches,
       (SELECT count(*) FROM aml_files f WHERE f.next_review_on < $1::date AND f.frozen_at IS NULL)::integer AS overdue`,
    [period.asOf, addDays(period.asOf, 1)],
  );
  return row!;
}

/** The outcomes of an e-invoice's attempts that leave its state as it was (a try that never reached the ASP). */
const STATE_KEEPING_OUTCOMES = ['failed', 'unreachable'];

/**
 * E-invoices that needed attention at the month's end (for the month that runs, now: nothing is later), as
 * the Unsynced Inv filter counts them today: 'invalid' from its issue on (it is never sent, and never leaves that
 * state: corrections are credit notes), or 'rejected' by the latest attempt that moved it before then (a
 * rejection sent again, by hand or by the ASP's later answer, no longer counts from that attempt on).
 */
async function einvoicesNeedingAttention(db: Queryable, period: Period): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM einvoices e
     WHERE e.created_at < $1::timestamptz AND (e.state = 'invalid' OR (
       SELECT a.outcome FROM einvoice_attempts a WHERE a.invoice_id = e.invoice_id AND a.started_at < $1::timestamptz AND a.outcome <> ALL($2)
       ORDER BY a.started_at DESC, a.id DESC LIMIT 1) = ANY($3))`,
    [`${period.after}T00:00:00+04:00`, STATE_KEEPING_OUTCOMES, EINVOICE_ATTENTION_STATES.filter((state) => state !== 'invalid')],
  );
  return row!.count;
}

/** The firm's billable minutes over every active staff member's capacity in the month. */
async function utilisation(db: Queryable, period: Period): Promise<number | null> {
  const capacity = await staffCapacity(db, period.first, period.last);
  const active = new Set((await db.query<{ id: number }>('SELECT id FROM users WHERE active')).map((row) => row.id));
  const total = [...capacity].filter(([id]) => active.has(id)).reduce((sum, [, minutes]) => sum + minutes, 0);
  const [row] = await db.query<{ billable: number }>('SELECT coalesce(sum(billable_minutes), 0)::bigint AS billable FROM time_month_totals WHERE month = $1::date', [period.first]);
  return utilisationBp(row!.billable, total);
}

async function revenue(db: Queryable, period: Period): Promise<number> {
  const [row] = await db.query<{ revenue: number }>(
    'SELECT coalesce(sum(revenue_fils), 0)::bigint AS revenue FROM revenue_month_totals WHERE month = $1::date',
    [period.first],
  );
  return row!.revenue;
}

async function monthFigures(db: Queryable, period: Period) {
  const [clients, onboarding, requests, deadlines, aml, used, invoiced, attention] = await Promise.all([
    clientFigures(db, period),
    onboardingFigures(db, period),
    requestFigures(db, period),
    deadlineFigures(db, period),
    amlFigures(db, period),
    utilisation(db, period),
    revenue(db, period),
    einvoicesNeedingAttention(db, period),
  ]);
  return { clients, onboarding, requests, deadlines, aml, used, invoiced, attention };
}

const stagePage = (stage: Stage) => ONBOARDING_QUEUES.find((rule) => rule.stages.includes(stage))?.page ?? 'registrations';

export async function dashboard(db: Queryable, month: string, today = dubaiDate()): Promise<Dashboard> {
  const previous = previousMonth(month);
  const [now, before] = await Promise.all([monthFigures(db, periodOf(month, today)), monthFigures(db, periodOf(previous, today))]);
  const figure = (key: string, label: string, unit: DashboardFigure['unit'], pick: (figures: typeof now) => number | null, link: string): DashboardFigure => ({
    key,
    label,
    unit,
    current: pick(now),
    previous: pick(before),
    link,
  });
  const profitabilityLink = (group: 'client' | 'staff') => practicePath({ tab: 'profitability', from: month, to: month, group });
  return {
    month,
    previous_month: previous,
    sections: [
      {
        title: 'Revenue and clients',
        figures: [
          figure('recurring_revenue', 'Recurring revenue (a month)', 'fils', (f) => f.clients.recurring, clientListPath({ status: 'active' })),
          figure('revenue', 'Invoiced less credit notes', 'fils', (f) => f.invoiced, profitabilityLink('client')),
          figure('clients_active', 'Clients active', 'count', (f) => f.clients.active, clientListPath({ status: 'active' })),
          figure('clients_new', 'New clients', 'count', (f) => f.clients.joined, clientListPath({ status: 'active' })),
          figure('clients_churned', 'Clients churned', 'count', (f) => f.clients.churned, clientListPath({ status: 'cancelled' })),
        ],
      },
      {
        title: 'Onboarding',
        figures: [
          figure('registrations_converted', 'Registrations converted', 'count', (f) => f.onboarding.converted, onboardingListPath('pending-activation')),
          ...STAGES.slice(0, -1).map((stage) =>
            figure(`median_days_${stage}`, `Median days at ${STAGE_TITLES[stage]}`, 'days', (f) => f.onboarding.medians.get(stage) ?? null, onboardingListPath(stagePage(stage))),
          ),
        ],
      },
      {
        title: 'Service',
        figures: [
          figure('requests_inside_sla', 'Requests completed inside their SLA', 'count', (f) => f.requests.inside, requestListPath()),
          figure('requests_completed', 'Requests completed', 'count', (f) => f.requests.closed, requestListPath()),
        ],
      },
      {
        title: 'Statutory deadlines',
        figures: [
          figure('deadlines_met', 'Deadlines met', 'count', (f) => f.deadlines.met, clientListPath({ sort: 'next_deadline' })),
          figure('deadlines_missed', 'Deadlines missed', 'count', (f) => f.deadlines.missed, clientListPath({ sort: 'next_deadline' })),
          figure('deadlines_due_soon', `Due in the next ${DEADLINES_DUE_SOON_DAYS} days`, 'count', (f) => f.deadlines.soon, clientListPath({ sort: 'next_deadline' })),
        ],
      },
      {
        title: 'Compliance',
        figures: [
          figure('aml_open_matches', 'AML files with open matches', 'count', (f) => f.aml.open_matches, onboardingListPath('due-diligence')),
          figure('aml_reviews_overdue', 'AML reviews overdue', 'count', (f) => f.aml.overdue, onboardingListPath('due-diligence')),
          figure('einvoices_attention', 'E-invoices needing attention', 'count', (f) => f.attention, invoiceListPath({ state: 'needs_attention' })),
        ],
      },
      {
        title: 'People',
        figures: [figure('utilisation', 'Utilisation (billable over capacity)', 'bp', (f) => f.used, profitabilityLink('staff'))],
      },
    ],
  };
}
