/**
 * The accounting sync worker against the Zoho Books stand-in over real HTTP (the service itself is out of
 * reach; the stand-in speaks the same calls): a first sync with the OAuth refresh and a customer created and
 * stored, the back-off with jitter, Retry-After, five tries then 'needs attention', a validation error
 * (a customer TRN) stopping at once and a retry after the fix, a lost answer found by reference instead of
 * created twice, a time-out, an unreachable service not counted as a try, and two workers never sending one
 * invoice twice.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { createAccountingStandIn, NO_FAULTS } from '../../../backend/src/demo/accounting-standin.ts';
import { createClient, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { issueInvoice } from '../../../backend/src/modules/invoices/index.ts';
import { issueCreditNote, readInvoice, retryInvoice } from '../../../backend/src/modules/invoices/store.ts';
import { backoffMs, DEFAULT_SYNC_OPTIONS, syncOnce, syncUntilIdle, type SyncOptions } from '../../../backend/src/modules/invoices/sync.ts';
import { ZohoBooks, type AccountingConfig } from '../../../backend/src/modules/invoices/zoho-books.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let admin: number;
let standIn: ReturnType<typeof createAccountingStandIn>;
let baseUrl: string;
// Issued invoices are due at the database's clock; the worker's clock starts a moment after it and is moved on by hand.
let clock = 0;
const now = () => new Date(clock);

const accounting = (changes: Partial<AccountingConfig> = {}): AccountingConfig => ({
  apiUrl: `${baseUrl}/books/v3`,
  organizationId: '60012345678',
  accountsUrl: baseUrl,
  clientId: '1000.TESTCLIENT',
  clientSecret: 'test-secret',
  refreshToken: '1000.test-refresh',
  // Generous: a loaded test machine must not turn a slow answer into a time-out (the time-out test sets its own).
  timeoutMs: 10_000,
  ...changes,
});
const options = (worker: string, changes: Partial<SyncOptions> = {}): SyncOptions => ({ ...DEFAULT_SYNC_OPTIONS, worker, baseDelayMs: 1_000, maxDelayMs: 60_000, random: () => 0.5, now, ...changes });

let clientSeq = 0;
async function newClient(changes: Partial<NewClient> = {}): Promise<number> {
  clientSeq += 1;
  return db.transaction((tx) =>
    createClient(tx, {
      registrationId: null,
      userId: null,
      legalName: `Sync Client ${clientSeq} LLC`,
      tradeLicenceNumber: `CN-${100000 + clientSeq}`,
      licensingAuthority: 'Mainland (DET)',
      legalForm: 'Limited Liability Company (LLC)',
      licenceExpiresOn: '2030-01-01',
      vatRegistered: true,
      trn: '100111222333444',
      vatPeriod: 'quarterly',
      vatFirstPeriodEndMonth: 3,
      corporateTaxNumber: null,
      financialYearEndMonth: 12,
      email: `accounts${clientSeq}@sync-test.ae`,
      phone: '+971 4 000 0000',
      address: 'Jumeirah Lake Towers, Dubai',
      bookkeeperId: null,
      reviewerId: null,
      ...changes,
    }),
  );
}

const issue = (clientId: number, fils = 100_000) =>
  db.transaction((tx) => issueInvoice(tx, { kind: 'invoice', clientId, issuedOn: '2026-03-10', createdBy: null, lines: [{ description: 'Monthly bookkeeping', quantity: 1, unit_fils: fils }] }));

const state = (id: number) =>
  db.query<{ sync_state: string; sync_tries: number; next_try_at: Date; last_error: string | null; last_error_kind: string | null; external_id: string | null }>(
    'SELECT sync_state, sync_tries, next_try_at, last_error, last_error_kind, external_id FROM invoices WHERE id = $1',
    [id],
  ).then((rows) => rows[0]!);
const attempts = (id: number) => db.query<{ outcome: string; error_kind: string | null; error: string | null; duration_ms: number; worker: string }>('SELECT outcome, error_kind, error, duration_ms, worker FROM invoice_sync_attempts WHERE invoice_id = $1 ORDER BY id', [id]);
/** Only this test's invoices in the outbox: earlier tests' leftovers are parked. */
const park = () => db.query("UPDATE invoices SET sync_state = 'needs_attention' WHERE sync_state IN ('waiting', 'retrying')");

beforeAll(async () => {
  db = await openTestDatabase();
  admin = await db.transaction((tx) => insertUser(tx, 'sync-admin@example.test', 'Sync Admin', 'ADMIN'));
  standIn = createAccountingStandIn({ hangMs: 3_000 });
  await standIn.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await standIn?.close();
  await db?.close();
});
beforeEach(async () => {
  clock = Date.now() + 1_000;
  Object.assign(standIn.faults, NO_FAULTS);
  await park();
});

describe('back-off', () => {
  it('doubles from the base per try, capped, with jitter between half and the whole, and never undercuts a Retry-After', () => {
    const base = { baseDelayMs: 30_000, maxDelayMs: 960_000 };
    expect(backoffMs(1, { ...base, random: () => 0 })).toBe(15_000);
    expect(backoffMs(1, { ...base, random: () => 1 })).toBe(30_000);
    expect(backoffMs(3, { ...base, random: () => 1 })).toBe(120_000);
    expect(backoffMs(10, { ...base, random: () => 1 })).toBe(960_000);
    expect(backoffMs(10, { ...base, random: () => 0 })).toBe(480_000);
    expect(backoffMs(1, { ...base, random: () => 0 }, 120_000)).toBe(120_000);
  });
});

describe('the worker', () => {
  it('syncs an invoice: refreshes the OAuth token, creates the customer once (stored by id), creates the invoice by its number, records the attempt', async () => {
    const clientId = await newClient();
    const first = await issue(clientId);
    const system = new ZohoBooks(accounting());
    const result = await syncOnce(db, system, options('w1'));
    expect(result).toMatchObject({ claimed: 1, synced: 1 });
    const synced = await state(first.id);
    expect(synced.sync_state).toBe('synced');
    expect(standIn.state.invoices.filter((invoice) => invoice.reference_number === first.number)).toHaveLength(1);
    expect(synced.external_id).toBe(standIn.state.invoices.find((invoice) => invoice.reference_number === first.number)!.invoice_id);
    expect(await attempts(first.id)).toEqual([{ outcome: 'created', error_kind: null, error: null, duration_ms: expect.any(Number), worker: 'w1' }]);
    const [customer] = await db.query<{ external_id: string }>('SELECT external_id FROM accounting_customers WHERE client_id = $1', [clientId]);
    // Renamed since: still matched by the stored id, no second customer.
    await db.query("UPDATE clients SET legal_name = 'Renamed Holdings LLC' WHERE id = $1", [clientId]);
    const second = await issue(clientId);
    // Due at the database's clock when issued, which a slow machine has moved past the worker's by now.
    clock = Date.now() + 1_000;
    await syncOnce(db, system, options('w1'));
    expect((await state(second.id)).sync_state).toBe('synced');
    expect(standIn.state.contacts.filter((contact) => contact.contact_id === customer!.external_id)).toHaveLength(1);
    expect(standIn.state.contacts.filter((contact) => contact.email === `accounts${clientSeq}@sync-test.ae`)).toHaveLength(1);
  });

  it('retries after a 429 no sooner than its Retry-After, and after 5 failed tries stops for a person with the error text', async () => {
    const { id } = await issue(await newClient());
    const system = new ZohoBooks(accounting());
    standIn.faults.rateLimit = 1;
    standIn.faults.retryAfterSeconds = 120;
    await syncOnce(db, system, options('w1'));
    let row = await state(id);
    expect(row).toMatchObject({ sync_state: 'retrying', sync_tries: 1, last_error_kind: 'rate_limited' });
    expect(row.next_try_at.getTime() - clock).toBeGreaterThanOrEqual(120_000);
    // Not due yet: nothing claimed.
    expect((await syncOnce(db, system, options('w1'))).claimed).toBe(0);

    standIn.faults.rateLimit = 0;
    standIn.faults.serverError = 1;
    for (let tryNumber = 2; tryNumber <= 5; tryNumber += 1) {
      clock += 20 * 60_000;
      await syncOnce(db, system, options('w1'));
      row = await state(id);
      expect(row.sync_tries).toBe(tryNumber);
      // Back-off with random 0.5: 0.75 x base x 2^(tries-1), capped at 60 s here.
      if (tryNumber < 5) expect(row.next_try_at.getTime() - clock).toBe(Math.min(60_000, 1_000 * 2 ** (tryNumber - 1)) * 0.75);
    }
    expect(row).toMatchObject({ sync_state: 'needs_attention', sync_tries: 5, last_error_kind: 'server' });
    expect(row.last_error).toContain('Service temporarily unavailable');
    const outcomes = await attempts(id);
    expect(outcomes.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    clock += 60 * 60_000;
    expect((await syncOnce(db, system, options('w1'))).claimed).toBe(0);
  });

  it('stops at once on a validation error (a customer TRN), with the service text; a retry sends the invoice as issued; a credit note and a new invoice correct it', async () => {
    const clientId = await newClient({ trn: '300111222333444' });
    const { id, number } = await issue(clientId);
    const system = new ZohoBooks(accounting());
    await syncOnce(db, system, options('w1'));
    const row = await state(id);
    expect(row).toMatchObject({ sync_state: 'needs_attention', sync_tries: 1, last_error_kind: 'customer_trn' });
    expect(row.last_error).toContain('Tax Registration Number');
    expect((await attempts(id)).map((attempt) => attempt.outcome)).toEqual(['rejected']);
    const [notice] = await db.query<{ kind: string; title: string }>("SELECT kind, title FROM notifications WHERE user_id = $1 AND kind = 'invoice_needs_attention' ORDER BY id DESC LIMIT 1", [admin]);
    expect(notice).toEqual({ kind: 'invoice_needs_attention', title: `${number} did not sync` });

    // The client's TRN is fixed, but the issued tax invoice (and its PDF) keeps the old one: a retry sends the
    // invoice as issued, so the books never get a TRN the tax invoice does not show.
    await db.query("UPDATE clients SET trn = '100111222333444' WHERE id = $1", [clientId]);
    const versionOf = async (invoiceId: number) => (await db.query<{ version: number }>('SELECT version FROM invoices WHERE id = $1', [invoiceId]))[0]!.version;
    const caller = { id: admin, role: 'ADMIN' } as const;
    await retryInvoice(db, caller, id, await versionOf(id), { actorId: admin, idempotencyKey: null }, now());
    await syncOnce(db, system, options('w1'));
    expect(await state(id)).toMatchObject({ sync_state: 'needs_attention', last_error_kind: 'customer_trn' });
    expect(standIn.state.contacts.filter((contact) => contact.email === `accounts${clientSeq}@sync-test.ae`).map((contact) => contact.tax_reg_no)).toEqual([]);
    expect(standIn.state.invoices.filter((invoice) => invoice.reference_number === number)).toHaveLength(0);
    const detail = await readInvoice(db, caller, id);
    expect(detail).toMatchObject({ issued_trn: '300111222333444', client: { trn: '100111222333444' }, can_credit: true });

    // The correction: the whole invoice credited and a new one issued with the client's TRN as it is now.
    const replacement = await issueCreditNote(db, caller, id, { version: await versionOf(id), reason: 'Wrong customer TRN on the invoice', reissue: true }, { actorId: admin, idempotencyKey: null });
    expect(replacement).toMatchObject({ kind: 'invoice', issued_trn: '100111222333444', total_fils: detail.total_fils, reason: `Replaces ${number}: Wrong customer TRN on the invoice` });
    expect(replacement.lines.map((line) => line.description)).toEqual(detail.lines.map((line) => line.description));
    const [credit] = await db.query<{ number: string; net_fils: number; client_trn: string }>("SELECT number, net_fils, client_trn FROM invoices WHERE credited_invoice_id = $1 AND kind = 'credit_note'", [id]);
    expect(credit).toMatchObject({ net_fils: detail.net_fils, client_trn: '100111222333444' });
    expect((await readInvoice(db, caller, id)).can_credit).toBe(false);
    await db.query("UPDATE invoices SET sync_state = 'needs_attention' WHERE id <> $1 AND sync_state IN ('waiting', 'retrying')", [replacement.id]);
    clock = Date.now() + 1_000;
    await syncOnce(db, system, options('w1'));
    expect(await state(replacement.id)).toMatchObject({ sync_state: 'synced', sync_tries: 0 });
    expect(standIn.state.contacts.filter((contact) => contact.email === `accounts${clientSeq}@sync-test.ae`).map((contact) => contact.tax_reg_no)).toEqual(['100111222333444']);
    // Synced after the correction's invoice: the people who saw the original fail hear of it.
    const [synced] = await db.query<{ title: string }>("SELECT title FROM notifications WHERE user_id = $1 AND kind = 'invoice_synced' ORDER BY id DESC LIMIT 1", [admin]);
    expect(synced === undefined || synced.title !== `${number} synced`).toBe(true);
  });

  it('after a lost answer finds the invoice by its reference instead of creating a second one', async () => {
    const { id, number } = await issue(await newClient());
    const system = new ZohoBooks(accounting());
    standIn.faults.lostAnswer = 1;
    await syncOnce(db, system, options('w1'));
    expect(await state(id)).toMatchObject({ sync_state: 'retrying', last_error_kind: 'server' });
    standIn.faults.lostAnswer = 0;
    clock += 10 * 60_000;
    await syncOnce(db, system, options('w1'));
    expect(await state(id)).toMatchObject({ sync_state: 'synced' });
    expect((await attempts(id)).map((attempt) => attempt.outcome)).toEqual(['failed', 'found']);
    expect(standIn.state.invoices.filter((invoice) => invoice.reference_number === number)).toHaveLength(1);
  });

  it('records a time-out as a failed try', async () => {
    const { id } = await issue(await newClient());
    standIn.faults.timeout = 1;
    await syncOnce(db, new ZohoBooks(accounting({ timeoutMs: 300 })), options('w1'));
    expect(await state(id)).toMatchObject({ sync_state: 'retrying', sync_tries: 1, last_error_kind: 'timeout' });
  });

  it('does not count an unreachable service against the invoice, and says so', async () => {
    const { id } = await issue(await newClient());
    // A port nothing listens on: taken, then given back.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const result = await syncOnce(db, new ZohoBooks(accounting({ apiUrl: `${closed}/books/v3`, accountsUrl: closed })), options('w1'));
    expect(result.unreachable).toBe(true);
    expect(await state(id)).toMatchObject({ sync_state: 'retrying', sync_tries: 0, last_error_kind: 'unreachable' });
    expect((await attempts(id)).map((attempt) => attempt.outcome)).toEqual(['unreachable']);
  });

  it('with two workers at once, sends each invoice once', async () => {
    const clientId = await newClient();
    const issued = [];
    for (let index = 0; index < 40; index += 1) issued.push(await issue(clientId, 1_000 + index));
    clock = Date.now() + 1_000;
    const [a, b] = await Promise.all([
      syncUntilIdle(db, new ZohoBooks(accounting()), options('worker-a', { batchSize: 5 })),
      syncUntilIdle(db, new ZohoBooks(accounting()), options('worker-b', { batchSize: 5 })),
    ]);
    expect(a.synced + b.synced).toBe(40);
    for (const invoice of issued) expect(standIn.state.invoices.filter((held) => held.reference_number === invoice.number)).toHaveLength(1);
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM invoice_sync_attempts WHERE invoice_id = ANY($1::integer[])',
      [issued.map((invoice) => invoice.id)],
    );
    expect(count).toBe(40);
  });
});
