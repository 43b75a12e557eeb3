/**
 * Each client's readiness for the e-invoicing mandate, in its own table: deadlines by revenue band, 'not
 * ready' (no ASP while the appointment deadline is within 90 days or past), the TIN checked, versioned
 * writes, and the client's visibility (another bookkeeper's client is 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient } from '../../../backend/src/modules/clients/index.ts';
import { isNotReady, readReadiness, updateReadiness } from '../../../backend/src/modules/einvoicing/readiness.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let bookkeeper: number;
let other: number;
let clientId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  bookkeeper = await db.transaction((tx) => insertUser(tx, 'readiness-bk@example.test', 'Readiness Bookkeeper', 'BOOKKEEPER'));
  other = await db.transaction((tx) => insertUser(tx, 'readiness-other@example.test', 'Other Bookkeeper', 'BOOKKEEPER'));
  clientId = await db.transaction((tx) =>
    createClient(tx, {
      registrationId: null,
      userId: null,
      legalName: 'Readiness Trading LLC',
      tradeLicenceNumber: 'CN-555001',
      licensingAuthority: 'Dubai Department of Economy and Tourism',
      legalForm: 'Limited Liability Company (LLC)',
      licenceExpiresOn: '2030-01-01',
      vatRegistered: false,
      trn: null,
      vatPeriod: null,
      vatFirstPeriodEndMonth: null,
      corporateTaxNumber: null,
      financialYearEndMonth: 12,
      email: 'accounts@readiness-test.ae',
      phone: '+971 4 000 0000',
      address: 'Office 1, Business Bay, Dubai',
      bookkeeperId: bookkeeper,
      reviewerId: null,
    }),
  );
});
afterAll(async () => {
  await db?.close();
});

describe('readiness', () => {
  it('gives the deadlines of the band and flags no ASP within 90 days of the appointment deadline', () => {
    expect(isNotReady('50m_or_more', null, '2026-08-01')).toBe(true);
    expect(isNotReady('50m_or_more', null, '2026-07-31')).toBe(false);
    expect(isNotReady('under_50m', null, '2026-12-31')).toBe(true);
    expect(isNotReady('under_50m', null, '2026-12-30')).toBe(false);
    expect(isNotReady('50m_or_more', 'Gulf Peppol Access', '2027-06-01')).toBe(false);
  });

  it('is read and written by the client\'s bookkeeper, versioned, and hidden from another bookkeeper', async () => {
    const caller = { id: bookkeeper, role: 'BOOKKEEPER' as const };
    const empty = await readReadiness(db, caller, clientId, '2026-11-28');
    // No band: the later deadline (31 Mar 2027) counts, more than 90 days away.
    expect(empty).toMatchObject({ tin: null, revenue_band: null, asp_deadline: null, not_ready: false, version: 1, can_edit: true });
    const saved = await updateReadiness(db, caller, clientId, { tin: '1004567890', revenue_band: '50m_or_more', asp_name: null, asp_appointed_on: null }, { actorId: bookkeeper, idempotencyKey: null }, '2026-11-28');
    expect(saved).toMatchObject({ tin: '1004567890', asp_deadline: '2026-10-30', go_live: '2027-01-01', not_ready: true });
    // The calendar's missed ASP appointment is now the client's next deadline, until an ASP is recorded.
    const next = async () => (await db.query<{ key: string | null }>('SELECT next_deadline_key AS key FROM clients WHERE id = $1', [clientId]))[0]?.key;
    expect(await next()).toBe('einvoicing_asp:2026-10-30');
    const appointed = await updateReadiness(db, caller, clientId, { version: saved.version, tin: '1004567890', revenue_band: '50m_or_more', asp_name: 'Gulf Peppol Access', asp_appointed_on: '2026-10-01' }, { actorId: bookkeeper, idempotencyKey: null }, '2026-11-28');
    expect(appointed).toMatchObject({ asp_name: 'Gulf Peppol Access', asp_appointed_on: '2026-10-01', not_ready: false, version: saved.version + 1 });
    expect(await next()).not.toBe('einvoicing_asp:2026-10-30');
    await expect(updateReadiness(db, caller, clientId, { version: saved.version, tin: null, revenue_band: null, asp_name: null, asp_appointed_on: null }, { actorId: bookkeeper, idempotencyKey: null })).rejects.toMatchObject({ statusCode: 409 });
    await expect(updateReadiness(db, caller, clientId, { tin: null, revenue_band: null, asp_name: 'Gulf Peppol Access', asp_appointed_on: null }, { actorId: bookkeeper, idempotencyKey: null })).rejects.toMatchObject({ statusCode: 400 });
    await expect(readReadiness(db, { id: other, role: 'BOOKKEEPER' }, clientId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
