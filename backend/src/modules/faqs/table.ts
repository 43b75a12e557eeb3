/**
 * The faqs table's row, declared once (lib/table.ts): the store's column lists (a FAQ's SELECT, the website's,
 * the lock, the insert and the edit's assignments) and its row types derive from it.
 */
import type { FaqStatus } from '../../../../common/contract/faqs-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const faqsTable = table('faqs', {
  id: column<number>(),
  category: column<string>(),
  question_en: column<string>(),
  answer_en: column<string>(),
  question_ar: column<string>(),
  answer_ar: column<string>(),
  status: column<FaqStatus>(),
  publish_from: column<string | null>('date'),
  publish_until: column<string | null>('date'),
  position: column<number>(),
  version: column<number>(),
  updated_at: column<Date>(),
});

export type FaqColumns = RowOf<typeof faqsTable.columns>;
export type FaqColumn = keyof FaqColumns & string;

/** The columns a FAQ is read with in the list and its page (whether it is live today is computed beside them). */
export const FAQ_ROW_FIELDS = ['id', 'category', 'question_en', 'answer_en', 'question_ar', 'answer_ar', 'status', 'publish_from', 'publish_until', 'position', 'updated_at', 'version'] as const satisfies readonly FaqColumn[];

/** What the form writes, on an add and an edit (the position follows from the category). */
export const FAQ_CONTENT_FIELDS = ['category', 'question_en', 'answer_en', 'question_ar', 'answer_ar', 'status', 'publish_from', 'publish_until'] as const satisfies readonly FaqColumn[];

/** What an add and an edit write: the form's columns, then the position (the next in the category, or kept). */
export const FAQ_WRITE_FIELDS = [...FAQ_CONTENT_FIELDS, 'position'] as const satisfies readonly FaqColumn[];

/** The columns a write locks and reads: enough to check its version and find its place. */
export const FAQ_LOCK_FIELDS = ['id', 'version', 'category', 'position'] as const satisfies readonly FaqColumn[];

/** The columns the website reads of a live FAQ. */
export const PUBLIC_FAQ_FIELDS = ['id', 'category', 'question_en', 'answer_en', 'question_ar', 'answer_ar'] as const satisfies readonly FaqColumn[];
