/**
 * The practice area's tables, each row declared once (lib/table.ts): staff_cost_rates (migration 0110, written
 * only by rates-store.ts), time_month_totals (0116) and revenue_month_totals (0118), both kept by triggers
 * whichever module writes time entries or invoices, read by the reports. The stores' column lists and row
 * types derive from them.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const staffCostRatesTable = table('staff_cost_rates', {
  user_id: column<number>(),
  version: column<number>(),
  hourly_fils: column<number>(),
  updated_by: column<number | null>(),
  updated_at: column<Date>(),
});

export type CostRateColumns = RowOf<typeof staffCostRatesTable.columns>;
export type CostRateColumn = keyof CostRateColumns & string;
/** What setting a rate writes (its time and version are the table's to keep). */
export const RATE_WRITE_FIELDS = ['user_id', 'hourly_fils', 'updated_by'] as const satisfies readonly CostRateColumn[];

export const timeMonthTotalsTable = table('time_month_totals', {
  month: column<string>('date'),
  client_id: column<number>(),
  user_id: column<number>(),
  minutes: column<number>(),
  billable_minutes: column<number>(),
});

export type MonthTotalColumns = RowOf<typeof timeMonthTotalsTable.columns>;

export const revenueMonthTotalsTable = table('revenue_month_totals', {
  month: column<string>('date'),
  client_id: column<number>(),
  revenue_fils: column<number>(),
});

export type RevenueTotalColumns = RowOf<typeof revenueMonthTotalsTable.columns>;
