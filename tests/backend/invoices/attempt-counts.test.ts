/**
 * The Unsynced Inv list and the drawer count the same attempts: the list's 'Attempts' column read the
 * failed tries since the last retry (sync_tries, 0 after a retry) while the drawer listed every attempt, so
 * a retried invoice showed 1 in the list and 2 in the drawer. Both now read every attempt on record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient } from '../../../backend/src/modules/clients/index.ts';
import { issueInvoice } from '../../../backend/src/modules/invoices/index.ts';
import { listUnsynced, readInvoice, retryInvoice } from '../../../backend/src/modules/invoices/store.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let admin: number;

beforeAll(async () => {
  db = await openTestDatabase();
  admin = await db.transaction((tx) => insertUser(tx, 'attempts-admin@example.test', 'Attempts Admin', 'ADMIN'));
});
afterAll(async () => {
  await db?.close();
});

describe('attempts on Unsynced Inv', () => {
  it('the list shows as many attempts as the drawer, before and after a retry', async () => {
    const clientId = await db.transaction((tx) =>
      createClient(tx, {
        registrationId: null,
        userId: null,
        legalName: 'Attempts Count Trading LLC',
        tradeLicenceNumber: 'CN-7654321',
        licensingAuthority: 'Mainland (DET)',
        legalForm: 'Limited Liability Company (LLC)',
        licenceExpiresOn: '2030-01-01',
        vatRegistered: false,
        trn: null,
        vatPeriod: null,
        vatFirstPeriodEndMonth: null,
        corporateTaxNumber: null,
        financialYearEndMonth: 12,
        email: 'accounts@attempts-count.ae',
        phone: '+971 4 000 0000',
        address: 'Business Bay, Dubai',
        bookkeeperId: null,
        reviewerId: null,
      }),
    );
    const { id, number } = await db.transaction((tx) =>
      issueInvoice(tx, { kind: 'invoice', clientId, issuedOn: '2026-03-10', createdBy: null, lines: [{ description: 'Monthly bookkeeping', quantity: 1, unit_fils: 100_000 }] }),
    );
    const caller = { id: admin, role: 'ADMIN' } as const;
    const attempt = () =>
      db.query("INSERT INTO invoice_sync_attempts (invoice_id, started_at, duration_ms, outcome, worker, error_kind, error) VALUES ($1, now(), 120, 'failed', 'w1', 'server', 'Service unavailable')", [id]);
    const listed = async () => (await listUnsynced(db, caller, { search: number }, { page: 1, size: 20, offset: 0 })).results.find((row) => row.id === id)!;

    await attempt();
    await db.query("UPDATE invoices SET sync_state = 'needs_attention', sync_tries = 1 WHERE id = $1", [id]);
    expect((await listed()).attempt_count).toBe(1);
    await retryInvoice(db, caller, id, (await readInvoice(db, caller, id)).version, { actorId: admin, idempotencyKey: null });
    await attempt();
    await db.query("UPDATE invoices SET sync_state = 'needs_attention', sync_tries = 1 WHERE id = $1", [id]);

    const drawer = await readInvoice(db, caller, id);
    expect(drawer.attempts).toHaveLength(2);
    expect(drawer.attempt_count).toBe(2);
    expect((await listed()).attempt_count).toBe(2);
  });
});
