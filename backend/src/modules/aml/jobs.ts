/**
 * Re-screening after a list import: a job per new list version screens every registration with parties
 * again, a batch per transaction, its progress (the last registration done) and what it found stored with
 * the batch, so a restart goes on where it stopped and two replicas never screen the same batch (SKIP
 * LOCKED). The job's end sends one summary of the import's new matches and delistings.
 */
import { SANCTIONS_LIST_LABELS, type SanctionsList } from '../../../../common/contract/aml.ts';
import type { Database } from '../../db/database.ts';
import { notifyScreeningSummary, screenRegistrations } from './screening-store.ts';

const BATCH = 25;

export async function runRescreenJobs(db: Database, maxBatches = 10_000): Promise<{ rescreened: number }> {
  let rescreened = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const done = await db.transaction(async (tx) => {
      const [job] = await tx.query<{ id: number; last_registration_id: number; new_matches: number; delisted_matches: number; flagged_registrations: number; list: SanctionsList }>(
        `SELECT j.id, j.last_registration_id, j.new_matches, j.delisted_matches, j.flagged_registrations, v.list
         FROM aml_rescreen_jobs j JOIN aml_list_versions v ON v.id = j.list_version_id WHERE j.finished_at IS NULL ORDER BY j.id LIMIT 1 FOR UPDATE OF j SKIP LOCKED`,
      );
      if (!job) return null;
      const batch = await tx.query<{ id: number; user_id: number; legal_name: string }>(
        'SELECT r.id, r.user_id, r.legal_name FROM registrations r WHERE r.id > $1 AND EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id) ORDER BY r.id LIMIT $2',
        [job.last_registration_id, BATCH],
      );
      if (batch.length === 0) {
        await tx.query('UPDATE aml_rescreen_jobs SET finished_at = CURRENT_TIMESTAMP WHERE id = $1', [job.id]);
        await notifyScreeningSummary(tx, { list: SANCTIONS_LIST_LABELS[job.list], newMatches: job.new_matches, registrations: job.flagged_registrations, delisted: job.delisted_matches });
        return 0;
      }
      const found = await screenRegistrations(tx, batch);
      await tx.query(
        'UPDATE aml_rescreen_jobs SET done = done + $2, last_registration_id = $3, new_matches = new_matches + $4, flagged_registrations = flagged_registrations + $5, delisted_matches = delisted_matches + $6 WHERE id = $1',
        [job.id, batch.length, batch.at(-1)!.id, found.fresh.reduce((sum, count) => sum + count, 0), found.fresh.filter((count) => count > 0).length, found.delisted],
      );
      return batch.length;
    });
    if (done === null) break;
    rescreened += done;
  }
  return { rescreened };
}
