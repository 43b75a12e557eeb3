/**
 * The compliance calendar's tables, declared once (lib/table.ts; clients/table.ts holds the clients table's):
 * the deadline store's column lists (the filed list's SELECT, a filing's insert, a notice's claim) and row
 * types derive from them. The open deadlines are computed (common/compliance.ts), never stored. The columns
 * were made by migration 0034.
 */
import type { DeadlineKind } from '../../../../common/compliance.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

/** A deadline marked filed, with its reference (e.g. the FTA's acknowledgement number). */
export const deadlineFilingsTable = table('client_deadline_filings', {
  client_id: column<number>(),
  // The computed deadline's key ('vat_return:2026-03'): what makes it filed.
  key: column<string>(),
  kind: column<DeadlineKind>(),
  title: column<string>(),
  due_on: column<string>('date'),
  reference: column<string>(),
  filed_by: column<number | null>(),
  filed_at: column<Date>(),
});

export type DeadlineFilingColumns = RowOf<typeof deadlineFilingsTable.columns>;
export type DeadlineFilingColumn = keyof DeadlineFilingColumns & string;

/** The columns the filed list reads of each filing (its filer is joined beside them). */
export const FILING_ROW_FIELDS = ['key', 'kind', 'title', 'due_on', 'reference', 'filed_at'] as const satisfies readonly DeadlineFilingColumn[];

/** The columns a filing is written with. */
export const NEW_FILING_FIELDS = ['client_id', 'key', 'kind', 'title', 'due_on', 'reference', 'filed_by'] as const satisfies readonly DeadlineFilingColumn[];

/** The one notice a bookkeeper got of a deadline coming: its primary key makes it once. */
export const deadlineNoticesTable = table('client_deadline_notices', {
  client_id: column<number>(),
  key: column<string>(),
  due_on: column<string>('date'),
  notified_at: column<Date>(),
});

export type DeadlineNoticeColumns = RowOf<typeof deadlineNoticesTable.columns>;
export type DeadlineNoticeColumn = keyof DeadlineNoticeColumns & string;

/** The columns a notice's claim writes. */
export const NEW_NOTICE_FIELDS = ['client_id', 'key', 'due_on'] as const satisfies readonly DeadlineNoticeColumn[];
