/**
 * The time area's tables, each row declared once (lib/table.ts): time_entries (migration 0110), timers (0110)
 * and timesheets (0110, its id 0114). The store's column lists (an entry's insert, update and lock, the timer's
 * insert and lock, a week's row) and row types derive from them.
 */
import type { TimesheetStatus } from '../../../../common/contract/time-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const timeEntriesTable = table('time_entries', {
  id: column<number>(),
  version: column<number>(),
  user_id: column<number>(),
  client_id: column<number>(),
  task_id: column<number | null>(),
  request_id: column<number | null>(),
  work_date: column<string>('date'),
  minutes: column<number>(),
  note: column<string>(),
  billable: column<boolean>(),
  source: column<'manual' | 'timer'>(),
  created_at: column<Date>(),
  updated_at: column<Date>(),
});

export type TimeEntryColumns = RowOf<typeof timeEntriesTable.columns>;
export type TimeEntryColumn = keyof TimeEntryColumns & string;

/** What an edit may change (the day among them): the update's assignments and the audit's before and after. */
export const ENTRY_EDIT_FIELDS = ['client_id', 'task_id', 'request_id', 'work_date', 'minutes', 'note', 'billable'] as const satisfies readonly TimeEntryColumn[];
/** The columns a new entry is written with (the rest take their defaults). */
export const NEW_ENTRY_FIELDS = ['user_id', ...ENTRY_EDIT_FIELDS, 'source'] as const satisfies readonly TimeEntryColumn[];
/** The columns a write locks and checks (the day is read beside them as `date`, the API's name for it). */
export const LOCKED_ENTRY_FIELDS = ['id', 'version', 'user_id', 'client_id', 'task_id', 'request_id', 'minutes', 'note', 'billable'] as const satisfies readonly TimeEntryColumn[];

export const timersTable = table('timers', {
  user_id: column<number>(),
  version: column<number>(),
  client_id: column<number>(),
  task_id: column<number | null>(),
  request_id: column<number | null>(),
  note: column<string>(),
  started_at: column<Date>(),
});

export type TimerColumns = RowOf<typeof timersTable.columns>;
export type TimerColumn = keyof TimerColumns & string;

/** What a running timer holds: what its stop saves as an entry. */
export const TIMER_WORK_FIELDS = ['client_id', 'task_id', 'request_id', 'note', 'started_at'] as const satisfies readonly TimerColumn[];
/** The columns a start writes (the version takes its default). */
export const NEW_TIMER_FIELDS = ['user_id', ...TIMER_WORK_FIELDS] as const satisfies readonly TimerColumn[];

export const timesheetsTable = table('timesheets', {
  id: column<number>(),
  user_id: column<number>(),
  week: column<string>(),
  version: column<number>(),
  status: column<TimesheetStatus>(),
  submitted_at: column<Date | null>(),
  decided_at: column<Date | null>(),
  decided_by: column<number | null>(),
  return_reason: column<string | null>(),
});

export type TimesheetColumns = RowOf<typeof timesheetsTable.columns>;
export type TimesheetColumn = keyof TimesheetColumns & string;

/** A week's row as the Timesheet page reads it (its decider's name joined beside it). */
export const SHEET_FIELDS = ['id', 'version', 'status', 'submitted_at', 'decided_at', 'decided_by', 'return_reason'] as const satisfies readonly TimesheetColumn[];
/** The columns a week's write locks. */
export const LOCKED_SHEET_FIELDS = ['id', 'version', 'status'] as const satisfies readonly TimesheetColumn[];
