/** The plan catalogue and the billing cycles, as stored. */
import type { CycleChoice, Plan } from '../../../../common/contract/plans.ts';
import type { Queryable } from '../../db/database.ts';

export async function listPlans(db: Queryable): Promise<Plan[]> {
  return db.query<Plan>('SELECT id, code, name, monthly_price_fils, description, includes, active FROM plans ORDER BY sort_order, id');
}

export async function listCycles(db: Queryable): Promise<CycleChoice[]> {
  return db.query<CycleChoice>('SELECT code AS value, label, months, discount_bp FROM subscription_cycles ORDER BY sort_order, months');
}

/** A plan that may still be chosen (for a new registration or a plan change); undefined when unknown or retired. */
export async function findActivePlan(db: Queryable, planId: number): Promise<Plan | undefined> {
  const [plan] = await db.query<Plan>('SELECT id, code, name, monthly_price_fils, description, includes, active FROM plans WHERE id = $1 AND active', [planId]);
  return plan;
}
