/** What both backup round trips end on (backup.test.ts for PGlite, backup-postgres.test.ts for Postgres). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Page } from '../../common/contract/shared.ts';
import { auth, createUsers } from '../backend/support.ts';

/**
 * A back end started on the restored database signs a new ADMIN in and lists clients: some, and no more than
 * the backup's manifest counted. The back end is closed afterwards, whatever the outcome.
 */
export async function expectRestoredConsoleLists(start: () => Promise<FastifyInstance>, emulatorHost: string, label: string, backedUpClients: number): Promise<void> {
  const app = await start();
  try {
    const admin = (await createUsers(app, emulatorHost, ['ADMIN'], label)).get('ADMIN')!;
    const response = await app.inject({ method: 'GET', url: '/api/clients/', headers: auth(admin.token) });
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page<unknown>;
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.count).toBeLessThanOrEqual(backedUpClients);
  } finally {
    await app.close();
  }
}
