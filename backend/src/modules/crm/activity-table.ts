/**
 * The lead_activities table's row, declared once (lib/table.ts; crm/table.ts holds the leads table's): a
 * lead's activity list and the insert of a logged activity derive from it. The columns were made by
 * migration 0060.
 */
import type { ActivityKind } from '../../../../common/contract/crm-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const leadActivitiesTable = table('lead_activities', {
  id: column<number>(),
  lead_id: column<number>(),
  kind: column<ActivityKind>(),
  // When it happened, as staff logged it (created_at is when it was logged).
  at: column<Date>(),
  text: column<string>(),
  actor_id: column<number | null>(),
  created_at: column<Date>(),
});

export type LeadActivityColumns = RowOf<typeof leadActivitiesTable.columns>;
export type LeadActivityColumn = keyof LeadActivityColumns & string;

/** The columns a lead's page lists of each activity (its actor is joined beside them). */
export const ACTIVITY_ROW_FIELDS = ['id', 'kind', 'at', 'text'] as const satisfies readonly LeadActivityColumn[];

/** The columns a logged activity is written with. */
export const NEW_ACTIVITY_FIELDS = ['lead_id', 'kind', 'at', 'text', 'actor_id'] as const satisfies readonly LeadActivityColumn[];
