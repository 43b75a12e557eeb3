/** The Clients pages' rules: how statuses, expiries, days left and report states read, and the tab in the URL. */
import { MONTH_NAMES, dubaiDate, monthOfDate, monthsEnding } from '../../../../common/calendar.ts';
import { CLIENT_TABS, expiryTone, type ClientStatus, type ClientTab, type ReportState } from '../../../../common/clients.ts';
import type { MonthlyReport } from '../../../../common/contract/clients.ts';
import { INSIGHT_MONTHS_SHOWN } from '../../../../common/contract/clients-paths.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';
import { formatDubaiDate } from '../../lib/dates.ts';

export const CLIENT_STATUS_VARIANTS: Record<ClientStatus, ChipVariant> = { active: 'green', paused: 'amber', cancelled: 'neutral' };

export const REPORT_STATE_VARIANTS: Record<ReportState, ChipVariant> = {
  draft: 'neutral',
  submitted: 'blue',
  returned: 'red',
  approved: 'purple',
  published: 'green',
  superseded: 'neutral',
};

/** A client id in the address: digits only, so '/clients/abc' is 'not found' without asking the server. */
export const isClientId = (value: string) => /^[1-9][0-9]{0,9}$/.test(value);

/** The tab of ?tab=; anything else is the overview. */
export function tabOf(search: string): ClientTab {
  const raw = new URLSearchParams(search).get('tab');
  return CLIENT_TABS.find((tab) => tab === raw) ?? 'overview';
}

/** 'in 3 days', 'today', 'tomorrow', '2 days overdue'. */
export function daysLeftText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return '1 day overdue';
  return days > 0 ? `in ${days} days` : `${-days} days overdue`;
}

/** A licence or document expiry: red when past, amber within 30 days (common/clients.ts). */
export function expiryVariant(daysLeft: number): ChipVariant {
  const tone = expiryTone(daysLeft);
  return tone === 'expired' ? 'red' : tone === 'expiring' ? 'amber' : 'neutral';
}

export function expiryText(date: string, daysLeft: number): string {
  if (daysLeft < 0) return `${formatDubaiDate(date)} (expired)`;
  return daysLeft <= 30 ? `${formatDubaiDate(date)} (${daysLeftText(daysLeft)})` : formatDubaiDate(date);
}

/** The export's file name, as the server names it: the Dubai date of the export. */
export const exportFileName = () => `clients-${dubaiDate()}.csv`;


export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The months the reports strip and the insights chart show: the last 12 up to last month (the current one is still open). */
export function recentMonths(today = dubaiDate(), count = INSIGHT_MONTHS_SHOWN): string[] {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return monthsEnding(last, count);
}

export const currentMonth = () => monthOfDate(dubaiDate());

/** The report that stands for a month at a glance: the one being worked on, else the latest published. */
export function reportOfMonth(reports: readonly MonthlyReport[], month: string): MonthlyReport | undefined {
  const ofMonth = reports.filter((report) => report.month === month);
  return ofMonth.find((report) => report.state !== 'published' && report.state !== 'superseded') ?? ofMonth.find((report) => report.state === 'published') ?? ofMonth[0];
}

/**
 * The VAT period as the overview shows it: 'Monthly', 'Quarterly, first quarter ends in March', or just
 * 'Quarterly' while the month is not recorded (never 'ends in -'); '-' when the client files no VAT.
 */
export function vatPeriodText(client: { vat_period: 'monthly' | 'quarterly' | null; vat_first_period_end_month: number | null }): string {
  if (client.vat_period === null) return '-';
  if (client.vat_period === 'monthly') return 'Monthly';
  const month = client.vat_first_period_end_month ? MONTH_NAMES[client.vat_first_period_end_month - 1] : undefined;
  return month ? `Quarterly, first quarter ends in ${month}` : 'Quarterly';
}

/** A budget's colour: green under 80 %, amber from 80 % (its people are told), red from 100 %. */
export function budgetVariant(percentUsed: number): 'green' | 'amber' | 'red' {
  if (percentUsed >= 100) return 'red';
  return percentUsed >= 80 ? 'amber' : 'green';
}
