/**
 * Creates the demo sign-in accounts in a Firebase Auth emulator project through the emulator's REST API
 * (admin calls authorised with 'Bearer owner'), idempotently: accounts that already exist are kept as they
 * are, and a concurrent seeder of the same project is not an error.
 */
import { createHash } from 'node:crypto';
import type { DemoAccount } from '../../backend/src/demo/accounts.ts';
import { emulatorFetch } from './emulator-fetch.ts';

interface LookupResponse {
  users?: { email?: string }[];
}

/**
 * A demo account's uid, the same each time it is created: an emulator that lost its accounts (its export on
 * exit cut short by a slow stop) gets them back under the uids the database's users already carry, instead
 * of new ones that find no staff user (403).
 */
export const demoUid = (email: string): string => `demo-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 28)}`;

export async function seedEmulatorAccounts(emulatorHost: string, projectId: string, accounts: readonly DemoAccount[]): Promise<void> {
  const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}`;
  const call = async (path: string, body: unknown) => {
    const response = await emulatorFetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { ok: response.ok, body: (await response.json()) as unknown };
  };
  const lookup = await call('/accounts:lookup', { email: accounts.map((account) => account.email) });
  if (!lookup.ok) throw new Error(`the Auth emulator refused an account lookup: ${JSON.stringify(lookup.body)}`);
  const existing = new Set(((lookup.body as LookupResponse).users ?? []).map((user) => user.email?.toLowerCase()));
  for (const account of accounts) {
    if (existing.has(account.email.toLowerCase())) continue;
    const created = await call('/accounts', {
      localId: demoUid(account.email),
      email: account.email,
      password: account.password,
      displayName: account.displayName,
      // Verified, because the back end links a first sign-in to its user row by verified e-mail only.
      emailVerified: true,
    });
    const message = (created.body as { error?: { message?: string } }).error?.message ?? '';
    if (!created.ok && !message.startsWith('EMAIL_EXISTS') && !message.startsWith('DUPLICATE_LOCAL_ID')) {
      throw new Error(`the Auth emulator refused to create ${account.email}: ${message || JSON.stringify(created.body)}`);
    }
  }
}
