/**
 * The monthly_reports table's row, declared once (lib/table.ts; clients/table.ts holds the clients table's):
 * the report store's column lists (a report's SELECT, a new revision's insert, an action's update, the
 * client's own list) and its row types derive from it. The columns were made by migration 0032.
 */
import type { ReportState } from '../../../../common/clients.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const monthlyReportsTable = table('monthly_reports', {
  id: column<number>(),
  client_id: column<number>(),
  // The month's first day; the store answers it as 'YYYY-MM'.
  month: column<string>('date'),
  revision: column<number>(),
  state: column<ReportState>(),
  summary: column<string>(),
  file_name: column<string | null>(),
  size_bytes: column<number | null>(),
  // The PDF; read only by a download.
  content: column<Uint8Array | null>(),
  file_uploaded_at: column<Date | null>(),
  return_reason: column<string | null>(),
  created_by: column<number | null>(),
  created_at: column<Date>(),
  updated_at: column<Date>(),
  submitted_by: column<number | null>(),
  submitted_at: column<Date | null>(),
  reviewed_by: column<number | null>(),
  reviewed_at: column<Date | null>(),
  published_by: column<number | null>(),
  published_at: column<Date | null>(),
  version: column<number>(),
});

export type ReportColumns = RowOf<typeof monthlyReportsTable.columns>;
export type ReportColumn = keyof ReportColumns & string;

/** The columns a report's answer reads as stored (its month as 'YYYY-MM', its client's team, its people and whether another revision is open are computed beside them). */
export const REPORT_ROW_FIELDS = [
  'id',
  'client_id',
  'revision',
  'state',
  'summary',
  'file_name',
  'size_bytes',
  'file_uploaded_at',
  'return_reason',
  'created_at',
  'submitted_at',
  'reviewed_at',
  'published_at',
  'version',
] as const satisfies readonly ReportColumn[];

/** The columns a download reads. */
export const REPORT_FILE_FIELDS = ['file_name', 'content'] as const satisfies readonly ReportColumn[];

/** The columns a revision is made with (the rest take their defaults: a draft). */
export const NEW_REPORT_FIELDS = ['client_id', 'month', 'revision', 'summary', 'created_by'] as const satisfies readonly ReportColumn[];

/** The columns the client's own list reads of a published report (its month as 'YYYY-MM' beside them). */
export const MY_REPORT_FIELDS = ['id', 'revision', 'summary', 'file_name', 'published_at', 'state'] as const satisfies readonly ReportColumn[];
