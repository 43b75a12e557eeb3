/**
 * Decisions with four eyes: only ADMIN (compliance officers among them) and REVIEWER decide
 * matches and rate risk, a reason of at least 20 characters, a false positive on a score of 90 or more
 * waiting for a different person's countersign (still blocking the approval), sent back or reopened by a
 * compliance officer, all of it in the file's history, the registration's timeline and the audit. Then the
 * party form's rules, a party withdrawn instead of deleted, and the goAML entry's description beside its notes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Parties, RegisterEntry, Screening, ScreeningMatch } from '../../../common/contract/aml.ts';
import type { RegistrationReview, TimelineEvent } from '../../../common/contract/registrations.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let officer: TestUser;
let fresh: number[] = [];

async function call<T>(user: TestUser | Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, key?: string) {
  const who = typeof user === 'string' ? users.get(user)! : user;
  const response = await app.inject({ method, url: `/api/${url}`, headers: { ...auth(who.token), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T & { errorCode?: string; message?: string; field?: string }>() };
}

const person = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'person', name, name_ar: null, date_of_birth: null, nationality: null, residence: 'AE', id_type: null, id_number: null, id_expires_on: null,
  roles: ['shareholder', 'manager'], share_percent: 100, owner_party_id: null, pep: false, pep_details: null, source_of_funds: null, source_of_wealth: null,
  jurisdiction: null, registration_number: null, ...extra,
});

const REASON = 'Passport checked: born in Kazan in 1962, a different person.';

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'REVIEWER', 'BD_MANAGER', 'BD_EXEC', 'BOOKKEEPER'], 'aml-decisions');
  officer = (await createUsers(app, emulatorHost, ['ADMIN'], 'aml-decisions-officer')).get('ADMIN')!;
  await app.db.query('UPDATE users SET compliance_officer = true WHERE email = $1', [officer.email]);
  const rows = await app.db.query<{ user_id: number; id: number }>(
    `SELECT r.user_id, r.id FROM registrations r WHERE r.stage = 'documents_submitted' AND r.status = 'active' AND r.review_state IS NULL AND r.recieved_on IS NOT NULL
     AND EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = r.id AND f.risk_level = 'low' AND f.rated_by IS NULL) ORDER BY r.id DESC LIMIT 3`,
  );
  for (const row of rows) {
    await app.db.query('DELETE FROM aml_parties WHERE registration_id = $1', [row.id]);
    await app.db.query('DELETE FROM aml_matches WHERE registration_id = $1', [row.id]);
    await app.db.query('DELETE FROM aml_files WHERE registration_id = $1', [row.id]);
  }
  fresh = rows.map((row) => row.user_id);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const screeningOf = async (userId: number) => (await call<Screening>('ADMIN', 'GET', `registrations/${userId}/screening`)).body;
const matchOf = (screening: Screening, name: string): ScreeningMatch => screening.subjects.find((subject) => subject.name === name)!.matches[0]!;

describe('decisions with four eyes', () => {
  it('BD roles and the bookkeeper read the file but may not decide or rate (403); a reason takes 20 characters', async () => {
    const userId = fresh[0]!;
    await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Ivan Petrovich Morozov', { date_of_birth: '1962-11-02', nationality: 'RU' }));
    const screening = await screeningOf(userId);
    const match = matchOf(screening, 'Ivan Petrovich Morozov');
    expect(match.candidate).toMatchObject({ reference: 'KPi.950', score: expect.any(Number) });
    expect(match.candidate.score).toBeGreaterThanOrEqual(90);
    expect((await call('BD_MANAGER', 'GET', `registrations/${userId}/screening`)).status).toBe(200);
    for (const role of ['BD_MANAGER', 'BD_EXEC', 'BOOKKEEPER'] as const) {
      expect((await call(role, 'POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: REASON })).status).toBe(403);
      expect((await call(role, 'PUT', `registrations/${userId}/risk`, { version: screening.version, sector: 'technology', services: [], face_to_face: true })).status).toBe(403);
    }
    const short = await call('ADMIN', 'POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: 'ok' });
    expect(short).toMatchObject({ status: 400, body: { field: 'reason' } });
    const padded = await call('ADMIN', 'POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: `   ok${' '.repeat(30)}` });
    expect(padded).toMatchObject({ status: 400, body: { field: 'reason', message: expect.stringContaining('20 characters') } });
    expect(matchOf(await screeningOf(userId), 'Ivan Petrovich Morozov').state).toBe('potential');
    // The reviewer decides and rates.
    const rated = await call<Screening>('REVIEWER', 'PUT', `registrations/${userId}/risk`, { version: screening.version, sector: 'technology', services: ['bookkeeping'], face_to_face: true });
    expect(rated.status).toBe(200);
  });

  it('a false positive on a score of 90 or more awaits a second person: it blocks the approval, its decider cannot countersign, another can', async () => {
    const userId = fresh[0]!;
    let match = matchOf(await screeningOf(userId), 'Ivan Petrovich Morozov');
    const decided = await call<Screening>(officer, 'POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: REASON }, 'fp-1');
    expect(decided.status).toBe(200);
    match = matchOf(decided.body, 'Ivan Petrovich Morozov');
    expect(match).toMatchObject({ state: 'awaiting_second_review', reason: REASON, countersigned_by: null });
    expect(decided.body.subjects.find((subject) => subject.name === 'Ivan Petrovich Morozov')!.state).toBe('potential_match');
    expect(decided.body.missing).toEqual(['Countersign the false positive of Ivan Petrovich Morozov (KPi.950): awaiting second review']);
    const review = (await call<RegistrationReview>('ADMIN', 'GET', `registrations/${userId}/review`)).body;
    expect((await call('ADMIN', 'POST', `registrations/${userId}/approve`, { version: review.version })).body.message).toContain('awaiting second review');

    const own = await call(officer, 'POST', `registrations/${userId}/screening/${match.id}/countersign`, { version: match.version, outcome: 'countersign', reason: 'I agree with my own decision here.' });
    expect(own).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    expect((await call('BD_MANAGER', 'POST', `registrations/${userId}/screening/${match.id}/countersign`, { version: match.version, outcome: 'countersign', reason: 'Looks fine to the sales team.' })).status).toBe(403);
    expect((await call('REVIEWER', 'POST', `registrations/${userId}/screening/${match.id}/countersign`, { version: match.version - 1, outcome: 'countersign', reason: 'Checked the passport on file, agreed.' })).status).toBe(409);
    const signed = await call<Screening>('REVIEWER', 'POST', `registrations/${userId}/screening/${match.id}/countersign`, { version: match.version, outcome: 'countersign', reason: 'Checked the passport on file, agreed.' });
    expect(signed.status).toBe(200);
    match = matchOf(signed.body, 'Ivan Petrovich Morozov');
    expect(match).toMatchObject({ state: 'false_positive', countersigned_by: { email: users.get('REVIEWER')!.email } });
    expect(match.history.map((step) => [step.action, step.decision, step.by?.email])).toEqual([
      ['decided', 'false_positive', officer.email],
      ['countersigned', null, users.get('REVIEWER')!.email],
    ]);
    expect(signed.body.missing).toEqual([]);
    expect((await call('REVIEWER', 'POST', `registrations/${userId}/screening/${match.id}/countersign`, { version: match.version, outcome: 'countersign', reason: 'Checked the passport on file, agreed.' })).status).toBe(409);
  });

  it('a compliance officer reopens a decision with a reason (another ADMIN may not); a countersigner sends one back; timeline and audit keep every step', async () => {
    const userId = fresh[0]!;
    let match = matchOf(await screeningOf(userId), 'Ivan Petrovich Morozov');
    expect((await call('ADMIN', 'POST', `registrations/${userId}/screening/${match.id}/reopen`, { version: match.version, reason: 'New information from the bank about him.' })).status).toBe(403);
    const reopened = await call<Screening>(officer, 'POST', `registrations/${userId}/screening/${match.id}/reopen`, { version: match.version, reason: 'New information from the bank about him.' });
    expect(reopened.status).toBe(200);
    match = matchOf(reopened.body, 'Ivan Petrovich Morozov');
    expect(match).toMatchObject({ state: 'potential', decided_by: null, countersigned_by: null });
    expect(match.history.map((step) => step.action)).toEqual(['decided', 'countersigned', 'reopened']);

    const again = await call<Screening>('REVIEWER', 'POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: 'Different date of birth on the ID.' });
    match = matchOf(again.body, 'Ivan Petrovich Morozov');
    expect(match.state).toBe('awaiting_second_review');
    const back = await call<Screening>('ADMIN', 'POST', `registrations/${userId}/screening/${match.id}/countersign`, { version: match.version, outcome: 'send_back', reason: 'The ID on file is expired; get a current one.' });
    expect(back.status).toBe(200);
    match = matchOf(back.body, 'Ivan Petrovich Morozov');
    expect(match.state).toBe('potential');
    expect(back.body.missing).toContain('Decide the potential match of Ivan Petrovich Morozov (KPi.950)');

    const timeline = (await call<TimelineEvent[]>('ADMIN', 'GET', `registrations/${userId}/events`)).body;
    const screeningSteps = timeline.filter((event) => event.kind.startsWith('match_'));
    expect(screeningSteps.map((event) => event.kind)).toEqual(['match_false_positive', 'match_countersigned', 'match_reopened', 'match_false_positive', 'match_sent_back']);
    expect(screeningSteps[0]).toMatchObject({ data: { subject: 'Ivan Petrovich Morozov', reference: 'KPi.950', reason: REASON, awaiting_second_review: true } });
    const audit = await app.db.query<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'aml_match' AND entity_id = $1 ORDER BY id", [match.id]);
    expect(audit.map((event) => event.kind)).toEqual(['match_false_positive', 'match_countersigned', 'match_reopened', 'match_false_positive', 'match_sent_back']);
  });

  it('a confirmed match is not reopened (the freeze is lifted instead)', async () => {
    const [row] = await app.db.query<{ user_id: number; id: number; version: number }>(
      "SELECT r.user_id, m.id, m.version FROM aml_matches m JOIN registrations r ON r.id = m.registration_id WHERE m.state = 'confirmed' ORDER BY m.id LIMIT 1",
    );
    const refused = await call(officer, 'POST', `registrations/${row!.user_id}/screening/${row!.id}/reopen`, { version: row!.version, reason: 'Trying to undo the confirmation here.' });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('freeze') } });
  });

  it('the demo holds a false positive awaiting second review', async () => {
    const [row] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM aml_matches WHERE state = 'false_positive' AND countersign_due");
    expect(row!.count).toBeGreaterThan(0);
  });
});

describe('the party form\'s rules', () => {
  it('names the Emirates ID check digit, refuses a future birth date, non-Latin letters and an unknown country', async () => {
    const userId = fresh[1]!;
    const checkDigit = await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Test Person', { id_type: 'emirates_id', id_number: '784-1985-1234567-1' }));
    expect(checkDigit).toMatchObject({ status: 400, body: { field: 'id_number', message: expect.stringMatching(/check digit.*should be \d/) } });
    const future = await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Test Person', { date_of_birth: addDays(dubaiDate(), 1) }));
    expect(future).toMatchObject({ status: 400, body: { field: 'date_of_birth', message: expect.stringContaining('future') } });
    const arabic = await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('خالد سعيد'));
    expect(arabic).toMatchObject({ status: 400, body: { field: 'name', message: expect.stringContaining('Latin letters') } });
    const digits = await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Agent 007'));
    expect(digits).toMatchObject({ status: 400, body: { field: 'name' } });
    const country = await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Test Person', { nationality: 'XX' }));
    expect(country).toMatchObject({ status: 400, body: { field: 'nationality' } });
    expect((await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('José Ñúñez-O\'Brien', { nationality: 'ES' }))).status).toBe(201);
  });

  it('a party added by mistake is withdrawn (kept in history, out of the rules); a delete with decisions on file says to withdraw', async () => {
    const userId = fresh[2]!;
    await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Yusuf Hussain Khalil', { date_of_birth: '1985-06-01', nationality: 'IQ', share_percent: 50 }));
    const parties = (await call<Parties>('ADMIN', 'POST', `registrations/${userId}/parties`, person('Amal Darwish', { share_percent: 50 }))).body;
    const yusuf = parties.parties.find((party) => party.name === 'Yusuf Hussain Khalil')!;
    const match = matchOf(await screeningOf(userId), 'Yusuf Hussain Khalil');
    await call('ADMIN', 'POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'false_positive', reason: 'Born 1985, the listed person in 1968.' });
    const refused = await call('ADMIN', 'DELETE', `registrations/${userId}/parties/${yusuf.id}`, { version: yusuf.version });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('Withdraw the party instead') } });
    expect((await call('ADMIN', 'POST', `registrations/${userId}/parties/${yusuf.id}/withdraw`, { version: yusuf.version, reason: 'oops' })).status).toBe(400);
    expect((await call('BOOKKEEPER', 'POST', `registrations/${userId}/parties/${yusuf.id}/withdraw`, { version: yusuf.version, reason: 'Added to the wrong company by mistake.' })).status).toBe(403);
    const withdrawn = await call<Parties>('BD_MANAGER', 'POST', `registrations/${userId}/parties/${yusuf.id}/withdraw`, { version: yusuf.version, reason: 'Added to the wrong company by mistake.' });
    expect(withdrawn.status).toBe(200);
    const kept = withdrawn.body.parties.find((party) => party.id === yusuf.id)!;
    expect(kept.withdrawn).toMatchObject({ reason: 'Added to the wrong company by mistake.', by: { email: users.get('BD_MANAGER')!.email } });
    expect(withdrawn.body.ubos.map((ubo) => ubo.name)).toEqual(['Amal Darwish']);
    const screening = await screeningOf(userId);
    expect(screening.subjects.map((subject) => subject.name)).not.toContain('Yusuf Hussain Khalil');
    expect((await call('ADMIN', 'PATCH', `registrations/${userId}/parties/${yusuf.id}`, { version: kept.version, residence: 'GB' })).status).toBe(409);
    // The withdrawn 50 % no longer counts: another 50 % fits.
    expect((await call('ADMIN', 'POST', `registrations/${userId}/parties`, person('Karim Bennani', { share_percent: 50 }))).status).toBe(201);
  });
});

describe('the goAML entry', () => {
  it('keeps its description beside the filing notes and links to its client', async () => {
    const [client] = await app.db.query<{ user_id: number }>("SELECT user_id FROM registrations WHERE status = 'active' ORDER BY id LIMIT 1");
    const created = (await call<RegisterEntry>(officer, 'POST', 'aml-register/', { type: 'str', client: client!.user_id, decided_on: dubaiDate(), notes: 'Cash deposits split below the threshold.' })).body;
    expect(created).toMatchObject({ description: 'Cash deposits split below the threshold.', notes: '', client_path: `/due-diligence/details/${client!.user_id}` });
    const filed = (await call<RegisterEntry>(officer, 'PATCH', `aml-register/${created.id}`, { version: created.version, filed_on: dubaiDate(), goaml_reference: 'GOAML-1', notes: 'Filed by the compliance officer.' })).body;
    expect(filed).toMatchObject({ description: 'Cash deposits split below the threshold.', notes: 'Filed by the compliance officer.' });
    // The demo's confirmed UAE-list match opened its fund freeze report with the match as its description.
    const ffrs = (await call<Page<RegisterEntry>>(officer, 'GET', 'aml-register/?type=ffr')).body.results;
    expect(ffrs.map((entry) => entry.description)).toEqual(expect.arrayContaining([expect.stringMatching(/^Confirmed match on the UAE local list/)]));
    const [active] = await app.db.query<{ id: number; user_id: number }>('SELECT c.id, r.user_id FROM clients c JOIN registrations r ON r.id = c.registration_id ORDER BY c.id LIMIT 1');
    const ofClient = (await call<RegisterEntry>(officer, 'POST', 'aml-register/', { type: 'sar', client: active!.user_id, decided_on: dubaiDate(), notes: 'Unusual payments from a third party.' })).body;
    expect(ofClient.client_path).toBe(`/clients/${active!.id}`);
  });
});
