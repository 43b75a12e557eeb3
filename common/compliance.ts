/**
 * The compliance calendar's rules, as pure functions of a client's profile (read by the back end, which lists
 * and files deadlines, and by the tests):
 * - VAT return: due on the 28th day after the tax period ends (FTA), monthly or quarterly per the client's
 *   VAT period; quarters follow the stagger the FTA assigned (the month the client's first quarter of a year
 *   ends in: January, February or March). A due date on a Saturday, Sunday or UAE public holiday moves to the
 *   next working day (the one holiday table, uae-holidays.ts).
 * - Corporate tax return: due 9 months after the end of the financial year (the last day of the ninth month
 *   after it), for financial years starting on or after 1 June 2023 (the UAE corporate tax's first).
 * - Trade licence renewal: due on the licence's expiry date.
 * - E-invoicing: 'Appoint an e-invoicing ASP' by the band's date until an ASP is recorded, and
 *   'E-invoicing go-live' on the band's date (common/einvoicing.ts MANDATE_DEADLINES), once the client's revenue
 *   band is recorded (the band gives the dates; the e-invoicing readiness form records it).
 */
import { addDays, addMonths, lastDayOfMonth, monthOf, MONTH_SHORT, yearOf, type IsoDate } from './calendar.ts';
import type { RevenueBand } from './einvoicing.ts';
import { mandateDeadlinesOf } from './einvoicing-readiness.ts';
import { nextWorkingDay } from './uae-holidays.ts';

export const DEADLINE_KINDS = ['vat_return', 'corporate_tax_return', 'trade_licence_renewal', 'einvoicing_asp', 'einvoicing_go_live'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  vat_return: 'VAT return',
  corporate_tax_return: 'Corporate tax return',
  trade_licence_renewal: 'Trade licence renewal',
  einvoicing_asp: 'Appoint an e-invoicing ASP',
  einvoicing_go_live: 'E-invoicing go-live',
};

/**
 * The deadlines met by filing something (a return, a renewal), which 'Mark filed' records with its reference.
 * The e-invoicing ones are met by what the readiness form records (the ASP, going live), not by a filing.
 */
export const FILED_DEADLINE_KINDS: readonly DeadlineKind[] = ['vat_return', 'corporate_tax_return', 'trade_licence_renewal'];
export const isFiledDeadline = (kind: DeadlineKind) => FILED_DEADLINE_KINDS.includes(kind);

export const VAT_PERIODS = ['monthly', 'quarterly'] as const;
export type VatPeriod = (typeof VAT_PERIODS)[number];

/** Days after a VAT tax period ends that its return and payment are due. */
export const VAT_RETURN_DAYS = 28;
/** Months after a financial year ends that its corporate tax return is due. */
export const CORPORATE_TAX_MONTHS = 9;
/** The first financial year under UAE corporate tax starts on or after this day. */
export const CORPORATE_TAX_FIRST_YEAR_STARTS = '2023-06-01';

/** What the deadlines are computed from: the client's profile. */
export interface ComplianceProfile {
  vat_registered: boolean;
  vat_period: VatPeriod | null;
  /** The month (1-12) one of the client's VAT quarters ends in; quarters end every third month from it. */
  vat_first_period_end_month: number | null;
  /** The month (1-12) the financial year ends in (its last day). */
  financial_year_end_month: number;
  licence_expires_on: IsoDate;
  /** The e-invoicing revenue band (null: not recorded) and whether an ASP is recorded. */
  revenue_band: RevenueBand | null;
  asp_appointed: boolean;
}

export interface ComputedDeadline {
  /** Stable per client: the kind and the period ('vat_return:2025-03', 'corporate_tax_return:2024-12', 'trade_licence_renewal:2026-04-30'). */
  key: string;
  kind: DeadlineKind;
  /** 'VAT return Jan-Mar 2025', 'Corporate tax return FY ending Dec 2024', 'Trade licence renewal' */
  title: string;
  period_start: IsoDate | null;
  period_end: IsoDate | null;
  due_on: IsoDate;
  /** The rule's own date when due_on was moved off a weekend or holiday; null when not moved. */
  moved_from: IsoDate | null;
}

/** The VAT return due date of a tax period ending on `periodEnd`: 28 days on, then the next working day. */
export function vatReturnDue(periodEnd: IsoDate): { due_on: IsoDate; moved_from: IsoDate | null } {
  const nominal = addDays(periodEnd, VAT_RETURN_DAYS);
  const due = nextWorkingDay(nominal);
  return { due_on: due, moved_from: due === nominal ? null : nominal };
}

/** The corporate tax return due date of a financial year ending on the last day of `month` of `year`. */
export function corporateTaxDue(year: number, month: number): IsoDate {
  return lastDayOfMonth(year, month + CORPORATE_TAX_MONTHS);
}

/** Whether month (1-12) ends one of the client's VAT periods. */
export function endsVatPeriod(profile: Pick<ComplianceProfile, 'vat_period' | 'vat_first_period_end_month'>, month: number): boolean {
  if (profile.vat_period === 'monthly') return true;
  const anchor = profile.vat_first_period_end_month ?? 3;
  return (((month - anchor) % 3) + 3) % 3 === 0;
}

const monthName = (date: IsoDate) => `${MONTH_SHORT[monthOf(date) - 1]!} ${yearOf(date)}`;

/** 'Jan-Mar 2025', 'Nov 2024-Jan 2025', 'Mar 2025'. */
export function periodLabel(start: IsoDate, end: IsoDate): string {
  if (start.slice(0, 7) === end.slice(0, 7)) return monthName(end);
  if (yearOf(start) === yearOf(end)) return `${MONTH_SHORT[monthOf(start) - 1]!}-${monthName(end)}`;
  return `${monthName(start)}-${monthName(end)}`;
}

function vatDeadlines(profile: ComplianceProfile, from: IsoDate, to: IsoDate): ComputedDeadline[] {
  if (!profile.vat_registered || !profile.vat_period) return [];
  const months = profile.vat_period === 'monthly' ? 1 : 3;
  const found: ComputedDeadline[] = [];
  // Period ends from two months before `from` (their returns may still be due inside the window) up to `to`.
  const year = yearOf(from);
  let month = monthOf(from) - 2;
  for (;;) {
    const end = lastDayOfMonth(year, month);
    if (end > to) break;
    const endMonth = monthOf(end);
    if (endsVatPeriod(profile, endMonth)) {
      const start = addDays(lastDayOfMonth(year, month - months), 1);
      const due = vatReturnDue(end);
      if (due.due_on >= from && due.due_on <= to) {
        found.push({ key: `vat_return:${end.slice(0, 7)}`, kind: 'vat_return', title: `VAT return ${periodLabel(start, end)}`, period_start: start, period_end: end, ...due });
      }
    }
    month += 1;
  }
  return found;
}

function corporateTaxDeadlines(profile: ComplianceProfile, from: IsoDate, to: IsoDate): ComputedDeadline[] {
  const found: ComputedDeadline[] = [];
  // Financial years whose due date (9 months on) can fall in the window: ending from 10 months before `from`.
  for (let year = yearOf(from) - 1; year <= yearOf(to); year += 1) {
    const end = lastDayOfMonth(year, profile.financial_year_end_month);
    const start = addDays(lastDayOfMonth(year - 1, profile.financial_year_end_month), 1);
    if (start < CORPORATE_TAX_FIRST_YEAR_STARTS) continue;
    const due = corporateTaxDue(year, profile.financial_year_end_month);
    if (due < from || due > to) continue;
    found.push({
      key: `corporate_tax_return:${end.slice(0, 7)}`,
      kind: 'corporate_tax_return',
      title: `Corporate tax return FY ending ${monthName(end)}`,
      period_start: start,
      period_end: end,
      due_on: due,
      moved_from: null,
    });
  }
  return found;
}

/** The mandate's two dates; the ASP one only until an ASP is recorded. Listed like the licence: once due, until done. */
function einvoicingDeadlines(profile: ComplianceProfile, to: IsoDate): ComputedDeadline[] {
  if (!profile.revenue_band) return [];
  const dates = mandateDeadlinesOf(profile.revenue_band);
  const rows: { kind: 'einvoicing_asp' | 'einvoicing_go_live'; due_on: IsoDate }[] = [
    ...(profile.asp_appointed ? [] : [{ kind: 'einvoicing_asp' as const, due_on: dates.aspBy }]),
    { kind: 'einvoicing_go_live', due_on: dates.goLive },
  ];
  return rows
    .filter((row) => row.due_on <= to)
    .map((row) => ({ key: `${row.kind}:${row.due_on}`, kind: row.kind, title: DEADLINE_KIND_LABELS[row.kind], period_start: null, period_end: null, due_on: row.due_on, moved_from: null }));
}

/**
 * The client's deadlines due from `from` to `to` (inclusive), in due-date order. The trade licence renewal is
 * listed whenever the expiry is on or before `to`, even before `from`: an expired licence stays due until it
 * is renewed (marked filed) or the profile gets the new expiry date.
 */
export function clientDeadlines(profile: ComplianceProfile, from: IsoDate, to: IsoDate): ComputedDeadline[] {
  const licence: ComputedDeadline[] =
    profile.licence_expires_on <= to
      ? [
          {
            key: `trade_licence_renewal:${profile.licence_expires_on}`,
            kind: 'trade_licence_renewal',
            title: 'Trade licence renewal',
            period_start: null,
            period_end: null,
            due_on: profile.licence_expires_on,
            moved_from: null,
          },
        ]
      : [];
  return [...vatDeadlines(profile, from, to), ...corporateTaxDeadlines(profile, from, to), ...licence, ...einvoicingDeadlines(profile, to)].sort(
    (a, b) => a.due_on.localeCompare(b.due_on) || DEADLINE_KINDS.indexOf(a.kind) - DEADLINE_KINDS.indexOf(b.kind),
  );
}

/** How far ahead the compliance calendar lists deadlines. */
export const DEADLINE_HORIZON_MONTHS = 12;

/** The window a client's calendar covers: from the day it became a client to a year ahead of today. */
export function deadlineWindow(activatedOn: IsoDate, today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: activatedOn, to: addMonths(today, DEADLINE_HORIZON_MONTHS) };
}

/** Deadlines due within this many days notify the bookkeeper (once each). */
export const DEADLINE_NOTICE_DAYS = 7;

/** A deadline's key names its kind: the part before the colon. */
export function deadlineKindOf(key: string): DeadlineKind | null {
  const kind = key.slice(0, key.indexOf(':'));
  return (DEADLINE_KINDS as readonly string[]).includes(kind) ? (kind as DeadlineKind) : null;
}

/** 'Due today', 'Due tomorrow', 'Due in 5 days', 'Overdue by 3 days'. */
export function dueText(daysLeft: number): string {
  if (daysLeft === 0) return 'Due today';
  if (daysLeft === 1) return 'Due tomorrow';
  if (daysLeft > 1) return `Due in ${daysLeft} days`;
  return `Overdue by ${-daysLeft} day${daysLeft === -1 ? '' : 's'}`;
}
