/** The Practice page's rules: the months a view covers, how a dashboard figure and its change read, and the margin chart's bars. */
import { addMonthsToMonth, isIsoMonth, monthOfDate } from '../../../../common/calendar.ts';
import { formatBp, formatMinutes } from '../../../../common/practice.ts';
import { formatFils } from '../../../../common/money.ts';
import type { DashboardFigure, ProfitabilityMonth } from '../../../../common/contract/practice.ts';
import { MAX_REPORT_MONTHS } from '../../../../common/contract/practice-paths.ts';

export const PRACTICE_TABS = ['dashboard', 'profitability', 'rates'] as const;
export type PracticeTab = (typeof PRACTICE_TABS)[number];
export const PRACTICE_TAB_LABELS: Record<PracticeTab, string> = { dashboard: 'Dashboard', profitability: 'Profitability', rates: 'Cost rates' };

/** The range a profitability view asks for: the URL's months when they make a range the server takes, else the last 12 months to this one. */
export function reportRange(from: string, to: string, today: string): { from: string; to: string } {
  const current = monthOfDate(today);
  const end = isIsoMonth(to) ? to : current;
  const start = isIsoMonth(from) && from <= end && from >= addMonthsToMonth(end, -(MAX_REPORT_MONTHS - 1)) ? from : addMonthsToMonth(end, -11);
  return { from: start, to: end };
}

/** The month a dashboard shows: the URL's, else this one. */
export const dashboardMonth = (month: string, today: string) => (isIsoMonth(month) ? month : monthOfDate(today));

export function figureValue(figure: Pick<DashboardFigure, 'unit'>, value: number | null): string {
  if (value === null) return '–';
  switch (figure.unit) {
    case 'fils':
      return formatFils(value);
    case 'bp':
      return formatBp(value);
    case 'days':
      return `${value} ${value === 1 ? 'day' : 'days'}`;
    case 'count':
      return value.toLocaleString('en-GB');
  }
}

/** The change from the month before, as people read it ('+3', '-AED 1,200.00', '+2.5 %'); empty when either month has no figure. */
export function figureChange(figure: DashboardFigure): string {
  if (figure.current === null || figure.previous === null) return '';
  const change = figure.current - figure.previous;
  if (change === 0) return 'no change';
  const sign = change > 0 ? '+' : '-';
  const size = figureValue(figure, Math.abs(change));
  return `${sign}${size}`;
}

export { formatBp, formatMinutes };

export interface Bar {
  month: string;
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
  margin_fils: number;
}

/**
 * The margin chart's bars in a `width` x `height` box: one per month, above the zero line for a profit and
 * below it for a loss, scaled to the largest amount either way. Plain SVG attributes, so no style is inlined.
 */
export function marginBars(months: readonly ProfitabilityMonth[], width: number, height: number): { bars: Bar[]; zeroY: number } {
  const top = Math.max(0, ...months.map((month) => month.margin_fils));
  const bottom = Math.min(0, ...months.map((month) => month.margin_fils));
  const span = top - bottom || 1;
  const zeroY = Math.round((top / span) * height);
  const slot = months.length === 0 ? width : width / months.length;
  const bars = months.map((month, index) => {
    const size = Math.round((Math.abs(month.margin_fils) / span) * height);
    const negative = month.margin_fils < 0;
    return { month: month.month, x: Math.round(index * slot + slot * 0.15), y: negative ? zeroY : zeroY - size, width: Math.max(1, Math.round(slot * 0.7)), height: size, negative, margin_fils: month.margin_fils };
  });
  return { bars, zeroY };
}
