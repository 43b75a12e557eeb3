/**
 * Sanctions lists that cannot be emptied by accident, through the API: an empty file refused naming it, a file
 * older than the current version refused, a version removing more than LIST_SHRINK_PERCENT of the entries held
 * until a second person (never its importer) approves or rejects it, a delisted entry's matches sent to review
 * with their history, decisions kept across re-imports of unchanged entries, one summary per import, and the
 * list file's size limit named when refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import { amlEndpoints, type ImportResult, type ListEntry, type ListVersion, type ListVersionDiff, type ListVersions, type Screening } from '../../../common/contract/aml.ts';
import { API_BODY_LIMIT_BYTES } from '../../../common/contract/http.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { DEMO_UAE_LIST, demoUnVersion } from '../../../backend/src/demo/aml-lists.ts';
import { runRescreenJobs } from '../../../backend/src/modules/aml/jobs.ts';
import type { AmlRegistration } from '../../../backend/src/modules/aml/registration.ts';
import { screenRegistration } from '../../../backend/src/modules/aml/screening-store.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
/** A second ADMIN: the four eyes on a held version. */
let second: TestUser;
let keyCount = 0;

type Caller = Role | TestUser;
async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, who: Caller = 'ADMIN') {
  const user = typeof who === 'string' ? users.get(who)! : who;
  keyCount += 1;
  const response = await app.inject({ method, url: `/api/${url}`, headers: { ...auth(user.token), 'idempotency-key': `lists-${keyCount}` }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T & { errorCode?: string; message?: string; field?: string }>() };
}

const today = dubaiDate();
const now = () => new Date().toISOString();
/** The demo's current UN file (its second version), generated now: what the list holds, as a newer file. */
const currentUn = () => demoUnVersion(2, now());
const without = (xml: string, ...dataIds: string[]) =>
  dataIds.reduce((file, id) => file.replace(new RegExp(`\\s*<(INDIVIDUAL|ENTITY)>\\s*<DATAID>${id}</DATAID>[\\s\\S]*?</\\1>`), ''), xml);
const versions = async () => (await call<ListVersions>('GET', 'screening/lists/')).body.results;
const entries = async (search: string) => (await call<Page<ListEntry>>('GET', `screening/lists/un/entries?search=${encodeURIComponent(search)}`)).body;

/** Runs the re-screening to its end, whoever started it (the import's own run may hold a batch). */
async function rescreened(): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    await runRescreenJobs(app.db);
    const [open] = await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM aml_rescreen_jobs WHERE finished_at IS NULL');
    if (open!.count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('re-screening did not finish');
}

/** A registration with no parties yet, given these parties and screened (as adding them does). */
async function registrationWith(parties: { name: string; born: string; nationality: string }[]): Promise<AmlRegistration & { ids: number[] }> {
  const [registration] = await app.db.query<AmlRegistration>(
    `SELECT r.id, r.user_id, r.legal_name FROM registrations r WHERE NOT EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id)
     AND NOT EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = r.id) ORDER BY r.id DESC LIMIT 1`,
  );
  const ids: number[] = [];
  for (const party of parties) {
    const [row] = await app.db.query<{ id: number }>(
      "INSERT INTO aml_parties (registration_id, kind, name, date_of_birth, nationality, roles) VALUES ($1, 'person', $2, $3, $4, '[\"shareholder\"]') RETURNING id",
      [registration!.id, party.name, party.born, party.nationality],
    );
    ids.push(row!.id);
  }
  await app.db.transaction((tx) => screenRegistration(tx, registration!, { notify: false }));
  return { ...registration!, ids };
}

const screeningOf = async (userId: number) => (await call<Screening>('GET', `registrations/${userId}/screening`)).body;
const matchOf = (screening: Screening, reference: string) => screening.subjects.flatMap((subject) => subject.matches).filter((match) => match.candidate.reference === reference);

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BD_MANAGER'], 'lists-a');
  second = (await createUsers(app, emulatorHost, ['ADMIN'], 'lists-b')).get('ADMIN')!;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the demo lists', () => {
  it('hold two applied UN versions with their diff and a third pending approval, dated in the past', async () => {
    const un = (await versions()).filter((version) => version.list === 'un');
    expect(un.map((version) => version.state)).toEqual(['pending', 'applied', 'applied']);
    expect(un[1]).toMatchObject({ entry_count: 7, added: ['QDi.904'], changed: ['KPe.077'], removed: [] });
    expect(un[0]).toMatchObject({ entry_count: 5, removed: expect.arrayContaining(['KPi.950', 'KPe.077']), imported_by: { email: 'compliance@example.com' } });
    for (const version of un) expect(version.published_on! <= today).toBe(true);
    const diff = (await call<ListVersionDiff>('GET', `screening/lists/un/versions/${un[0]!.id}`)).body;
    expect(diff.removed).toEqual(expect.arrayContaining([{ reference: 'KPi.950', primary_name: 'IVAN PETROVICH MOROZOV' }]));
    // Another list's version is not this list's.
    expect((await call('GET', `screening/lists/uae-local/versions/${un[0]!.id}`)).status).toBe(404);
    expect((await call('GET', 'screening/lists/', undefined, 'BD_MANAGER')).status).toBe(403);
  });

  it('searches the current entries by name, paged', async () => {
    const found = await entries('hashimi');
    expect(found.results.map((entry) => entry.reference)).toEqual(['QDi.901']);
    expect(found.results[0]).toMatchObject({ dates_of_birth: ['1975'], nationalities: ['Yemen'] });
    expect((await call<Page<ListEntry>>('GET', 'screening/lists/un/entries?page_size=2')).body).toMatchObject({ count: 7, total_pages: 4 });
  });
});

describe('import rules', () => {
  it('refuses an empty list with 400 naming the file, and imports nothing', async () => {
    const before = (await versions()).length;
    const empty = `<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="${now()}"><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>`;
    const refused = await call('POST', 'screening/lists/un', { content: empty, file_name: 'consolidated-empty.xml' });
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'INVALID_INPUT', field: 'content', message: expect.stringMatching(/consolidated-empty\.xml.*no entries/) } });
    const headerOnly = DEMO_UAE_LIST.split('\r\n')[0]! + '\r\n';
    expect((await call('POST', 'screening/lists/uae-local', { content: headerOnly, file_name: 'uae.csv' })).body.message).toMatch(/uae\.csv.*no entries/);
    expect(await versions()).toHaveLength(before);
    expect((await entries('')).count).toBe(7);
  });

  it('refuses with 409 a file generated before the current version', async () => {
    const older = demoUnVersion(1, '2020-01-01T00:00:00.000Z');
    const refused = await call('POST', 'screening/lists/un', { content: older, file_name: 'old.xml' });
    expect(refused).toMatchObject({ status: 409, body: { errorCode: 'CONFLICT', message: expect.stringMatching(/old\.xml was generated on 2020-01-01, before the current version/) } });
    expect((await entries('morozov')).count).toBe(1);
  });

  it('refuses a list file over the limit with 413 naming it', async () => {
    const big = `<CONSOLIDATED_LIST>${' '.repeat(8 * 1024 * 1024)}</CONSOLIDATED_LIST>`;
    const refused = await call('POST', 'screening/lists/un', { content: big, file_name: 'huge.xml' });
    expect(refused).toMatchObject({ status: 413, body: { errorCode: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('at most 8 MB') } });
    // The contract's body limit is the gateway's, so a file the contract takes is never refused at the gateway.
    expect(amlEndpoints.importList.bodyLimit).toBeLessThanOrEqual(API_BODY_LIMIT_BYTES);
  });

  it('answers a retried import (same Idempotency-Key) as the first, held or applied, and refuses the key for another list', async () => {
    const send = (list: string, content: string, key: string) =>
      app.inject({ method: 'POST', url: `/api/screening/lists/${list}`, headers: { ...auth(users.get('ADMIN')!.token), 'idempotency-key': key }, payload: { content } });
    const shrink = without(currentUn(), '9900004');
    const held = await send('un', shrink, 'lists-retry-held');
    expect(held.statusCode, held.body).toBe(202);
    const heldAgain = await send('un', shrink, 'lists-retry-held');
    expect(heldAgain.statusCode).toBe(202);
    expect(heldAgain.json()).toEqual(held.json());
    const otherList = await send('uae-local', DEMO_UAE_LIST, 'lists-retry-held');
    expect(otherList.statusCode).toBe(409);
    expect(otherList.json<{ message: string }>().message).toMatch(/already used to import the UN Security Council Consolidated List/);
    const version = held.json<ImportResult>().version;
    expect((await call('POST', `screening/lists/un/versions/${version.id}/reject`, { version: version.version, reason: 'Sent to test a retry.' }, second)).status).toBe(200);

    const grown = `${DEMO_UAE_LIST}5,شخص إرهابي,سالم راشد العامري,Salem Rashid Al Ameri,1990,-,اليمن,مدرج بموجب قرار مجلس الوزراء رقم (41) لسنة 2017\r\n`;
    const applied = await send('uae-local', grown, 'lists-retry-applied');
    expect(applied.statusCode, applied.body).toBe(201);
    const appliedAgain = await send('uae-local', grown, 'lists-retry-applied');
    expect(appliedAgain.statusCode).toBe(201);
    const first = applied.json<ImportResult>();
    expect(appliedAgain.json<ImportResult>()).toMatchObject({ changed: true, rescreen_job_id: first.rescreen_job_id, version: { id: first.version.id } });
    // The same file under a new key is a new request: nothing has changed since.
    expect((await send('uae-local', grown, 'lists-retry-new')).statusCode).toBe(200);
  });

  it('holds a version removing more than 5 % as pending (202) until a second person approves it; its importer may not', async () => {
    const shrink = without(currentUn(), '9900004');
    const held = await call<ImportResult>('POST', 'screening/lists/un', { content: shrink, file_name: 'shrink.xml' });
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ changed: false, rescreen_job_id: null, version: { state: 'pending', removed: ['KPi.950'], entry_count: 6 } });
    const version = held.body.version;
    // The same file again is the version already waiting.
    expect((await call<ImportResult>('POST', 'screening/lists/un', { content: shrink, file_name: 'shrink.xml' })).body.version.id).toBe(version.id);
    // Pending takes no effect.
    expect((await entries('morozov')).count).toBe(1);
    expect((await call<ListVersionDiff>('GET', `screening/lists/un/versions/${version.id}`)).body.removed).toEqual([{ reference: 'KPi.950', primary_name: 'IVAN PETROVICH MOROZOV' }]);

    const own = await call('POST', `screening/lists/un/versions/${version.id}/approve`, { version: version.version });
    expect(own).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    expect((await call('POST', `screening/lists/un/versions/${version.id}/reject`, { version: version.version, reason: 'My own mistake.' })).status).toBe(403);
    const approved = await call<ImportResult>('POST', `screening/lists/un/versions/${version.id}/approve`, { version: version.version }, second);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ changed: true, rescreen_job_id: expect.any(Number), version: { state: 'applied', decided_by: { email: second.email }, removed: ['KPi.950'] } });
    expect((await entries('morozov')).count).toBe(0);
    expect((await call('POST', `screening/lists/un/versions/${version.id}/approve`, { version: version.version + 1 }, second)).status).toBe(409);
    await rescreened();

    // The whole list again, a newer file: it adds, so it applies at once.
    const restored = await call<ImportResult>('POST', 'screening/lists/un', { content: currentUn() });
    expect(restored).toMatchObject({ status: 201, body: { version: { state: 'applied', added: ['KPi.950'] } } });
    await rescreened();
  });

  it('rejects a pending version with the reason: it never takes effect', async () => {
    const held = (await call<ImportResult>('POST', 'screening/lists/un', { content: without(currentUn(), '9900004', '9900003') })).body.version;
    expect(held.state).toBe('pending');
    const rejected = await call<ListVersion>('POST', `screening/lists/un/versions/${held.id}/reject`, { version: held.version, reason: 'The export stopped half-way.' }, second);
    expect(rejected).toMatchObject({ status: 200, body: { state: 'rejected', decision_reason: 'The export stopped half-way.', decided_by: { email: second.email } } });
    expect((await call('POST', `screening/lists/un/versions/${held.id}/approve`, { version: rejected.body.version }, second)).status).toBe(409);
    expect((await entries('morozov')).count).toBe(1);
    const [event] = await app.db.query<{ data: { reason: string } }>("SELECT data FROM audit_events WHERE entity = 'aml_list' AND entity_id = $1 AND kind = 'list_version_rejected'", [held.id]);
    expect(event!.data.reason).toBe('The export stopped half-way.');
  });
});

describe('matches across versions', () => {
  it('sends an open or decided match of a delisted entry to review with its history; listed again before review, a decision is what it was', async () => {
    const registration = await registrationWith([
      { name: 'Ivan Petrovich Morozov', born: '1962-11-02', nationality: 'RU' },
      { name: 'Tariq Omar Zahrani', born: '1981-01-01', nationality: 'SA' },
    ]);
    let screening = await screeningOf(registration.user_id);
    const open = matchOf(screening, 'KPi.950')[0]!;
    const decided = matchOf(screening, 'QDi.903')[0]!;
    expect([open.state, decided.state]).toEqual(['potential', 'potential']);
    const reason = 'Born 1981, within the listed range, but a different father\'s name on the passport.';
    screening = (await call<Screening>('POST', `registrations/${registration.user_id}/screening/${decided.id}/decide`, { version: decided.version, decision: 'false_positive', reason })).body;

    const held = (await call<ImportResult>('POST', 'screening/lists/un', { content: without(currentUn(), '9900004', '9900003') })).body.version;
    await call('POST', `screening/lists/un/versions/${held.id}/approve`, { version: held.version }, second);
    await rescreened();

    screening = await screeningOf(registration.user_id);
    const [delistedOpen] = matchOf(screening, 'KPi.950');
    const [delistedDecided] = matchOf(screening, 'QDi.903');
    expect(delistedOpen).toMatchObject({ id: open.id, state: 'delisted_review', delisted: { previous_state: 'potential', closed_by: null } });
    expect(delistedDecided).toMatchObject({ id: decided.id, state: 'delisted_review', reason, decided_by: { email: users.get('ADMIN')!.email }, delisted: { previous_state: 'false_positive' } });
    expect(screening.missing).toEqual(expect.arrayContaining(['Review the delisted match of Ivan Petrovich Morozov (KPi.950)', 'Review the delisted match of Tariq Omar Zahrani (QDi.903)']));
    const audited = await app.db.query("SELECT entity_id FROM audit_events WHERE entity = 'aml_match' AND kind = 'match_delisted' AND entity_id = ANY($1::integer[])", [[open.id, decided.id]]);
    expect(audited).toHaveLength(2);

    // A person closes one.
    expect((await call('POST', `registrations/${registration.user_id}/screening/${delistedOpen!.id}/decide`, { version: delistedOpen!.version, decision: 'false_positive', reason: 'Checked against the passport and the listing.' })).status).toBe(409);
    screening = (await call<Screening>('POST', `registrations/${registration.user_id}/screening/${delistedOpen!.id}/delisting`, { version: delistedOpen!.version, reason: 'Delisted by the Security Council; nothing else holds it.' })).body;
    expect(matchOf(screening, 'KPi.950')[0]).toMatchObject({ state: 'delisted', delisted: { previous_state: 'potential', closed_by: { email: users.get('ADMIN')!.email }, reason: 'Delisted by the Security Council; nothing else holds it.' } });
    expect((await call('POST', `registrations/${registration.user_id}/screening/${delistedOpen!.id}/delisting`, { version: delistedOpen!.version + 1, reason: 'Again.' })).status).toBe(409);

    // Listed again: the unreviewed false positive is a false positive again; the closed one is a new question.
    await call('POST', 'screening/lists/un', { content: currentUn() });
    await rescreened();
    screening = await screeningOf(registration.user_id);
    // A strong hit cleared by one person still waits for its countersign: listed again, it waits as it did.
    expect(matchOf(screening, 'QDi.903')).toEqual([expect.objectContaining({ id: decided.id, state: 'awaiting_second_review', reason, delisted: null })]);
    expect(matchOf(screening, 'KPi.950')).toEqual([expect.objectContaining({ id: open.id, state: 'potential' })]);
  });

  it('keeps decisions on unchanged entries when an overlapping list is imported: nothing new beside them, one summary notice', async () => {
    const falsePositive = await registrationWith([{ name: 'Yusuf Hussain Khalil', born: '1985-06-01', nationality: 'IQ' }]);
    const confirmed = await registrationWith([{ name: 'Mohamed Abdulrahman Al Hashimi', born: '1975-05-01', nationality: 'YE' }]);
    const fresh = await registrationWith([{ name: 'Zephyrinus Quillborough', born: '1970-02-02', nationality: 'GB' }]);
    const decide = async (registration: AmlRegistration, reference: string, decision: 'false_positive' | 'confirmed') => {
      const match = matchOf(await screeningOf(registration.user_id), reference)[0]!;
      return call<Screening>('POST', `registrations/${registration.user_id}/screening/${match.id}/decide`, { version: match.version, decision, reason: 'Checked against the passport and the listing.' });
    };
    expect((await decide(falsePositive, 'QDi.902', 'false_positive')).status).toBe(200);
    expect((await decide(confirmed, 'QDi.901', 'confirmed')).status).toBe(200);

    // The same list again changes nothing and starts nothing.
    const same = await call<ImportResult>('POST', 'screening/lists/un', { content: currentUn() });
    expect(same.body).toMatchObject({ changed: false, rescreen_job_id: null });

    const [mark] = await app.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::integer AS id FROM notifications');
    // Overlapping: both decided entries changed in what screening does not compare (a second nationality), and a new listing.
    const overlapping = currentUn()
      .replace('<NATIONALITY><VALUE>Iraq</VALUE></NATIONALITY>', '<NATIONALITY><VALUE>Iraq</VALUE><VALUE>Syria</VALUE></NATIONALITY>')
      .replace('<NATIONALITY><VALUE>Yemen</VALUE></NATIONALITY>', '<NATIONALITY><VALUE>Yemen</VALUE><VALUE>Oman</VALUE></NATIONALITY>')
      .replace('  </INDIVIDUALS>', '<INDIVIDUAL><DATAID>9900077</DATAID><FIRST_NAME>ZEPHYRINUS</FIRST_NAME><SECOND_NAME>QUILLBOROUGH</SECOND_NAME><REFERENCE_NUMBER>QDi.977</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS>');
    const imported = await call<ImportResult>('POST', 'screening/lists/un', { content: overlapping });
    expect(imported.body.version).toMatchObject({ state: 'applied', added: ['QDi.977'], changed: expect.arrayContaining(['QDi.901', 'QDi.902']), removed: [] });
    await rescreened();

    // Score 90 or more: the first person's clearing waits for a countersign, kept as it was.
    expect(matchOf(await screeningOf(falsePositive.user_id), 'QDi.902').map((match) => match.state)).toEqual(['awaiting_second_review']);
    expect(matchOf(await screeningOf(confirmed.user_id), 'QDi.901').map((match) => match.state)).toEqual(['confirmed']);
    expect(matchOf(await screeningOf(fresh.user_id), 'QDi.977').map((match) => match.state)).toEqual(['potential']);

    const notices = await app.db.query<{ kind: string; body: string }>('SELECT kind, body FROM notifications WHERE id > $1 AND user_id = (SELECT id FROM users WHERE email = $2) ORDER BY id', [mark!.id, users.get('ADMIN')!.email]);
    expect(notices).toEqual([{ kind: 'screening_summary', body: 'UN Security Council Consolidated List: 1 new potential match in 1 registration; 0 matches of delisted entries to review.' }]);
  });
});
