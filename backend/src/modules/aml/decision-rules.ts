/**
 * A screening match's decision as the file shows it: its state (a false positive whose countersign is due is
 * 'awaiting second review'), the reason rule, and its history, read from its audit events, which are
 * append-only: what was decided, countersigned, sent back or reopened, by whom, when and why.
 */
import { MIN_DECISION_REASON } from '../../../../common/aml-decisions.ts';
import type { MatchAction, MatchStep, ScreeningMatch } from '../../../../common/contract/aml.ts';
import type { Queryable } from '../../db/database.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { personJson } from '../../lib/person-sql.ts';

export const MATCH_LOCK_COLUMNS = 'id, version, party_id, state, candidate, found_at, decided_by, countersign_due';

export const shownState = (row: { state: Exclude<ScreeningMatch['state'], 'awaiting_second_review'>; countersign_due: boolean }): ScreeningMatch['state'] =>
  row.state === 'false_positive' && row.countersign_due ? 'awaiting_second_review' : row.state;

/** The reason trimmed; 400 when it is shorter than MIN_DECISION_REASON (the schema counts spaces too). */
export function decisionReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length < MIN_DECISION_REASON) throw invalidInput('reason', `must be at least ${MIN_DECISION_REASON} characters: say why`);
  return trimmed;
}

/** Audit kinds of a match's decision steps, and the step each is. */
export const MATCH_STEP_KINDS: Readonly<Record<string, { action: MatchAction; decision: MatchStep['decision'] }>> = {
  match_false_positive: { action: 'decided', decision: 'false_positive' },
  match_confirmed: { action: 'decided', decision: 'confirmed' },
  match_countersigned: { action: 'countersigned', decision: null },
  match_sent_back: { action: 'sent_back', decision: null },
  match_reopened: { action: 'reopened', decision: null },
};

export async function matchHistory(db: Queryable, matchIds: readonly number[]): Promise<Map<number, MatchStep[]>> {
  const history = new Map<number, MatchStep[]>();
  if (matchIds.length === 0) return history;
  const rows = await db.query<{ entity_id: number; kind: string; reason: string | null; by: MatchStep['by']; at: Date }>(
    `SELECT e.entity_id, e.kind, e.data->>'reason' AS reason, ${personJson('u')} AS by, e.created_at AS at
     FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
     WHERE e.entity = 'aml_match' AND e.entity_id = ANY($1::integer[]) AND e.kind = ANY($2::text[]) ORDER BY e.created_at, e.id`,
    [matchIds, Object.keys(MATCH_STEP_KINDS)],
  );
  for (const row of rows) {
    const step = MATCH_STEP_KINDS[row.kind]!;
    const steps = history.get(row.entity_id) ?? [];
    steps.push({ action: step.action, decision: step.decision, reason: row.reason ?? '', by: row.by, at: row.at.toISOString() });
    history.set(row.entity_id, steps);
  }
  return history;
}
