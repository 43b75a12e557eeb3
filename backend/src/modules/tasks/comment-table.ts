/**
 * The task_comments table's row, declared once (lib/table.ts; tasks/table.ts holds the tasks table's): a
 * task's comment list and the insert of a comment derive from it. The columns were made by migration 0040.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const taskCommentsTable = table('task_comments', {
  id: column<number>(),
  task_id: column<number>(),
  author_id: column<number | null>(),
  body: column<string>(),
  created_at: column<Date>(),
});

export type TaskCommentColumns = RowOf<typeof taskCommentsTable.columns>;
export type TaskCommentColumn = keyof TaskCommentColumns & string;

/** The columns a task's page lists of each comment (its author is joined beside them). */
export const COMMENT_ROW_FIELDS = ['id', 'body', 'created_at'] as const satisfies readonly TaskCommentColumn[];

/** The columns a comment is written with. */
export const NEW_COMMENT_FIELDS = ['task_id', 'author_id', 'body'] as const satisfies readonly TaskCommentColumn[];
