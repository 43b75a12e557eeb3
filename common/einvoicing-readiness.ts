/**
 * Each client's own readiness for the e-invoicing mandate, apart from common/einvoicing.ts so the
 * pages that need only this (the Clients list, the compliance calendar) do not carry the document vocabulary:
 * the revenue bands and the mandate's deadlines of each (re-exported by common/einvoicing.ts), and which
 * clients without an ASP are not ready or late.
 */
import { addDays, formatIsoDate } from './calendar.ts';

export const REVENUE_BANDS = ['50m_or_more', 'under_50m'] as const;
export type RevenueBand = (typeof REVENUE_BANDS)[number];
export const REVENUE_BAND_LABELS: Record<RevenueBand, string> = { '50m_or_more': 'AED 50m or more', under_50m: 'Under AED 50m' };
export const MANDATE_DEADLINES: Record<RevenueBand, { aspBy: string; goLive: string }> = {
  '50m_or_more': { aspBy: '2026-10-30', goLive: '2027-01-01' },
  under_50m: { aspBy: '2027-03-31', goLive: '2027-07-01' },
};

/** The longest ASP name recorded for a client. */
export const MAX_ASP_NAME_LENGTH = 120;
/** A UAE Tax Identification Number: the digits a Peppol endpoint 0235:<TIN> carries. */
export const TIN_LENGTH = 10;

/** A client whose band is not recorded yet is held to the later deadlines (most clients are under AED 50m). */
export const DEFAULT_REVENUE_BAND: RevenueBand = 'under_50m';
/** How close the ASP deadline may come before a client without an ASP counts as not ready. */
export const NOT_READY_WINDOW_DAYS = 90;
/** The mandate's deadlines of a band (the default band's when unknown). */
export const mandateDeadlinesOf = (band: RevenueBand | null): { aspBy: string; goLive: string } => MANDATE_DEADLINES[band ?? DEFAULT_REVENUE_BAND];
/**
 * The bands whose clients without an ASP are not ready on `today` (their ASP deadline is within 90 days or
 * past) or, with `late`, are late (the deadline has passed): the Clients list's filter and Home's block ask
 * SQL for clients without an ASP in these bands.
 */
export function bandsWithoutAspAt(today: string, late = false): RevenueBand[] {
  const cut = late ? today : addDays(today, NOT_READY_WINDOW_DAYS);
  return REVENUE_BANDS.filter((band) => (late ? MANDATE_DEADLINES[band].aspBy < cut : MANDATE_DEADLINES[band].aspBy <= cut));
}

/** The TIN the law gives a business with a TRN: the TRN's first 10 digits. */
export const tinOfTrn = (trn: string): string => trn.slice(0, TIN_LENGTH);
const FULL_TRN = /^\d{15}$/;

/**
 * Why `tin` cannot be recorded for a client whose TRN is `trn`, in the words that follow the field's label
 * ('TIN must be ...'), or null when it agrees (or there is no TRN to agree with): a business with a TRN has
 * the TRN's first 10 digits as its TIN, which the ASP's directory checks.
 */
export function tinDisagreement(tin: string | null, trn: string | null): string | null {
  if (tin === null || trn === null || !FULL_TRN.test(trn)) return null;
  const own = tinOfTrn(trn);
  return tin === own ? null : `must be ${own}, the first ${TIN_LENGTH} digits of the client's TRN ${trn}`;
}

/** The TIN a client's documents are addressed to: the one recorded, else its TRN's first 10 digits; null when neither. */
export const buyerTin = (recorded: string | null, trn: string | null): string | null => recorded ?? (trn && FULL_TRN.test(trn) ? tinOfTrn(trn) : null);

/**
 * A client's standing against its ASP deadline: not ready (no ASP while the deadline is within 90 days or
 * past), late (the deadline passed with no ASP, or the ASP was appointed after it: a late appointment is
 * still late), and the words its readiness chip shows.
 */
export function aspStanding(band: RevenueBand | null, asp: { name: string | null; appointedOn: string | null }, today: string): { notReady: boolean; late: boolean; label: string | null } {
  const deadline = mandateDeadlinesOf(band).aspBy;
  if (asp.name) {
    const late = asp.appointedOn !== null && asp.appointedOn > deadline;
    return { notReady: false, late, label: late ? `ASP appointed late: on ${formatIsoDate(asp.appointedOn!)}, after the ${formatIsoDate(deadline)} deadline` : 'ASP appointed' };
  }
  const notReady = addDays(today, NOT_READY_WINDOW_DAYS) >= deadline;
  return { notReady, late: today > deadline, label: notReady ? 'Not ready' : null };
}
