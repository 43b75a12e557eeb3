/**
 * Tasks for the client's reviewer (its account team's, the tasks module's store) REVIEW_NOTICE_DAYS before
 * the next AML review and before any party's ID or the trade licence expires (common/aml-risk.ts,
 * amlDueItems). Active clients with an AML file only: a registration still in the pipeline has no client to
 * hold a task (its reviewer sees the file's checklist), and a client onboarded before the AML file existed has
 * no file to keep current (the compliance calendar still lists its licence renewal). Idempotent: each due item's key is claimed in aml_due_tasks in the
 * task's own transaction, so a rerun, a restart or a second replica makes no second task.
 */
import { amlDueItems, type AmlDueInput } from '../../../../common/aml-risk.ts';
import { dubaiDate, type IsoDate } from '../../../../common/calendar.ts';
import { MAX_TASK_TITLE } from '../../../../common/service-desk.ts';
import type { Database } from '../../db/database.ts';
import { insertTask } from '../tasks/index.ts';

interface DueRow extends Omit<AmlDueInput, 'parties'> {
  reviewer_id: number | null;
  parties: { id: number; name: string; id_expires_on: IsoDate | null }[];
}

export async function createAmlDueTasks(db: Database, today = dubaiDate()): Promise<{ created: number }> {
  const rows = await db.query<DueRow>(
    `SELECT r.id AS registration_id, c.id AS client_id, c.legal_name, c.reviewer_id,
            to_char(f.next_review_on, 'YYYY-MM-DD') AS next_review_on, to_char(c.licence_expires_on, 'YYYY-MM-DD') AS licence_expires_on,
            COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'id_expires_on', to_char(p.id_expires_on, 'YYYY-MM-DD')) ORDER BY p.id)
                      FROM aml_parties p WHERE p.registration_id = r.id AND p.id_expires_on IS NOT NULL AND p.id_expires_on <= $1::date + 30), '[]'::json) AS parties
     FROM clients c JOIN registrations r ON r.id = c.registration_id JOIN aml_files f ON f.registration_id = r.id
     WHERE c.status <> 'cancelled'
       -- Nothing is done for a frozen client until the freeze is lifted; its items are claimed after the lift.
       AND f.frozen_at IS NULL
       AND (f.next_review_on <= $1::date + 30 OR c.licence_expires_on <= $1::date + 30
            OR EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id AND p.id_expires_on <= $1::date + 30))
     ORDER BY c.id`,
    [today],
  );
  let created = 0;
  for (const row of rows) {
    for (const item of amlDueItems(row, today)) {
      const made = await db.transaction(async (tx) => {
        const [claimed] = await tx.query<{ item_key: string }>(
          'INSERT INTO aml_due_tasks (item_key, registration_id) VALUES ($1, $2) ON CONFLICT (item_key) DO NOTHING RETURNING item_key',
          [item.key, row.registration_id],
        );
        if (!claimed) return false;
        const taskId = await insertTask(tx, {
          clientId: row.client_id,
          title: item.title.slice(0, MAX_TASK_TITLE),
          description: item.kind === 'review' ? 'Review the AML file: parties, screening, risk rating and, for high risk, the enhanced due diligence.' : 'Ask the client for the renewed document and update its AML file.',
          assigneeId: row.reviewer_id,
          reviewerId: null,
          dueOn: item.due_on,
          priority: item.due_on < today ? 'high' : 'normal',
          checklist: [],
          createdBy: null,
        });
        await tx.query('UPDATE aml_due_tasks SET task_id = $2 WHERE item_key = $1', [item.key, taskId]);
        return true;
      });
      if (made) created += 1;
    }
  }
  return { created };
}
