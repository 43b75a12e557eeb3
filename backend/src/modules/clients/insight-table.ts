/**
 * The monthly_insights table's row, declared once (lib/table.ts; clients/table.ts holds the clients
 * table's): the insight store's column lists (a month's SELECT, its insert and the update on conflict) and
 * its row type derive from it. The columns were made by migration 0033.
 */
import { INSIGHT_FIELDS } from '../../../../common/clients.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const monthlyInsightsTable = table('monthly_insights', {
  client_id: column<number>(),
  // The month's first day; the store answers it as 'YYYY-MM'.
  month: column<string>('date'),
  // bigint, in fils: the driver answers a number on PGlite and on Postgres (db/postgres.ts).
  revenue_fils: column<number>(),
  expenses_fils: column<number>(),
  net_profit_fils: column<number>(),
  cash_at_bank_fils: column<number>(),
  vat_payable_fils: column<number>(),
  version: column<number>(),
  updated_by: column<number | null>(),
  updated_at: column<Date>(),
});

export type InsightColumns = RowOf<typeof monthlyInsightsTable.columns>;
export type InsightColumn = keyof InsightColumns & string;

/** The columns a month's answer reads as stored (its month as 'YYYY-MM' and its updater are computed beside them). */
export const INSIGHT_ROW_FIELDS = [...INSIGHT_FIELDS, 'version', 'updated_at'] as const satisfies readonly InsightColumn[];

/** What storing a month writes beside its key: its figures and who entered them (a new month inserts them, a known one updates them). */
export const INSIGHT_WRITE_FIELDS = [...INSIGHT_FIELDS, 'updated_by'] as const satisfies readonly InsightColumn[];
