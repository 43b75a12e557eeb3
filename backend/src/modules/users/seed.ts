/**
 * The demo's staff: one sign-in account per role (demo/accounts.ts, also created in the Auth emulator) and
 * 48 more users, 40 of them staff, so the staff list has three pages of 20; three of them invited and not
 * signed in yet.
 */
import { STAFF_ROLES, type Role } from '../../../../common/roles.ts';
import type { Queryable } from '../../db/database.ts';
import { DEMO_ACCOUNTS } from '../../demo/accounts.ts';
import { DAY_MS, FIRST_NAMES, LAST_NAMES, generator } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';
import { insertUser } from './store.ts';

const EXTRA_USERS = 48;

export async function seedUsers(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_101);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  for (const account of DEMO_ACCOUNTS.filter((entry) => entry.role !== 'CLIENT')) {
    await insertUser(tx, account.email, account.displayName, account.role, at(200 + random() * 500));
  }
  for (let index = 0; index < EXTRA_USERS; index += 1) {
    const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
    const role: Role = index % 6 === 5 ? 'CLIENT_ACCOUNT_MANAGER' : STAFF_ROLES[index % STAFF_ROLES.length]!;
    const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `${index}@example.com`;
    const joined = at(30 + random() * 700);
    // A few were invited lately and have not signed in yet: the Users page shows them 'Invited'.
    await insertUser(tx, email, `${first} ${last}`, role, joined, index % 16 === 3 ? null : joined);
  }
}
