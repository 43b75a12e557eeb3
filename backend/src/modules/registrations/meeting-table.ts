/**
 * The registration_meetings table's row, declared once (lib/table.ts; registrations/table.ts holds the
 * registrations table's): the call's record (records.ts), a booking's insert, a reschedule's and an
 * outcome's update derive from it. The columns were made by migration 0020.
 */
import type { MeetingRecord } from '../../../../common/contract/registrations.ts';
import type { MeetingMode } from '../../../../common/pipeline.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const registrationMeetingsTable = table('registration_meetings', {
  id: column<number>(),
  registration_id: column<number>(),
  host_id: column<number>(),
  starts_at: column<Date>(),
  ends_at: column<Date>(),
  mode: column<MeetingMode>(),
  link_or_location: column<string>(),
  status: column<MeetingRecord['status']>(),
  // The .ics SEQUENCE: it grows with each reschedule.
  sequence: column<number>(),
  booked_by: column<number | null>(),
  booked_at: column<Date>(),
  outcome_notes: column<string | null>(),
  outcome_by: column<number | null>(),
  outcome_at: column<Date | null>(),
  cancel_reason: column<string | null>(),
});

export type MeetingColumns = RowOf<typeof registrationMeetingsTable.columns>;
export type MeetingColumn = keyof MeetingColumns & string;

/** The columns a call's record reads as stored (its host, booker and the outcome's author are joined beside them). */
export const MEETING_ROW_FIELDS = ['id', 'starts_at', 'ends_at', 'mode', 'link_or_location', 'status', 'sequence', 'booked_at', 'outcome_notes', 'outcome_at'] as const satisfies readonly MeetingColumn[];

/** What a reschedule moves (the same call, its sequence grown). */
export const RESCHEDULE_FIELDS = ['starts_at', 'ends_at', 'host_id', 'mode', 'link_or_location'] as const satisfies readonly MeetingColumn[];

/** The columns a booked call is made with. */
export const NEW_MEETING_FIELDS = ['registration_id', 'host_id', 'starts_at', 'ends_at', 'mode', 'link_or_location', 'booked_by'] as const satisfies readonly MeetingColumn[];

/** What marking a call held or missed writes. */
export const OUTCOME_FIELDS = ['status', 'outcome_notes', 'outcome_by', 'outcome_at'] as const satisfies readonly MeetingColumn[];
