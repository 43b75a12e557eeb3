/**
 * The e-invoicing worker against the ASP stand-in over real HTTP (a real ASP is out of reach; the stand-in
 * speaks the same API): a document from issue to 'reported', and each one reported exactly once under every
 * fault the stand-in has (time-out, 5xx, lost answer, outage, rejection), with two workers at once and a back
 * end killed mid-send. Also: a document failing the rules is never sent, a rejection notifies, 'Send now'
 * resubmits, and the 14-day overdue flag.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { createAspStandIn, NO_ASP_FAULTS } from '../../../backend/src/demo/asp-standin.ts';
import { createClient, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { HttpAsp, type AspClient, type AspConfig } from '../../../backend/src/modules/einvoicing/asp.ts';
import { isOverdue, listAttention, readStatus, sendEinvoice, summary } from '../../../backend/src/modules/einvoicing/store.ts';
import { DEFAULT_WORKER_OPTIONS, runEinvoiceWorker, type WorkerOptions } from '../../../backend/src/modules/einvoicing/worker.ts';
import { issueInvoice } from '../../../backend/src/modules/invoices/index.ts';
import { issueCreditNote, readInvoice } from '../../../backend/src/modules/invoices/store.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let admin: number;
let bookkeeper: number;
let standIn: ReturnType<typeof createAspStandIn>;
let asp: AspClient;
let aspSettings: AspConfig;
// Documents are due at the database's clock; the worker's and the stand-in's clock start a moment after and are moved by hand.
let clock = 0;
const STEP_MS = 1_000;

const options = (worker: string, changes: Partial<WorkerOptions> = {}): WorkerOptions => ({
  ...DEFAULT_WORKER_OPTIONS,
  worker,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  pollMs: 500,
  leaseMs: 30_000,
  random: () => 0.5,
  now: () => new Date(clock),
  ...changes,
});

let clientSeq = 0;
async function newClient(changes: Partial<NewClient> = {}): Promise<number> {
  clientSeq += 1;
  return db.transaction((tx) =>
    createClient(tx, {
      registrationId: null,
      userId: null,
      legalName: `E-invoice Client ${clientSeq} LLC`,
      tradeLicenceNumber: `CN-${200000 + clientSeq}`,
      licensingAuthority: 'Dubai Department of Economy and Tourism',
      legalForm: 'Limited Liability Company (LLC)',
      licenceExpiresOn: '2030-01-01',
      vatRegistered: true,
      trn: `1007000${String(clientSeq).padStart(6, '0')}03`,
      vatPeriod: 'quarterly',
      vatFirstPeriodEndMonth: 3,
      corporateTaxNumber: null,
      financialYearEndMonth: 12,
      email: `accounts${clientSeq}@einvoice-test.ae`,
      phone: '+971 4 000 0000',
      address: 'Office 12, Jumeirah Lake Towers, Dubai, United Arab Emirates',
      bookkeeperId: bookkeeper,
      reviewerId: null,
      ...changes,
    }),
  );
}

const issue = (clientId: number, issuedOn = '2026-11-10') =>
  db.transaction((tx) => issueInvoice(tx, { kind: 'invoice', clientId, issuedOn, createdBy: null, lines: [{ description: 'Monthly bookkeeping', quantity: 1, unit_fils: 150_000 }] }));

const einvoice = (id: number) =>
  db.query<{ state: string; tries: number; uuid: string; failures: { rule: string }[]; last_error: string | null }>('SELECT state, tries, uuid::text AS uuid, failures, last_error FROM einvoices WHERE invoice_id = $1', [id]).then((rows) => rows[0]!);
const attempts = (id: number) => db.query<{ action: string; outcome: string; worker: string }>('SELECT action, outcome, worker FROM einvoice_attempts WHERE invoice_id = $1 ORDER BY id', [id]);
const held = (uuid: string) => standIn.documents().filter((document) => document.uuid === uuid);
/** Only this test's documents in the outbox: earlier tests' leftovers are parked as reported. */
const park = () => db.query("UPDATE einvoices SET state = 'reported' WHERE state IN ('queued', 'sent', 'accepted', 'delivered')");

/** Rounds of the given workers, the clocks moved on between them, until nothing is left to do. */
async function drain(workers: WorkerOptions[], rounds = 40): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await Promise.all(workers.map((worker) => runEinvoiceWorker(db, asp, worker)));
    const [left] = await db.query<{ count: number }>("SELECT count(*)::integer AS count FROM einvoices WHERE state IN ('queued', 'sent', 'accepted', 'delivered')");
    if (left!.count === 0) return;
    clock += 10_000;
  }
}

beforeAll(async () => {
  db = await openTestDatabase();
  admin = await db.transaction((tx) => insertUser(tx, 'einvoice-admin@example.test', 'E-invoice Admin', 'ADMIN'));
  bookkeeper = await db.transaction((tx) => insertUser(tx, 'einvoice-bookkeeper@example.test', 'E-invoice Bookkeeper', 'BOOKKEEPER'));
  standIn = createAspStandIn({ apiKey: 'test-asp-key', stepMs: STEP_MS, hangMs: 2_000, now: () => clock });
  await standIn.listen({ port: 0, host: '127.0.0.1' });
  aspSettings = { url: `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`, apiKey: 'test-asp-key', senderId: '0235:1002345678', timeoutMs: 5_000 };
  asp = new HttpAsp(aspSettings);
});
afterAll(async () => {
  await standIn?.close();
  await db?.close();
});
beforeEach(async () => {
  clock = Date.now() + 1_000;
  Object.assign(standIn.faults, NO_ASP_FAULTS);
  await park();
});

describe('a document', () => {
  it('is made at issue, valid, and goes queued -> sent -> accepted -> delivered -> reported, submitted and reported once', async () => {
    const { id } = await issue(await newClient());
    const made = await einvoice(id);
    expect(made).toMatchObject({ state: 'queued', failures: [] });
    const worker = options('w1');
    expect(await runEinvoiceWorker(db, asp, worker)).toMatchObject({ claimed: 1, submitted: 1 });
    expect((await einvoice(id)).state).toBe('sent');
    for (const expected of ['accepted', 'delivered', 'reported']) {
      clock += STEP_MS;
      await runEinvoiceWorker(db, asp, worker);
      expect((await einvoice(id)).state).toBe(expected);
    }
    expect(held(made.uuid)).toEqual([expect.objectContaining({ status: 'reported', submissions: 1, reports: 1 })]);
    expect((await attempts(id)).map((attempt) => `${attempt.action}:${attempt.outcome}`)).toEqual(['submit:received', 'poll:accepted', 'poll:delivered', 'poll:reported']);
    // Finished: never claimed again.
    clock += 60_000;
    expect(await runEinvoiceWorker(db, asp, worker)).toMatchObject({ claimed: 0 });
  });

  it('failing the rules is stored invalid with its failures and never sent; Send now refuses it', async () => {
    const clientId = await newClient({ address: 'Office 4, Some Street, Muscat' });
    const { id } = await issue(clientId);
    const doc = await einvoice(id);
    expect(doc.state).toBe('invalid');
    expect(doc.failures.map((failure) => failure.rule)).toEqual(['ibr-144-ae', 'ibr-128-ae']);
    await runEinvoiceWorker(db, asp, options('w1'));
    expect(held(doc.uuid)).toEqual([]);
    await expect(sendEinvoice(db, { id: admin, role: 'ADMIN' }, id, 1, { actorId: admin, idempotencyKey: null }, true)).rejects.toMatchObject({ statusCode: 409 });
    const status = await readStatus(db, { id: admin, role: 'ADMIN' }, id, true);
    expect(status).toMatchObject({ state: 'invalid', can_send: false });
    expect(status.failures[0]).toMatchObject({ rule: 'ibr-144-ae', field: "Client's address (emirate)" });
  });
});

describe('exactly once under every fault', () => {
  for (const fault of ['timeout', 'serverError', 'lostAnswer'] as const) {
    it(`${fault}: the attempt is recorded and retried with back-off; the ASP holds and reports it once`, async () => {
      const { id } = await issue(await newClient());
      const { uuid } = await einvoice(id);
      standIn.faults[fault] = 1;
      const worker = options('w1', {});
      const quick = fault === 'timeout' ? new HttpAsp({ ...aspSettings, timeoutMs: 300 }) : asp;
      expect(await runEinvoiceWorker(db, quick, worker)).toMatchObject({ failed: 1 });
      const after = await einvoice(id);
      expect(after).toMatchObject({ state: 'queued', tries: 1 });
      expect(after.last_error).toBeTruthy();
      // Not due again before its back-off (1 s base, jitter at 0.5: 750 ms).
      expect(await runEinvoiceWorker(db, asp, worker)).toMatchObject({ claimed: 0 });
      standIn.faults[fault] = 0;
      await drain([worker]);
      expect((await einvoice(id)).state).toBe('reported');
      const documents = held(uuid);
      expect(documents).toHaveLength(1);
      expect(documents[0]).toMatchObject({ reports: 1, submissions: fault === 'lostAnswer' ? 2 : 1 });
      expect((await attempts(id))[0]).toMatchObject({ action: 'submit', outcome: 'failed' });
    });
  }

  it('outage: recorded, not counted as a try, and the worker says to pause', async () => {
    const { id } = await issue(await newClient());
    standIn.faults.outage = true;
    expect(await runEinvoiceWorker(db, asp, options('w1'))).toMatchObject({ unreachable: true });
    expect(await einvoice(id)).toMatchObject({ state: 'queued', tries: 0 });
    expect((await attempts(id)).map((attempt) => attempt.outcome)).toEqual(['unreachable']);
    standIn.faults.outage = false;
    await drain([options('w1')]);
    expect(held((await einvoice(id)).uuid)[0]).toMatchObject({ reports: 1, submissions: 1 });
  });

  it('two workers at once, 30 % of calls failing (5xx, lost answers): every document reported exactly once', async () => {
    const clientId = await newClient();
    const ids: number[] = [];
    for (let n = 0; n < 12; n += 1) ids.push((await issue(clientId)).id);
    Object.assign(standIn.faults, { serverError: 0.1, lostAnswer: 0.2 });
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    await drain([options('a', { random }), options('b', { random })], 80);
    Object.assign(standIn.faults, NO_ASP_FAULTS);
    await drain([options('a'), options('b')]);
    for (const id of ids) {
      const doc = await einvoice(id);
      expect(doc.state).toBe('reported');
      expect(held(doc.uuid)).toEqual([expect.objectContaining({ reports: 1 })]);
    }
  });

  it('a back end killed mid-send: its lease runs out, another sends the same UUID, the ASP holds it once', async () => {
    const { id } = await issue(await newClient());
    const { uuid } = await einvoice(id);
    // Sent, then the process dies before writing the answer: the claim stays until its lease ends.
    const dying: AspClient = {
      submit: async (...args) => {
        await asp.submit(...args);
        throw new Error('killed');
      },
      status: (documentUuid) => asp.status(documentUuid),
    };
    await expect(runEinvoiceWorker(db, dying, options('dies'))).rejects.toThrow('killed');
    expect(await runEinvoiceWorker(db, asp, options('other'))).toMatchObject({ claimed: 0 });
    clock += 31_000;
    await drain([options('other')]);
    expect((await einvoice(id)).state).toBe('reported');
    expect(held(uuid)).toEqual([expect.objectContaining({ submissions: 2, reports: 1 })]);
  });
});

describe('a lease run out', () => {
  it("a worker that waited on the ASP past its lease writes nothing when the answer comes; the other worker's outcome stands", async () => {
    const { id } = await issue(await newClient());
    const { uuid } = await einvoice(id);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The ASP takes it, but the answer reaches this worker only after its lease has run out (a stalled back end).
    const stalled: AspClient = {
      submit: async (...args) => {
        const answer = await asp.submit(...args);
        await gate;
        return answer;
      },
      status: (documentUuid) => asp.status(documentUuid),
    };
    const slow = runEinvoiceWorker(db, stalled, options('stalled'));
    for (let tries = 0; held(uuid).length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held(uuid)).toHaveLength(1);
    clock += 31_000;
    await drain([options('other')]);
    expect((await einvoice(id)).state).toBe('reported');
    release();
    expect(await slow).toMatchObject({ claimed: 1, submitted: 0, reported: 0 });
    expect((await einvoice(id)).state).toBe('reported');
    expect((await attempts(id)).map((attempt) => attempt.worker)).not.toContain('stalled');
    expect(held(uuid)).toEqual([expect.objectContaining({ submissions: 2, reports: 1 })]);
  });
});

describe('rejection', () => {
  it("is recorded with the ASP's rule ids, notifies the bookkeeper and the ADMINs, and Send now submits it again", async () => {
    const { id } = await issue(await newClient());
    standIn.faults.rejection = 1;
    await drain([options('w1')]);
    const rejected = await einvoice(id);
    expect(rejected.state).toBe('rejected');
    expect(rejected.failures.map((failure) => failure.rule)).toEqual(['ASP-RCV-001']);
    const notified = await db.query<{ user_id: number }>("SELECT user_id FROM notifications WHERE kind = 'einvoice_rejected' AND link LIKE $1", [`%invoice=${id}%`]);
    expect(notified.map((row) => row.user_id).sort()).toEqual([admin, bookkeeper].sort());
    standIn.faults.rejection = 0;
    const caller = { id: bookkeeper, role: 'BOOKKEEPER' as const };
    const status = await readStatus(db, caller, id, true);
    expect(status.can_send).toBe(true);
    const after = await sendEinvoice(db, caller, id, status.version, { actorId: bookkeeper, idempotencyKey: 'send-1' }, true, new Date(clock));
    expect(after.state).toBe('queued');
    // Stale version: refused.
    await expect(sendEinvoice(db, caller, id, status.version, { actorId: bookkeeper, idempotencyKey: null }, true)).rejects.toMatchObject({ statusCode: 409 });
    await drain([options('w1')]);
    expect((await einvoice(id)).state).toBe('reported');
    expect(held(rejected.uuid)).toEqual([expect.objectContaining({ reports: 1, submissions: 2 })]);
  });

  it("by the ASP's directory check when the client's TIN is not its TRN's first digits", async () => {
    const clientId = await newClient();
    await db.query("INSERT INTO client_einvoicing (client_id, tin) VALUES ($1, '1999999999')", [clientId]);
    const { id } = await issue(clientId);
    await drain([options('w1')]);
    const doc = await einvoice(id);
    expect(doc.state).toBe('rejected');
    expect(doc.failures).toEqual([expect.objectContaining({ rule: 'ASP-DIR-001', field: "Client's TIN" })]);
    const caller = { id: admin, role: 'ADMIN' as const };
    // Sent again it would be rejected the same way (the document carries the TIN): not offered, and refused.
    const status = await readStatus(db, caller, id, true);
    expect(status).toMatchObject({ can_send: false, document_tin: '1999999999', client_tin: '1999999999' });
    await expect(sendEinvoice(db, caller, id, status.version, { actorId: admin, idempotencyKey: null }, true)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining("would be rejected the same way again: fix it, then issue a credit note and a new invoice"),
    });
    // Corrected by a credit note and a new invoice (the TIN fixed first): it leaves the attention list, both new documents are reported.
    const attentionBefore = (await summary(db, caller, true)).attention;
    // Not before the TIN is fixed: the credit note would carry the same TIN and fail the same way.
    await expect(
      issueCreditNote(db, caller, id, { version: (await readInvoice(db, caller, id)).version, reason: 'E-invoice rejected: wrong TIN', reissue: true }, { actorId: admin, idempotencyKey: null }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("Fix the client's TIN first") });
    await db.query("UPDATE client_einvoicing SET tin = NULL WHERE client_id = $1", [clientId]);
    // The drawer shows the TIN now (its TRN's), beside the one the document carries; still no 'Send again'.
    const fixed = await readStatus(db, caller, id, true);
    expect(fixed).toMatchObject({ can_send: false, document_tin: '1999999999', client_tin: expect.stringMatching(/^1\d{9}$/) });
    expect(fixed.client_tin).not.toBe('1999999999');
    const replacement = await issueCreditNote(db, caller, id, { version: (await readInvoice(db, caller, id)).version, reason: 'E-invoice rejected: wrong TIN', reissue: true }, { actorId: admin, idempotencyKey: null });
    expect((await summary(db, caller, true)).attention).toBe(attentionBefore - 1);
    await drain([options('w1')]);
    expect((await einvoice(replacement.id)).state).toBe('reported');
    const [note] = await db.query<{ id: number }>("SELECT id FROM invoices WHERE credited_invoice_id = $1 AND kind = 'credit_note'", [id]);
    expect((await einvoice(note!.id)).state).toBe('reported');
  });

  it('another bookkeeper neither sees it nor sends it (404)', async () => {
    const { id } = await issue(await newClient());
    const other = await db.transaction((tx) => insertUser(tx, `other-bk-${id}@example.test`, 'Other', 'BOOKKEEPER'));
    await expect(readStatus(db, { id: other, role: 'BOOKKEEPER' }, id, true)).rejects.toMatchObject({ statusCode: 404 });
    await expect(sendEinvoice(db, { id: other, role: 'BOOKKEEPER' }, id, 1, { actorId: other, idempotencyKey: null }, true)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the 14-day flag', () => {
  it('is raised when not reported by 14 days after the invoice date: the status (drawer), the attention list (tab) and its count (the navigation badge)', async () => {
    expect(isOverdue('delivered', '2026-11-01', '2026-11-15')).toBe(false);
    expect(isOverdue('delivered', '2026-11-01', '2026-11-16')).toBe(true);
    expect(isOverdue('reported', '2026-11-01', '2027-01-01')).toBe(false);
    const { id } = await issue(await newClient(), '2026-10-01');
    const caller = { id: admin, role: 'ADMIN' as const };
    const before = await summary(db, caller, true, new Date('2026-10-10T08:00:00Z'));
    const late = await summary(db, caller, true, new Date('2026-10-16T08:00:00Z'));
    expect(late.overdue).toBe(before.overdue + 1);
    expect((await readStatus(db, caller, id, true, new Date('2026-10-16T08:00:00Z'))).overdue).toBe(true);
    expect((await readStatus(db, caller, id, true, new Date('2026-10-15T08:00:00Z'))).overdue).toBe(false);
    // The tab lists it only once overdue (a queued document on time needs no one), flagged; the badge adds the summary's attention count.
    const listed = async (at: string) => (await listAttention(db, caller, { page: 1, size: 10_000, offset: 0 }, new Date(at))).results.find((row) => row.invoice_id === id);
    expect(await listed('2026-10-10T08:00:00Z')).toBeUndefined();
    expect(await listed('2026-10-16T08:00:00Z')).toMatchObject({ overdue: true, state: 'queued' });
    expect(late.attention).toBe(before.attention + 1);
    // Once reported it leaves them all, however late.
    await db.query("UPDATE einvoices SET state = 'reported', reported_at = now() WHERE invoice_id = $1", [id]);
    expect(await listed('2026-10-16T08:00:00Z')).toBeUndefined();
    expect((await readStatus(db, caller, id, true, new Date('2026-10-16T08:00:00Z'))).overdue).toBe(false);
    expect((await summary(db, caller, true, new Date('2026-10-16T08:00:00Z'))).overdue).toBe(before.overdue);
  });
});
