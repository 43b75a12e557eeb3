/**
 * Re-screening after a list import: a job per new list version screens every registration with parties
 * again, a batch per transaction, its progress (the last registration done) stored with the batch, so a
 * restart goes on where it stopped and two replicas never screen the same batch (SKIP LOCKED).
 */
import type { Database } from '../../db/database.ts';
import { screenRegistrations } from './screening-store.ts';

const BATCH = 25;

export async function runRescreenJobs(db: Database, maxBatches = 10_000): Promise<{ rescreened: number }> {
  let rescreened = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const done = await db.transaction(async (tx) => {
      const [job] = await tx.query<{ id: number; last_registration_id: number }>(
        'SELECT id, last_registration_id FROM aml_rescreen_jobs WHERE finished_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED',
      );
      if (!job) return null;
      const batch = await tx.query<{ id: number; user_id: number; legal_name: string }>(
        'SELECT r.id, r.user_id, r.legal_name FROM registrations r WHERE r.id > $1 AND EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id) ORDER BY r.id LIMIT $2',
        [job.last_registration_id, BATCH],
      );
      if (batch.length === 0) {
        await tx.query('UPDATE aml_rescreen_jobs SET finished_at = CURRENT_TIMESTAMP WHERE id = $1', [job.id]);
        return 0;
      }
      await screenRegistrations(tx, batch);
      await tx.query('UPDATE aml_rescreen_jobs SET done = done + $2, last_registration_id = $3 WHERE id = $1', [job.id, batch.length, batch.at(-1)!.id]);
      return batch.length;
    });
    if (done === null) break;
    rescreened += done;
  }
  return { rescreened };
}
