/**
 * The budgets and capacity area's tables, each row declared once (lib/table.ts): staff_leave_days and
 * client_budget_notices (migration 0110) and time_week_totals (0117, kept by a trigger on time_entries). The
 * store's column lists and row types derive from them.
 */
import type { BudgetThreshold } from '../../../../common/capacity.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const staffLeaveDaysTable = table('staff_leave_days', {
  user_id: column<number>(),
  day: column<string>('date'),
  note: column<string>(),
  created_by: column<number | null>(),
  created_at: column<Date>(),
});

export type LeaveDayColumns = RowOf<typeof staffLeaveDaysTable.columns>;
export type LeaveDayColumn = keyof LeaveDayColumns & string;
/** A leave day as the view and the profitability report read it. */
export const LEAVE_DAY_FIELDS = ['user_id', 'day'] as const satisfies readonly LeaveDayColumn[];
/** The columns recording leave writes (the time of it takes its default). */
export const NEW_LEAVE_FIELDS = ['user_id', 'day', 'note', 'created_by'] as const satisfies readonly LeaveDayColumn[];

export const clientBudgetNoticesTable = table('client_budget_notices', {
  client_id: column<number>(),
  month: column<string>(),
  threshold_percent: column<BudgetThreshold>(),
  notified_at: column<Date>(),
});

export type BudgetNoticeColumns = RowOf<typeof clientBudgetNoticesTable.columns>;
export type BudgetNoticeColumn = keyof BudgetNoticeColumns & string;
/** A notice's key: claimed once per client, month and threshold. */
export const BUDGET_NOTICE_KEY = ['client_id', 'month', 'threshold_percent'] as const satisfies readonly BudgetNoticeColumn[];

export const timeWeekTotalsTable = table('time_week_totals', {
  week: column<string>('date'),
  user_id: column<number>(),
  minutes: column<number>(),
});

export type WeekTotalColumns = RowOf<typeof timeWeekTotalsTable.columns>;
export type WeekTotalColumn = keyof WeekTotalColumns & string;
