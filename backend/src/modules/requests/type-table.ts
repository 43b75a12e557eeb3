/**
 * The request_types table's row, declared once (lib/table.ts; requests/table.ts holds the service_requests
 * table's): the catalogue's SELECT and its row type derive from it. The columns were made by migration 0040.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const requestTypesTable = table('request_types', {
  id: column<number>(),
  code: column<string>(),
  name: column<string>(),
  target_working_days: column<number>(),
  // Where the catalogue lists it.
  position: column<number>(),
});

export type RequestTypeColumns = RowOf<typeof requestTypesTable.columns>;
export type RequestTypeColumn = keyof RequestTypeColumns & string;

/** The columns the catalogue answers of each type. */
export const REQUEST_TYPE_FIELDS = ['id', 'code', 'name', 'target_working_days'] as const satisfies readonly RequestTypeColumn[];
