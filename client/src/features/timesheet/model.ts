/**
 * The Timesheet page's arithmetic: a week of entries as a grid of clients by days (Monday to Sunday), with
 * each day's, each client's and the week's total in minutes, and the running timer's minutes.
 */
import type { TimeEntry } from '../../../../common/contract/time.ts';

export interface GridRow {
  client: { id: number; legal_name: string };
  /** Minutes per day of the week, Monday first. */
  days: number[];
  total: number;
}

export interface WeekGrid {
  rows: GridRow[];
  dayTotals: number[];
  total: number;
  /** Minutes per day that are billable, Monday first. */
  billable: number;
}

/** The grid of `days` (the week's seven dates): one row per client, by name; an entry outside the days is left out. */
export function weekGrid(days: readonly string[], entries: readonly Pick<TimeEntry, 'client' | 'date' | 'minutes' | 'billable'>[]): WeekGrid {
  const byClient = new Map<number, GridRow>();
  const dayTotals = days.map(() => 0);
  let total = 0;
  let billable = 0;
  for (const entry of entries) {
    const index = days.indexOf(entry.date);
    if (index < 0) continue;
    let row = byClient.get(entry.client.id);
    if (!row) {
      row = { client: entry.client, days: days.map(() => 0), total: 0 };
      byClient.set(entry.client.id, row);
    }
    row.days[index]! += entry.minutes;
    row.total += entry.minutes;
    dayTotals[index]! += entry.minutes;
    total += entry.minutes;
    if (entry.billable) billable += entry.minutes;
  }
  const rows = [...byClient.values()].sort((a, b) => a.client.legal_name.localeCompare(b.client.legal_name) || a.client.id - b.client.id);
  return { rows, dayTotals, total, billable };
}

/** Whole minutes a timer started at `startedAt` has run at `now` (never below zero: a clock a little behind the server's). */
export const elapsedMinutes = (startedAt: string, now: number): number => Math.max(0, Math.floor((now - Date.parse(startedAt)) / 60_000));
