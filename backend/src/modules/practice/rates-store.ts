/**
 * Staff cost rates: what an hour of each member of staff costs the firm, in fils. Kept in a table of their own
 * (staff_cost_rates) that only this module reads, and only for the callers the contract lets through
 * (the capability 'keep-cost-rates'), so no other answer can carry a rate by a join. Every change is versioned and audited.
 */
import { STAFF_ROLES } from '../../../../common/roles.ts';
import type { CostRate, SetCostRateBody } from '../../../../common/contract/practice.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { insertList } from '../../lib/table.ts';
import { RATE_WRITE_FIELDS, type CostRateColumns } from './table.ts';

const RATE_INSERT = insertList(RATE_WRITE_FIELDS);

type Row = Omit<CostRate, 'updated_at'> & { updated_at: Date | null };
const toRate = ({ updated_at, ...row }: Row): CostRate => ({ ...row, updated_at: updated_at ? updated_at.toISOString() : null });

const COLUMNS = `u.id AS user_id, u.display_name, u.email, u.role, u.active, r.hourly_fils, coalesce(r.version, 0) AS version, r.updated_at`;
const FROM = 'FROM users u LEFT JOIN staff_cost_rates r ON r.user_id = u.id';

/** Every member of staff (client accounts are not staff), active ones first, by name. */
export async function listCostRates(db: Queryable): Promise<CostRate[]> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE u.role = ANY($1) ORDER BY u.active DESC, lower(coalesce(u.display_name, u.email)), u.id`, [[...STAFF_ROLES]]);
  return rows.map(toRate);
}

async function readCostRate(db: Queryable, userId: number): Promise<CostRate> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE u.id = $1 AND u.role = ANY($2)`, [userId, [...STAFF_ROLES]]);
  if (!row) throw notFound('Staff member');
  return toRate(row);
}

export const COST_RATE_CONFLICT = 'This cost rate was changed by someone else since you opened it. Reload to see the current rate.';

/** Sets a staff member's hourly rate: the first with version 0, each later one with the version it replaces. */
export async function setCostRate(db: Database, userId: number, body: SetCostRateBody, context: ActionContext): Promise<CostRate> {
  return writeRecord(db, {
    entity: 'cost_rate',
    context,
    version: body.version,
    conflictMessage: COST_RATE_CONFLICT,
    lock: async (tx) => {
      // The user row is locked too, so two first rates of one person cannot both insert.
      const [row] = await tx.query<{ id: number; version: number; hourly_fils: CostRateColumns['hourly_fils'] | null }>(
        `SELECT u.id, coalesce(r.version, 0) AS version, r.hourly_fils FROM users u LEFT JOIN staff_cost_rates r ON r.user_id = u.id
         WHERE u.id = $1 AND u.role = ANY($2) FOR UPDATE OF u`,
        [userId, [...STAFF_ROLES]],
      );
      if (!row) throw notFound('Staff member');
      return row;
    },
    act: async (tx, row) => {
      const rate: Pick<CostRateColumns, (typeof RATE_WRITE_FIELDS)[number]> = { user_id: userId, hourly_fils: body.hourly_fils, updated_by: context.actorId };
      await tx.query(
        `INSERT INTO staff_cost_rates ${RATE_INSERT.columns} VALUES ${RATE_INSERT.values}
         ON CONFLICT (user_id) DO UPDATE SET hourly_fils = EXCLUDED.hourly_fils, updated_by = EXCLUDED.updated_by, updated_at = CURRENT_TIMESTAMP,
           version = staff_cost_rates.version + 1`,
        RATE_WRITE_FIELDS.map((field) => rate[field]),
      );
      await writeAudit(tx, {
        entity: 'cost_rate',
        entityId: userId,
        kind: 'cost_rate_set',
        actorId: context.actorId,
        before: row.hourly_fils === null ? null : { hourly_fils: row.hourly_fils },
        after: { hourly_fils: body.hourly_fils },
        idempotencyKey: context.idempotencyKey,
      });
    },
    read: (tx) => readCostRate(tx, userId),
  });
}
