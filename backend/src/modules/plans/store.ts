/** The plan catalogue and the billing cycles, as stored. */
import type { CycleChoice, Plan } from '../../../../common/contract/plans.ts';
import type { PlanHoursBody } from '../../../../common/contract/plans.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { assignList, selectList } from '../../lib/table.ts';
import { CYCLE_CHOICE_FIELDS, PLAN_HOURS_FIELDS, PLAN_ROW_FIELDS, plansTable, subscriptionCyclesTable, type CycleColumns, type PlanColumns } from './table.ts';

const COLUMNS = selectList(plansTable, null, PLAN_ROW_FIELDS);

export async function listPlans(db: Queryable): Promise<Plan[]> {
  return db.query<Plan>(`SELECT ${COLUMNS} FROM plans ORDER BY sort_order, id`);
}

export async function listCycles(db: Queryable): Promise<CycleChoice[]> {
  return db.query<Pick<CycleColumns, (typeof CYCLE_CHOICE_FIELDS)[number]> & { value: CycleColumns['code'] }>(
    `SELECT code AS value, ${selectList(subscriptionCyclesTable, null, CYCLE_CHOICE_FIELDS)} FROM subscription_cycles ORDER BY sort_order, months`,
  );
}

/** A plan that may still be chosen (for a new registration or a plan change); undefined when unknown or retired. */
export async function findActivePlan(db: Queryable, planId: number): Promise<Plan | undefined> {
  const [plan] = await db.query<Plan>(`SELECT ${COLUMNS} FROM plans WHERE id = $1 AND active`, [planId]);
  return plan;
}

/** PATCH plans/{id}/hours (ADMIN): the hours a month the plan includes, which every client budget on it reads. */
export function updatePlanHours(db: Database, planId: number, body: PlanHoursBody, context: ActionContext): Promise<Plan> {
  return writeRecord(db, {
    entity: 'plan',
    context,
    version: body.version,
    conflictMessage: 'This plan was changed by someone else. Reload it and try again.',
    lock: async (tx) => {
      const [row] = await tx.query<Pick<PlanColumns, (typeof PLAN_HOURS_FIELDS)[number]>>(`SELECT ${selectList(plansTable, null, PLAN_HOURS_FIELDS)} FROM plans WHERE id = $1 FOR UPDATE`, [planId]);
      if (!row) throw notFound('Plan');
      return row;
    },
    act: async (tx, row) => {
      await tx.query(`UPDATE plans SET ${assignList<typeof plansTable.columns>(['monthly_minutes'], 2)}, version = version + 1 WHERE id = $1`, [planId, body.monthly_minutes]);
      await writeAudit(tx, {
        entity: 'plan',
        entityId: planId,
        kind: 'plan_hours_changed',
        actorId: context.actorId,
        before: { monthly_minutes: row.monthly_minutes },
        after: { monthly_minutes: body.monthly_minutes },
        idempotencyKey: context.idempotencyKey,
      });
    },
    read: async (tx) => (await tx.query<Plan>(`SELECT ${COLUMNS} FROM plans WHERE id = $1`, [planId]))[0]!,
  });
}
