/**
 * Demo cost rates: every member of staff has one, AED 90 to 350 an hour by role (what salary, visa, housing
 * and a share of the office cost the firm), a little apart within a role so the staff rows differ. Set by the
 * system, so each is audited with no actor.
 */
import type { StaffRole } from '../../../../common/roles.ts';
import { STAFF_ROLES } from '../../../../common/roles.ts';
import type { Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { DemoContext } from '../../demo/context.ts';

/**
 * AED an hour, in fils, by role in the order of STAFF_ROLES (common/roles.ts), so no role is spelt here: the
 * administrator (a partner) 350, bookkeeper 120, reviewer 220, BD executive 110, BD manager 200, HR manager 160,
 * marketing 90.
 */
const HOURLY_FILS_BY_ROLE: readonly number[] = [35_000, 12_000, 22_000, 11_000, 20_000, 16_000, 9_000];
const hourlyFilsOf = (role: StaffRole): number => HOURLY_FILS_BY_ROLE[STAFF_ROLES.indexOf(role)] ?? 9_000;

export async function seedPractice(tx: Queryable, { now }: DemoContext): Promise<void> {
  const staff = await tx.query<{ id: number; role: StaffRole }>('SELECT id, role FROM users WHERE role = ANY($1) ORDER BY id', [[...STAFF_ROLES]]);
  const seen = new Map<StaffRole, number>();
  for (const { id, role } of staff) {
    const nth = seen.get(role) ?? 0;
    seen.set(role, nth + 1);
    // Each further member of a role costs AED 15 an hour less, never under AED 90.
    const hourlyFils = Math.max(9_000, hourlyFilsOf(role) - nth * 1_500);
    await tx.query('INSERT INTO staff_cost_rates (user_id, hourly_fils, updated_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING', [id, hourlyFils, now]);
    await writeAudit(tx, { entity: 'cost_rate', entityId: id, kind: 'cost_rate_set', actorId: null, after: { hourly_fils: hourlyFils }, at: now });
  }
}
