/**
 * The saved_views table's row, declared once (lib/table.ts): the store's column lists (a view's SELECT, the
 * create's insert, the update's assignments) and its row type derive from it.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const savedViewsTable = table('saved_views', {
  id: column<number>(),
  owner_id: column<number>(),
  list: column<string>(),
  name: column<string>(),
  query: column<string>(),
  shared: column<boolean>(),
  is_default: column<boolean>(),
  version: column<number>(),
  idempotency_key: column<string | null>(),
  created_at: column<Date>(),
  updated_at: column<Date>(),
});

export type SavedViewColumns = RowOf<typeof savedViewsTable.columns>;
export type SavedViewColumn = keyof SavedViewColumns & string;

/** The columns a view's list row and its lock read (its owner's name and email are joined beside them). */
export const VIEW_ROW_FIELDS = ['id', 'owner_id', 'list', 'name', 'query', 'shared', 'is_default', 'version', 'updated_at'] as const satisfies readonly SavedViewColumn[];

/** The columns a new view is written with (the rest take their defaults). */
export const NEW_VIEW_FIELDS = ['owner_id', 'list', 'name', 'query', 'shared', 'is_default', 'idempotency_key'] as const satisfies readonly SavedViewColumn[];

/** What a change writes (its version and time are moved in SQL beside them). */
export const VIEW_EDIT_FIELDS = ['name', 'query', 'shared', 'is_default'] as const satisfies readonly SavedViewColumn[];
