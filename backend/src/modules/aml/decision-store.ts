/**
 * The second pair of eyes on a screening decision: a false positive on a strong hit waits for a different
 * staff member's countersign (or is sent back to be decided again), and a compliance officer may reopen a
 * false positive with a reason. Each is one versioned write with its audit event, which is also the match's
 * history and the registration's timeline.
 */
import type { CountersignBody, ReasonBody, Screening } from '../../../../common/contract/aml.ts';
import type { Database } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden } from '../../lib/http-error.ts';
import { decisionReason } from './decision-rules.ts';
import { matchAuditData, matchWrite } from './screening-store.ts';

export async function countersignMatch(db: Database, userId: number, matchId: number, body: CountersignBody, context: ActionContext): Promise<Screening> {
  return matchWrite(db, userId, matchId, body.version, context, async (tx, row, registration) => {
    if (row.state !== 'false_positive' || !row.countersign_due) throw conflict('This match is not awaiting a second review.');
    if (row.decided_by === context.actorId) throw forbidden('The second review is another person\'s: you decided this match.');
    const reason = decisionReason(body.reason);
    if (body.outcome === 'countersign') {
      await tx.query('UPDATE aml_matches SET countersign_due = false, countersigned_by = $2, countersigned_at = CURRENT_TIMESTAMP, version = version + 1 WHERE id = $1', [row.id, context.actorId]);
    } else {
      // Sent back: decided again from the start; the first decision stays in the history.
      await tx.query("UPDATE aml_matches SET state = 'potential', countersign_due = false, decided_by = NULL, decided_at = NULL, reason = NULL, version = version + 1 WHERE id = $1", [row.id]);
    }
    await writeAudit(tx, {
      entity: 'aml_match', entityId: row.id, kind: body.outcome === 'countersign' ? 'match_countersigned' : 'match_sent_back', actorId: context.actorId,
      data: matchAuditData(registration, row, reason), before: { state: 'awaiting_second_review' }, after: { state: body.outcome === 'countersign' ? 'false_positive' : 'potential' }, idempotencyKey: context.idempotencyKey,
    });
  });
}

export async function reopenMatch(db: Database, userId: number, matchId: number, body: ReasonBody, context: ActionContext): Promise<Screening> {
  return matchWrite(db, userId, matchId, body.version, context, async (tx, row, registration) => {
    const [actor] = await tx.query<{ compliance_officer: boolean }>('SELECT compliance_officer FROM users WHERE id = $1', [context.actorId]);
    if (!actor?.compliance_officer) throw forbidden('Only a compliance officer reopens a decision.');
    if (row.state === 'potential') throw conflict('This match is not decided yet.');
    // A confirmed match froze the client: it is undone with the freeze, not by reopening it.
    if (row.state === 'confirmed') throw conflict('A confirmed match stays until the freeze is lifted.');
    const reason = decisionReason(body.reason);
    await tx.query(
      "UPDATE aml_matches SET state = 'potential', countersign_due = false, countersigned_by = NULL, countersigned_at = NULL, decided_by = NULL, decided_at = NULL, reason = NULL, version = version + 1 WHERE id = $1",
      [row.id],
    );
    await writeAudit(tx, {
      entity: 'aml_match', entityId: row.id, kind: 'match_reopened', actorId: context.actorId,
      data: matchAuditData(registration, row, reason), before: { state: row.countersign_due ? 'awaiting_second_review' : row.state }, after: { state: 'potential' }, idempotencyKey: context.idempotencyKey,
    });
  });
}
