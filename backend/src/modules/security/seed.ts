/**
 * The demo staff accounts' second factor: enrolled already, with the demo's own secrets (derived
 * from the e-mail, printed by `npm start`, `npm run demo:code -- <e-mail>` prints the current code), so the
 * demo needs no phone. The other seeded staff enrol at their first sign-in, as real staff do.
 */
import { isStaffRole } from '../../../../common/roles.ts';
import type { Queryable } from '../../db/database.ts';
import { DEMO_ACCOUNTS, demoTotpSecret } from '../../demo/accounts.ts';
import { enrolFactor } from './second-factor.ts';

export async function seedSecurity(tx: Queryable): Promise<void> {
  for (const account of DEMO_ACCOUNTS.filter((entry) => isStaffRole(entry.role))) {
    const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [account.email]);
    if (user) await enrolFactor(tx, user.id, demoTotpSecret(account.email));
  }
}
