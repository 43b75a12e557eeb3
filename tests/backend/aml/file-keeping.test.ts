/**
 * Keeping a client's AML file through the stores, without HTTP where no route exists: tasks for
 * the reviewer before the next review and before an ID or the trade licence expires (one per due item,
 * however often the job runs), the five-year retention after the relationship ended, and re-screening that
 * goes on from its stored progress after a restart.
 */
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Parties, Screening } from '../../../common/contract/aml.ts';
import type { Role } from '../../../common/roles.ts';
import { createAmlDueTasks } from '../../../backend/src/modules/aml/due-tasks.ts';
import { runRescreenJobs } from '../../../backend/src/modules/aml/jobs.ts';
import { screenRegistration, screenRegistrations } from '../../../backend/src/modules/aml/screening-store.ts';
import type { AmlRegistration } from '../../../backend/src/modules/aml/registration.ts';
import { purgeAmlFile, purgeExpiredAmlFiles, relationshipEndedOn, setLegalHold } from '../../../backend/src/modules/aml/retention.ts';
import type { LegalHold } from '../../../common/contract/aml-legal-hold.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const today = dubaiDate();

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who: Role = 'ADMIN') {
  const response = await app.inject({ method, url: `/api/${url}`, headers: auth(users.get(who)!.token), ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T & { message?: string }>() };
}
const userId = async (user: TestUser) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id;

/** An active client with a registration, other than those given. */
async function clientWithRegistration(...not: number[]) {
  const [row] = await app.db.query<{ id: number; registration_id: number; user_id: number }>(
    `SELECT c.id, c.registration_id, r.user_id FROM clients c JOIN registrations r ON r.id = c.registration_id
     WHERE c.status = 'active' AND NOT (c.id = ANY($1::integer[])) ORDER BY c.id LIMIT 1`,
    [not],
  );
  return row!;
}

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'REVIEWER', 'BD_MANAGER'], 'aml-keeping');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('review and expiry tasks', () => {
  it('gives the client\'s reviewer one task per due item, 30 days ahead, however often the job runs', async () => {
    const client = await clientWithRegistration();
    const reviewer = await userId(users.get('REVIEWER')!);
    await app.db.query('UPDATE clients SET reviewer_id = $2, licence_expires_on = $3 WHERE id = $1', [client.id, reviewer, addDays(today, 20)]);
    await app.db.query('INSERT INTO aml_files (registration_id, next_review_on) VALUES ($1, $2) ON CONFLICT (registration_id) DO UPDATE SET next_review_on = $2', [client.registration_id, addDays(today, 10)]);
    await app.db.query(
      `INSERT INTO aml_parties (registration_id, kind, name, roles, id_type, id_number, id_expires_on) VALUES
       ($1, 'person', 'Noura Expiring', '["manager"]', 'passport', 'P1', $2), ($1, 'person', 'Later Valid', '["signatory"]', 'passport', 'P2', $3)`,
      [client.registration_id, addDays(today, -3), addDays(today, 90)],
    );
    await createAmlDueTasks(app.db, today);
    await createAmlDueTasks(app.db, today);
    const tasks = async () => app.db.query<{ item_key: string; title: string; assignee_id: number; due_on: string; client_id: number }>(
      `SELECT d.item_key, t.title, t.assignee_id, to_char(t.due_on, 'YYYY-MM-DD') AS due_on, t.client_id FROM aml_due_tasks d JOIN tasks t ON t.id = d.task_id
       WHERE d.registration_id = $1 ORDER BY t.due_on`,
      [client.registration_id],
    );
    const made = await tasks();
    expect(made.map((task) => [task.item_key.split(':')[0], task.due_on, task.assignee_id, task.client_id])).toEqual([
      ['id', addDays(today, -3), reviewer, client.id],
      ['review', addDays(today, 10), reviewer, client.id],
      ['licence', addDays(today, 20), reviewer, client.id],
    ]);
    expect(made[0]!.title).toMatch(/^ID of Noura Expiring \(.+\) expires/);
    // A new review date is a new item; the old ones are not made again.
    await app.db.query('UPDATE aml_files SET next_review_on = $2 WHERE registration_id = $1', [client.registration_id, addDays(today, 25)]);
    await createAmlDueTasks(app.db, today);
    expect((await tasks()).map((task) => task.item_key.split(':')[0])).toEqual(['id', 'review', 'licence', 'review']);
    const [notice] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1", [reviewer]);
    expect(notice!.count).toBeGreaterThanOrEqual(4);
  });
});

describe('records kept five years after the relationship ended', () => {
  it('refuses removing a party with a decision on file, and purging a file, while the relationship goes on', async () => {
    const [registration] = await app.db.query<{ id: number; user_id: number }>(
      `SELECT r.id, r.user_id FROM registrations r WHERE r.stage = 'documents_submitted' AND r.status = 'active' AND r.review_state IS NULL AND r.recieved_on IS NOT NULL
       AND EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = r.id AND f.risk_level = 'low' AND f.rated_by IS NULL) ORDER BY r.id DESC LIMIT 1`,
    );
    const added = await call<Parties>('POST', `registrations/${registration!.user_id}/parties`, {
      kind: 'person', name: 'Yusuf Hussain Khalil', name_ar: null, date_of_birth: '1985-06-01', nationality: 'IQ', residence: 'AE', id_type: null, id_number: null, id_expires_on: null,
      roles: ['director'], share_percent: null, owner_party_id: null, pep: false, pep_details: null, source_of_funds: null, source_of_wealth: null, jurisdiction: null, registration_number: null,
    });
    const party = added.body.parties.find((item) => item.name === 'Yusuf Hussain Khalil')!;
    const screening = (await call<Screening>('GET', `registrations/${registration!.user_id}/screening`)).body;
    const match = screening.subjects.find((subject) => subject.party_id === party.id)!.matches[0]!;
    await call('POST', `registrations/${registration!.user_id}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: 'Born 1985, listed 1968.' });
    const removed = await call('DELETE', `registrations/${registration!.user_id}/parties/${party.id}`, { version: party.version });
    expect(removed).toMatchObject({ status: 409, body: { message: 'AML records are kept while the relationship goes on and five years after it ends. Withdraw the party instead: it leaves the file and its rules, and stays in the file\'s history.' } });
    expect(await relationshipEndedOn(app.db, registration!.id)).toBeNull();
    await expect(purgeAmlFile(app.db, registration!.id, { actorId: await userId(users.get('ADMIN')!), idempotencyKey: null })).rejects.toMatchObject({ statusCode: 409 });
    expect((await app.db.query('SELECT id FROM aml_matches WHERE party_id = $1', [party.id])).length).toBe(1);
  });

  it('lets a cancelled client\'s file go five years after its last subscription was cancelled, audited', async () => {
    const client = await clientWithRegistration();
    await app.db.query("UPDATE clients SET status = 'cancelled' WHERE id = $1", [client.id]);
    await app.db.query("UPDATE subscriptions SET status = 'cancelled', cancelled_on = '2020-01-15' WHERE client_id = $1", [client.id]);
    const subscriptions = await app.db.query('SELECT id FROM subscriptions WHERE client_id = $1', [client.id]);
    expect(subscriptions.length).toBeGreaterThan(0);
    await app.db.query('INSERT INTO aml_files (registration_id) VALUES ($1) ON CONFLICT (registration_id) DO NOTHING', [client.registration_id]);
    expect(await relationshipEndedOn(app.db, client.registration_id)).toBe('2020-01-15');
    await expect(purgeAmlFile(app.db, client.registration_id, { actorId: await userId(users.get('ADMIN')!), idempotencyKey: null }, '2025-01-14')).rejects.toMatchObject({ message: expect.stringContaining('not before 2025-01-15') });
    await purgeAmlFile(app.db, client.registration_id, { actorId: await userId(users.get('ADMIN')!), idempotencyKey: null }, '2025-01-15');
    expect(await app.db.query('SELECT registration_id FROM aml_files WHERE registration_id = $1', [client.registration_id])).toEqual([]);
    const [event] = await app.db.query<{ data: Record<string, unknown> }>("SELECT data FROM audit_events WHERE entity = 'aml_file' AND kind = 'file_purged' AND entity_id = $1", [client.registration_id]);
    expect(event!.data).toMatchObject({ relationship_ended_on: '2020-01-15', retained_until: '2025-01-15' });
  });
});

describe('the scheduled purge and the legal hold', () => {
  const years5 = 5 * 365 + 2;
  /** A client whose relationship ended on `endedOn` (cancelled, its subscriptions too), with an AML file. */
  async function endedClient(endedOn: string, ...not: number[]) {
    const client = await clientWithRegistration(...not);
    await app.db.query("UPDATE clients SET status = 'cancelled' WHERE id = $1", [client.id]);
    await app.db.query("UPDATE subscriptions SET status = 'cancelled', cancelled_on = $2 WHERE client_id = $1", [client.id, endedOn]);
    await app.db.query('INSERT INTO aml_files (registration_id) VALUES ($1) ON CONFLICT (registration_id) DO NOTHING', [client.registration_id]);
    return client;
  }
  const hasFile = async (registrationId: number) => (await app.db.query('SELECT 1 FROM aml_files WHERE registration_id = $1', [registrationId])).length === 1;
  const purgeLines = async (registrationId: number) =>
    app.db.query<{ actor_id: number | null; data: Record<string, unknown> }>("SELECT actor_id, data FROM audit_events WHERE entity = 'aml_file' AND kind = 'file_purged' AND entity_id = $1", [registrationId]);

  it('purges a file past its five years, one audit line by the system; keeps one before; keeps one under a hold until it is lifted', async () => {
    const past = await endedClient(addDays(today, -years5));
    const recent = await endedClient(addDays(today, -(5 * 365 - 30)), past.id);
    const held = await endedClient(addDays(today, -years5), past.id, recent.id);
    const officer = { id: await userId(users.get('ADMIN')!), compliance_officer: true };
    await setLegalHold(app.db, held.registration_id, true, 'Police request 2026/118: keep every record.', officer, { actorId: officer.id, idempotencyKey: null });

    await purgeExpiredAmlFiles(app.db, today);
    expect(await hasFile(past.registration_id)).toBe(false);
    const lines = await purgeLines(past.registration_id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor_id: null, data: { relationship_ended_on: addDays(today, -years5) } });
    expect(await hasFile(recent.registration_id)).toBe(true);
    expect(await hasFile(held.registration_id)).toBe(true);
    expect(await purgeLines(held.registration_id)).toEqual([]);
    // The rule is one: a purge by hand is refused under the hold too, with its reason.
    await expect(purgeAmlFile(app.db, held.registration_id, { actorId: officer.id, idempotencyKey: null }, today)).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('Police request 2026/118') });
    // Run again: nothing more is purged, nothing written twice.
    await purgeExpiredAmlFiles(app.db, today);
    expect(await purgeLines(past.registration_id)).toHaveLength(1);

    await setLegalHold(app.db, held.registration_id, false, 'The police closed the case on 2026-12-01.', officer, { actorId: officer.id, idempotencyKey: null });
    await purgeExpiredAmlFiles(app.db, today);
    expect(await hasFile(held.registration_id)).toBe(false);
    expect(await purgeLines(held.registration_id)).toHaveLength(1);
  });

  it('lets only a compliance officer set and lift a hold, with a reason, audited; 404 for an unknown registration', async () => {
    const client = await clientWithRegistration();
    const adminId = await userId(users.get('ADMIN')!);
    const url = `registrations/${client.user_id}/legal-hold`;
    const body = { reason: 'Tax authority audit of 2024 pending.' };
    await app.db.query('UPDATE users SET compliance_officer = false WHERE id = $1', [adminId]);
    expect((await call('PUT', url, body)).status).toBe(403);
    for (const who of ['REVIEWER', 'BD_MANAGER'] as const) expect((await call('PUT', url, body, who)).status).toBe(403);
    await app.db.query('UPDATE users SET compliance_officer = true WHERE id = $1', [adminId]);
    try {
      expect((await call('PUT', 'registrations/999999/legal-hold', body)).status).toBe(404);
      expect((await call('PUT', url, { reason: 'short' })).body).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'reason' });
      const set = await call<LegalHold>('PUT', url, body);
      expect(set.status).toBe(200);
      expect(set.body.hold).toMatchObject({ reason: body.reason, by: { id: adminId } });
      expect((await call<LegalHold>('GET', url, undefined, 'REVIEWER')).body.hold?.reason).toBe(body.reason);
      expect((await call('PUT', url, body)).status).toBe(409);
      expect((await call('POST', `${url}/lift`, { reason: 'Short' })).status).toBe(400);
      for (const who of ['REVIEWER', 'BD_MANAGER'] as const) expect((await call('POST', `${url}/lift`, { reason: 'The audit is closed now.' }, who)).status).toBe(403);
      const lifted = await call<LegalHold>('POST', `${url}/lift`, { reason: 'The audit is closed now.' });
      expect(lifted.status).toBe(200);
      expect(lifted.body.hold).toBeNull();
      expect((await call('POST', `${url}/lift`, { reason: 'The audit is closed now.' })).status).toBe(409);
      const events = await app.db.query<{ kind: string; actor_id: number; data: Record<string, unknown> }>(
        "SELECT kind, actor_id, data FROM audit_events WHERE entity = 'aml_file' AND entity_id = $1 AND kind LIKE 'legal_hold_%' ORDER BY id",
        [client.registration_id],
      );
      expect(events).toMatchObject([
        { kind: 'legal_hold_set', actor_id: adminId, data: { reason: body.reason } },
        { kind: 'legal_hold_lifted', actor_id: adminId, data: { reason: 'The audit is closed now.', held_because: body.reason } },
      ]);
    } finally {
      await app.db.query('UPDATE users SET compliance_officer = false WHERE id = $1', [adminId]);
    }
  });
});

describe('re-screening after an import', () => {
  it('goes on from its stored progress: registrations done before a stop are not screened again', async () => {
    const withParties = await app.db.query<{ id: number }>('SELECT DISTINCT registration_id AS id FROM aml_parties ORDER BY registration_id');
    expect(withParties.length).toBeGreaterThan(30);
    const [version] = await app.db.query<{ id: number }>('SELECT id FROM aml_list_versions ORDER BY id DESC LIMIT 1');
    // A job stopped after its first 25 registrations (the progress a batch stores with itself).
    const stoppedAt = withParties[24]!.id;
    const [job] = await app.db.query<{ id: number }>('INSERT INTO aml_rescreen_jobs (list_version_id, total, done, last_registration_id) VALUES ($1, $2, 25, $3) RETURNING id', [version!.id, withParties.length, stoppedAt]);
    const marker = new Date('2001-01-01T00:00:00Z');
    await app.db.query('UPDATE aml_parties SET screened_at = $1', [marker]);
    await runRescreenJobs(app.db, 1);
    let [progress] = await app.db.query<{ done: number; last_registration_id: number; finished_at: Date | null }>('SELECT done, last_registration_id, finished_at FROM aml_rescreen_jobs WHERE id = $1', [job!.id]);
    // At least the next batch (the service desk's timer may have taken one more beside it).
    expect(progress!.done).toBeGreaterThanOrEqual(50);
    expect(progress!.last_registration_id).toBeGreaterThanOrEqual(withParties[49]?.id ?? withParties.at(-1)!.id);
    await runRescreenJobs(app.db);
    [progress] = await app.db.query('SELECT done, last_registration_id, finished_at FROM aml_rescreen_jobs WHERE id = $1', [job!.id]);
    expect(progress).toMatchObject({ done: withParties.length, finished_at: expect.any(Date) });
    const screened = await app.db.query<{ registration_id: number; fresh: boolean }>(
      'SELECT registration_id, bool_and(screened_at > $1) AS fresh FROM aml_parties GROUP BY registration_id ORDER BY registration_id',
      [marker],
    );
    expect(screened.filter((row) => row.fresh).map((row) => row.registration_id)).toEqual(withParties.slice(25).map((row) => row.id));
  });
});

describe('re-screening a batch', () => {
  /** Screens the registrations in a transaction that is rolled back, answering what it would have written. */
  async function screenedAndRolledBack(registrations: AmlRegistration[], batch: boolean) {
    const rollback = new Error('rollback');
    let outcome: unknown;
    await app.db.transaction(async (tx) => {
      const [mark] = await tx.query<{ id: number }>('SELECT coalesce(max(id), 0)::integer AS id FROM notifications');
      const fresh = batch ? (await screenRegistrations(tx, registrations)).fresh : [];
      if (!batch) for (const registration of registrations) fresh.push(await screenRegistration(tx, registration, { notify: false }));
      const ids = registrations.map((registration) => registration.id);
      outcome = {
        fresh,
        // Ids and times differ between the two runs; the order within a subject (the matcher's ranking) must not.
        matches: await tx.query(
          `SELECT registration_id, party_id, entry_id, state, candidate, subject_fingerprint, entry_fingerprint, reason, version, decided_at IS NULL AS undecided
           FROM aml_matches WHERE registration_id = ANY($1::integer[]) ORDER BY registration_id, party_id NULLS FIRST, id`,
          [ids],
        ),
        notices: await tx.query('SELECT user_id, kind, body, link FROM notifications WHERE id > $1 ORDER BY id', [mark!.id]),
        unscreened: await tx.query(
          `SELECT p.id FROM aml_parties p WHERE p.registration_id = ANY($1::integer[]) AND p.screened_at < CURRENT_TIMESTAMP
           UNION ALL SELECT f.registration_id FROM aml_files f WHERE f.registration_id = ANY($1::integer[]) AND f.company_screened_at < CURRENT_TIMESTAMP`,
          [ids],
        ),
      };
      throw rollback;
    }).catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
    return outcome as { fresh: number[]; matches: { registration_id: number; party_id: number | null; state: string; candidate: { reference: string } }[]; notices: { body: string }[]; unscreened: unknown[] };
  }

  it('decides what screening one registration at a time decides: new, kept, reopened, gone and confirmed matches, and notifies nobody (the job sends one summary)', async () => {
    const registrations = await app.db.query<AmlRegistration>(
      'SELECT r.id, r.user_id, r.legal_name FROM registrations r WHERE NOT EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id) ORDER BY r.id DESC LIMIT 4',
    );
    expect(registrations).toHaveLength(4);
    const [kept, falsePositive, reopened, changed] = registrations as [AmlRegistration, AmlRegistration, AmlRegistration, AmlRegistration];
    const party = async (registration: AmlRegistration, name: string, born: string | null, nationality: string | null) =>
      (await app.db.query<{ id: number }>(
        "INSERT INTO aml_parties (registration_id, kind, name, date_of_birth, nationality, roles) VALUES ($1, 'person', $2, $3, $4, '[\"shareholder\"]') RETURNING id",
        [registration.id, name, born, nationality],
      ))[0]!.id;
    await party(kept, 'Mohamed Abdulrahman Al Hashimi', '1975-05-01', 'YE');
    await party(kept, 'Rohan Mehta', '1990-01-01', 'IN');
    await party(falsePositive, 'Yusuf Hussain Khalil', '1985-06-01', 'IQ');
    const again = await party(reopened, 'Yousef Hussein Khalil', '1985-06-01', 'IQ');
    const delisted = await party(changed, 'Ivan Petrovich Morozov', '1962-11-02', 'RU');
    await party(changed, 'Tariq Omar Zahrani', '1981-01-01', 'SA');
    await app.db.transaction(async (tx) => {
      for (const registration of registrations) await screenRegistration(tx, registration, { notify: false });
    });
    const decide = (registration: AmlRegistration, reference: string, state: string) =>
      app.db.query("UPDATE aml_matches SET state = $3, reason = 'Checked by the test.', decided_at = CURRENT_TIMESTAMP, version = version + 1 WHERE registration_id = $1 AND candidate->>'reference' = $2", [registration.id, reference, state]);
    await decide(falsePositive, 'QDi.902', 'false_positive');
    await decide(reopened, 'QDi.902', 'false_positive');
    await decide(changed, 'QDi.903', 'confirmed');
    // Since: the reopened party's Arabic name given (a decision stands only for what it saw), the delisted
    // match's party renamed, the company renamed to a listed entity's name.
    await app.db.query("UPDATE aml_parties SET name_ar = 'يوسف حسين خليل' WHERE id = $1", [again]);
    await app.db.query("UPDATE aml_parties SET name = 'Rohan Mehta' WHERE id = $1", [delisted]);
    await app.db.query("UPDATE registrations SET legal_name = 'Crescent Horizon General Trading LLC' WHERE id = $1", [changed.id]);
    changed.legal_name = 'Crescent Horizon General Trading LLC';

    const oneByOne = await screenedAndRolledBack(registrations, false);
    const batch = await screenedAndRolledBack(registrations, true);
    expect(batch).toEqual(oneByOne);
    expect(batch.fresh).toEqual([0, 0, 1, 1]);
    const summary = batch.matches.map((match) => [match.registration_id, match.party_id === null ? 'company' : 'party', match.candidate.reference, match.state]);
    expect(summary).toEqual([
      [kept.id, 'party', 'QDi.901', 'potential'],
      [falsePositive.id, 'party', 'QDi.902', 'false_positive'],
      [reopened.id, 'party', 'QDi.902', 'potential'],
      [changed.id, 'company', 'QDe.300', 'potential'],
      [changed.id, 'party', 'QDi.903', 'confirmed'],
    ].sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(batch.notices).toEqual([]);
    expect(batch.unscreened).toEqual([]);
  });
});

/** The files of a ZIP by their central directory (the test has no unzip library; stored or deflated entries). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < zip.readUInt16LE(end + 10); entry += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

describe('the AML file as one ZIP', () => {
  it('holds a PDF summary, the records and the documents; the register only for a compliance officer; audited', async () => {
    const [frozen] = await app.db.query<{ id: number; user_id: number }>('SELECT r.id, r.user_id FROM registrations r JOIN aml_register_entries e ON e.registration_id = r.id ORDER BY r.id LIMIT 1');
    const download = async (user: TestUser) => app.inject({ method: 'GET', url: `/api/registrations/${frozen!.user_id}/aml-file`, headers: auth(user.token) });
    const admin = users.get('ADMIN')!;
    const plain = await download(admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/zip');
    expect(plain.headers['content-disposition']).toContain(`aml-file-${frozen!.id}.zip`);
    let files = unzip(plain.rawPayload);
    expect(files.get('summary.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    let record = JSON.parse(files.get('file.json')!.toString()) as Record<string, unknown> & { screening: { frozen: unknown; subjects: unknown[] } };
    expect(record.screening.frozen).not.toBeNull();
    expect(record.screening.subjects.length).toBeGreaterThan(0);
    expect(record).not.toHaveProperty('goaml_register');
    expect([...files.keys()].some((name) => name.startsWith('documents/'))).toBe(true);

    await app.db.query('UPDATE users SET compliance_officer = true WHERE email = $1', [admin.email]);
    files = unzip((await download(admin)).rawPayload);
    record = JSON.parse(files.get('file.json')!.toString()) as typeof record;
    expect(record.goaml_register).toEqual([expect.objectContaining({ type: 'ffr' })]);
    await app.db.query('UPDATE users SET compliance_officer = false WHERE email = $1', [admin.email]);

    expect((await download(users.get('BD_MANAGER')!)).statusCode).toBe(403);
    const events = await app.db.query<{ data: { with_register: boolean } }>("SELECT data FROM audit_events WHERE entity = 'aml_file' AND kind = 'file_exported' AND entity_id = $1 ORDER BY id", [frozen!.id]);
    expect(events.map((event) => event.data.with_register)).toEqual([false, true]);
  });
});
