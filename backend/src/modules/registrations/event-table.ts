/**
 * The registration_events table's row, declared once (lib/table.ts; registrations/table.ts holds the
 * registrations table's): the spec's current_status history, its read and its insert derive from it. The
 * columns were made by migration 0001.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const registrationEventsTable = table('registration_events', {
  id: column<number>(),
  registration_id: column<number>(),
  status_text: column<string>(),
  // No default: each insert gives its time (the transaction's, or the demo seed's history).
  created_at: column<Date>(),
});

export type RegistrationEventColumns = RowOf<typeof registrationEventsTable.columns>;
export type RegistrationEventColumn = keyof RegistrationEventColumns & string;

/** The columns the history reads of each line. */
export const EVENT_ROW_FIELDS = ['status_text', 'created_at'] as const satisfies readonly RegistrationEventColumn[];

/** The columns a line is written with. */
export const NEW_EVENT_FIELDS = ['registration_id', 'status_text', 'created_at'] as const satisfies readonly RegistrationEventColumn[];
