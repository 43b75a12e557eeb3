/**
 * AML due diligence through the API: list imports in both official formats (malformed, another
 * format, the same file twice), parties with their rules, screening on every change, deciding a potential
 * match, the gate on 'Approve due diligence', and the freeze a confirmed match puts on the pipeline and on
 * billing. The demo's cases are checked as seeded.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EddEvidenceList, ImportResult, ListVersions, Parties, Screening, SearchResult } from '../../../common/contract/aml.ts';
import type { RegistrationReview } from '../../../common/contract/registrations.ts';
import type { Role } from '../../../common/roles.ts';
import { DEMO_UAE_LIST, DEMO_UN_LIST, demoUnVersion } from '../../../backend/src/demo/aml-lists.ts';
import { dubaiDate } from '../../../common/calendar.ts';
import { FROZEN_MESSAGE } from '../../../backend/src/lib/aml-freeze.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let fresh: number[] = [];

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, role: Role = 'ADMIN', key?: string) {
  const response = await app.inject({ method, url: `/api/${url}`, headers: { ...auth(users.get(role)!.token), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T & { errorCode?: string; message?: string; field?: string }>() };
}

const person = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'person', name, name_ar: null, date_of_birth: null, nationality: null, residence: 'AE', id_type: null, id_number: null, id_expires_on: null,
  roles: ['shareholder', 'manager'], share_percent: 100, owner_party_id: null, pep: false, pep_details: null, source_of_funds: null, source_of_wealth: null,
  jurisdiction: null, registration_number: null, ...extra,
});

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BD_MANAGER', 'BOOKKEEPER', 'REVIEWER'], 'aml');
  // Fresh due-diligence registrations without parties: the seed gives the early ones a clean file, so clear theirs.
  const rows = await app.db.query<{ user_id: number; id: number }>(
    `SELECT r.user_id, r.id FROM registrations r WHERE r.stage = 'documents_submitted' AND r.status = 'active' AND r.review_state IS NULL AND r.recieved_on IS NOT NULL
     AND EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = r.id AND f.risk_level = 'low' AND f.rated_by IS NULL) ORDER BY r.id DESC LIMIT 4`,
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

describe('sanctions lists', () => {
  it('were imported by the demo with their history, the same entries again change nothing', async () => {
    const versions = (await call<ListVersions>('GET', 'screening/lists/')).body.results;
    expect(versions.map((version) => [version.list, version.state, version.entry_count])).toEqual([['un', 'pending', 5], ['un', 'applied', 7], ['uae-local', 'applied', 4], ['un', 'applied', 6]]);
    expect(versions.find((version) => version.list === 'un')!.published_on! <= dubaiDate()).toBe(true);
    const again = await call<ImportResult>('POST', 'screening/lists/un', { content: demoUnVersion(2, new Date().toISOString()) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, rescreen_job_id: null });
    expect((await call<ImportResult>('POST', 'screening/lists/uae-local', { content: DEMO_UAE_LIST })).body.changed).toBe(false);
    expect((await call<ListVersions>('GET', 'screening/lists/')).body.results).toHaveLength(4);
  });

  it('refuses malformed XML naming the line, another format naming what is missing, and imports nothing', async () => {
    const broken = await call('POST', 'screening/lists/un', { content: '<CONSOLIDATED_LIST>\n<INDIVIDUALS>\n<INDIVIDUAL></INDIVIDUALS>' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'content', message: expect.stringMatching(/malformed XML at line 3/) });
    expect((await call('POST', 'screening/lists/un', { content: '<OTHER><A/></OTHER>' })).body.message).toMatch(/CONSOLIDATED_LIST/);
    expect((await call('POST', 'screening/lists/uae-local', { content: DEMO_UN_LIST })).body.message).toMatch(/not the UAE local list/);
    expect((await call('POST', 'screening/lists/uae-local', { content: 'name,date\nA,B\n' })).body.message).toMatch(/header row/);
    expect((await call<ListVersions>('GET', 'screening/lists/')).body.results).toHaveLength(4);
    expect((await call('POST', 'screening/lists/un', { content: DEMO_UN_LIST }, 'BD_MANAGER')).status).toBe(403);
  });

  it('a new version says what was added, changed and removed, and re-screens', async () => {
    // Removing an entry would be held for a second person (lists.test.ts): this one adds and changes.
    const changed = demoUnVersion(2, new Date().toISOString())
      .replace('<ALIAS_NAME>Ivan Moroz</ALIAS_NAME>', '<ALIAS_NAME>Ivan Moroz</ALIAS_NAME></INDIVIDUAL_ALIAS><INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>I. P. Morozov</ALIAS_NAME>')
      .replace('  </INDIVIDUALS>', `<INDIVIDUAL><DATAID>9900009</DATAID><FIRST_NAME>ZED</FIRST_NAME><SECOND_NAME>QUORUM</SECOND_NAME><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS>`);
    const imported = await call<ImportResult>('POST', 'screening/lists/un', { content: changed });
    expect(imported.status).toBe(201);
    expect(imported.body.version).toMatchObject({ list: 'un', state: 'applied', entry_count: 8, added: ['QDi.999'], changed: ['KPi.950'], removed: [] });
    expect(imported.body.rescreen_job_id).toEqual(expect.any(Number));
  });

  it('searches a name before it is a party', async () => {
    const found = await call<SearchResult>('POST', 'screening/search', { name: 'Muhammad Abdulrahman Hashimi', kind: 'person' }, 'BD_MANAGER');
    expect(found.body.results[0]).toMatchObject({ list: 'un', reference: 'QDi.901', listed_name: 'MOHAMMED ABDUL RAHMAN AL-HASHIMI' });
    expect((await call<SearchResult>('POST', 'screening/search', { name: 'Rohan Mehta', kind: 'person' })).body.results).toEqual([]);
    expect((await call('POST', 'screening/search', { name: 'x', kind: 'person' }, 'BOOKKEEPER')).status).toBe(403);
  });
});

describe('parties, screening and the gate', () => {
  it('applies the rules: Emirates ID form, shares per level, loops, naming the field', async () => {
    const userId = fresh[0]!;
    const badId = await call('POST', `registrations/${userId}/parties`, person('Test Person', { id_type: 'emirates_id', id_number: '123-4567' }));
    expect(badId).toMatchObject({ status: 400, body: { field: 'id_number', message: expect.stringContaining('784') } });
    const holding = await call<Parties>('POST', `registrations/${userId}/parties`, { ...person('Alpha Holding Ltd'), kind: 'company', roles: ['shareholder'], share_percent: 60, registration_number: 'R-1' });
    expect(holding.status).toBe(201);
    const holdingId = holding.body.parties[0]!.id;
    const over = await call('POST', `registrations/${userId}/parties`, person('Too Much', { share_percent: 50 }));
    expect(over).toMatchObject({ status: 400, body: { field: 'share_percent', message: expect.stringContaining('110 %') } });
    const child = await call<Parties>('POST', `registrations/${userId}/parties`, { ...person('Beta Ltd'), kind: 'company', roles: ['shareholder'], share_percent: 100, owner_party_id: holdingId, registration_number: 'R-2' });
    const betaId = child.body.parties.find((party) => party.name === 'Beta Ltd')!.id;
    const loop = await call('PATCH', `registrations/${userId}/parties/${holdingId}`, { version: 1, owner_party_id: betaId });
    expect(loop).toMatchObject({ status: 400, body: { field: 'owner_party_id', message: expect.stringContaining('loop') } });
    const owner = await call<Parties>('POST', `registrations/${userId}/parties`, person('Sara Lindqvist', { owner_party_id: betaId, share_percent: 50 }));
    expect(owner.body.ubos).toEqual([{ party_ids: [expect.any(Number)], name: 'Sara Lindqvist', effective_percent: 30, basis: 'ownership', chains: ['Alpha Holding Ltd 60 % › Beta Ltd 100 % › Sara Lindqvist 50 %'] }]);
    expect(owner.body.layers).toBe(3);
    expect((await call('GET', `registrations/${userId}/parties`, undefined, 'BOOKKEEPER')).status).toBe(403);
    expect((await call('GET', 'registrations/999999/parties')).status).toBe(404);
  });

  it('screens on create, holds approval until a potential match is decided and the risk rated, then approves', async () => {
    const userId = fresh[1]!;
    const review = async () => (await call<RegistrationReview>('GET', `registrations/${userId}/review`)).body;
    let refused = await call('POST', `registrations/${userId}/approve`, { version: (await review()).version });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining("Add the client's owners") } });

    const added = await call<Parties>('POST', `registrations/${userId}/parties`, person('Yusuf Hussain Khalil', { date_of_birth: '1985-06-01', nationality: 'IQ' }), 'BD_MANAGER', 'add-yusuf');
    expect(added.body.parties[0]).toMatchObject({ screening: 'potential_match' });
    // The same key again adds nobody.
    expect((await call<Parties>('POST', `registrations/${userId}/parties`, person('Yusuf Hussain Khalil', { date_of_birth: '1985-06-01', nationality: 'IQ' }), 'BD_MANAGER', 'add-yusuf')).body.parties).toHaveLength(1);
    let screening = (await call<Screening>('GET', `registrations/${userId}/screening`)).body;
    const subject = screening.subjects.find((item) => item.party_id === added.body.parties[0]!.id)!;
    const [match] = subject.matches;
    expect(match).toMatchObject({ state: 'potential', candidate: { list: 'un', reference: 'QDi.902', date_of_birth: 'differs', nationality: 'agrees' } });
    expect(screening.missing).toEqual([`Decide the potential match of Yusuf Hussain Khalil (QDi.902)`, 'Rate the risk']);

    refused = await call('POST', `registrations/${userId}/approve`, { version: (await review()).version });
    expect(refused.body.message).toBe('Due diligence cannot be approved yet: Decide the potential match of Yusuf Hussain Khalil (QDi.902); Rate the risk.');

    screening = (await call<Screening>('POST', `registrations/${userId}/screening/${match!.id}/decide`, { version: match!.version, decision: 'false_positive', reason: 'Born 1985, the listed person 1968.' })).body;
    // A score of 90: the false positive waits for a second person's countersign.
    const awaiting = screening.subjects.find((item) => item.party_id !== null)!.matches[0]!;
    expect(awaiting).toMatchObject({ state: 'awaiting_second_review', candidate: { score: 90 } });
    screening = (await call<Screening>('POST', `registrations/${userId}/screening/${match!.id}/countersign`, { version: awaiting.version, outcome: 'countersign', reason: 'Agreed: the dates of birth are 17 years apart.' }, 'REVIEWER')).body;
    expect(screening.subjects.find((item) => item.party_id !== null)!.state).toBe('false_positive');
    expect((await call('POST', `registrations/${userId}/screening/${match!.id}/decide`, { version: match!.version, decision: 'confirmed', reason: 'Changed my mind about this one.' })).status).toBe(409);
    // Screened again (a list import, an edit that changes nothing the match reads): not raised again.
    const party = (await call<Parties>('GET', `registrations/${userId}/parties`)).body.parties[0]!;
    const edited = await call<Parties>('PATCH', `registrations/${userId}/parties/${party.id}`, { version: party.version, residence: 'AE', source_of_funds: 'Salary' });
    expect(edited.body.parties[0]!.screening).toBe('false_positive');

    screening = (await call<Screening>('PUT', `registrations/${userId}/risk`, { version: screening.version, sector: 'technology', services: ['bookkeeping'], face_to_face: true })).body;
    expect(screening.risk).toMatchObject({ level: 'low', score: 0, edd_required: false });
    expect(screening.missing).toEqual([]);
    const approved = await call<RegistrationReview>('POST', `registrations/${userId}/approve`, { version: (await review()).version }, 'BD_MANAGER');
    expect(approved.status).toBe(200);
  });

  it('a PEP makes the risk high: EDD items and a second ADMIN are missing until given', async () => {
    const userId = fresh[2]!;
    await call<Parties>('POST', `registrations/${userId}/parties`, person('Hessa Al Mheiri', { pep: true, pep_details: 'Board member of a government entity', date_of_birth: '1970-01-01' }));
    let screening = (await call<Screening>('GET', `registrations/${userId}/screening`)).body;
    screening = (await call<Screening>('PUT', `registrations/${userId}/risk`, { version: screening.version, sector: 'retail', services: [], face_to_face: true })).body;
    expect(screening.risk).toMatchObject({ level: 'high', edd_required: true, factors: expect.arrayContaining([expect.objectContaining({ factor: 'Politically exposed person', points: 3 })]) });
    expect(screening.missing).toEqual([
      'Enhanced due diligence: source of funds and of wealth of Hessa Al Mheiri',
      'Enhanced due diligence: evidence of the source of funds of Hessa Al Mheiri',
      'Enhanced due diligence: evidence of the source of wealth of Hessa Al Mheiri',
      'Enhanced due diligence: approval by a second ADMIN',
    ]);
    const self = await call('POST', `registrations/${userId}/risk/edd-approval`, { version: screening.version });
    expect(self).toMatchObject({ status: 409 });

    // The sources, and evidence of each uploaded with the documents' rules; then a second ADMIN approves.
    const hessa = (await call<Parties>('GET', `registrations/${userId}/parties`)).body.parties.find((party) => party.name === 'Hessa Al Mheiri')!;
    await call('PATCH', `registrations/${userId}/parties/${hessa.id}`, { version: hessa.version, source_of_funds: 'Salary and board fees', source_of_wealth: 'Inherited real estate' });
    const pdf = Buffer.from('%PDF-1.4 statement').toString('base64');
    const notPdf = await call('POST', `registrations/${userId}/parties/${hessa.id}/evidence`, { topic: 'source_of_funds', file_name: 'salary.pdf', content_type: 'application/pdf', content_base64: Buffer.from('hello').toString('base64') });
    expect(notPdf).toMatchObject({ status: 400, body: { field: 'content_base64' } });
    const funds = await call<EddEvidenceList>('POST', `registrations/${userId}/parties/${hessa.id}/evidence`, { topic: 'source_of_funds', file_name: 'salary.pdf', content_type: 'application/pdf', content_base64: pdf }, 'BD_MANAGER', 'evidence-1');
    expect(funds.status).toBe(201);
    expect((await call<EddEvidenceList>('POST', `registrations/${userId}/parties/${hessa.id}/evidence`, { topic: 'source_of_funds', file_name: 'salary.pdf', content_type: 'application/pdf', content_base64: pdf }, 'BD_MANAGER', 'evidence-1')).body.results).toHaveLength(1);
    expect((await call('POST', `registrations/${userId}/parties/999999/evidence`, { topic: 'source_of_wealth', file_name: 'deed.pdf', content_type: 'application/pdf', content_base64: pdf })).status).toBe(404);
    await call('POST', `registrations/${userId}/parties/${hessa.id}/evidence`, { topic: 'source_of_wealth', file_name: 'title deed.pdf', content_type: 'application/pdf', content_base64: pdf });
    const evidence = (await call<EddEvidenceList>('GET', `registrations/${userId}/evidence`)).body.results;
    expect(evidence.map((item) => [item.topic, item.file_name, item.size_bytes])).toEqual([['source_of_funds', 'salary.pdf', 18], ['source_of_wealth', 'title deed.pdf', 18]]);
    // Each document's bytes, as an attachment; an id of another registration answers 404.
    const file = await app.inject({ method: 'GET', url: `/api/registrations/${userId}/evidence/${evidence[0]!.id}`, headers: auth(users.get('ADMIN')!.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.body).toBe('%PDF-1.4 statement');
    expect((await call('GET', `registrations/${fresh[0]!}/evidence/${evidence[0]!.id}`)).status).toBe(404);
    screening = (await call<Screening>('GET', `registrations/${userId}/screening`)).body;
    expect(screening.missing).toEqual(['Enhanced due diligence: approval by a second ADMIN']);
    const second = (await createUsers(app, emulatorHost, ['ADMIN'], 'aml-second')).get('ADMIN')!;
    const approved = await app.inject({ method: 'POST', url: `/api/registrations/${userId}/risk/edd-approval`, headers: auth(second.token), payload: { version: screening.version } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Screening>().missing).toEqual([]);
  });

  it('a confirmed match freezes the client: pipeline actions and billing refused naming the freeze; ADMIN told; goAML entry due in 5 business days', async () => {
    const userId = fresh[3]!;
    const added = await call<Parties>('POST', `registrations/${userId}/parties`, person('Khaled Saeed Almarri', { name_ar: 'خالد سعيد المري', date_of_birth: '1979-03-12', nationality: 'QA' }), 'BD_MANAGER');
    const screening = (await call<Screening>('GET', `registrations/${userId}/screening`)).body;
    const match = screening.subjects.find((item) => item.party_id === added.body.parties[0]!.id)!.matches[0]!;
    expect(match.candidate).toMatchObject({ list: 'uae-local', listed_name: 'Khalid Saeed Al Marri', date_of_birth: 'agrees' });
    const decided = (await call<Screening>('POST', `registrations/${userId}/screening/${match.id}/decide`, { version: match.version, decision: 'confirmed', reason: 'Arabic name and date of birth agree.' }, 'REVIEWER')).body;
    expect(decided.frozen).toMatchObject({ reason: expect.stringContaining('UAE local') });
    const review = (await call<RegistrationReview>('GET', `registrations/${userId}/review`)).body;
    for (const [url, body] of [[`registrations/${userId}/approve`, { version: review.version }], [`registrations/${userId}/return`, { version: review.version, reason: 'missing_document', comment: 'x' }]] as const) {
      expect(await call('POST', url, body)).toMatchObject({ status: 409, body: { message: FROZEN_MESSAGE } });
    }
    // Who handles the file is not an act for the client: assignment is the one action the freeze lets through.
    expect(await call('POST', `registrations/${userId}/assign`, { assignee_id: null, version: review.version })).toMatchObject({ status: 200 });
    const [registration] = await app.db.query<{ id: number; legal_name: string }>('SELECT id, legal_name FROM registrations WHERE user_id = $1', [userId]);
    const [entry] = await app.db.query<{ type: string; deadline_on: Date }>('SELECT type, deadline_on FROM aml_register_entries WHERE registration_id = $1', [registration!.id]);
    expect(entry?.type).toBe('ffr');
    const notices = await app.db.query<{ body: string }>("SELECT n.body FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = 'client_frozen' AND u.email = $1", [users.get('ADMIN')!.email]);
    expect(notices.map((notice) => notice.body)).toContainEqual(expect.stringContaining(registration!.legal_name));
    expect((await call('POST', `registrations/${userId}/parties`, person('Anyone Else', { share_percent: null, roles: ['director'] }))).status).toBe(409);
  });

  it('the demo\'s frozen client cannot be billed', async () => {
    const [frozen] = await app.db.query<{ user_id: number }>('SELECT r.user_id FROM registrations r JOIN aml_files f ON f.registration_id = r.id WHERE f.frozen_at IS NOT NULL ORDER BY r.id LIMIT 1');
    expect(frozen).toBeDefined();
    const [client] = await app.db.query<{ id: number }>('SELECT id FROM clients WHERE registration_id IS NOT NULL ORDER BY id LIMIT 1');
    // Freeze an active client the way a confirmed match does, then bill it.
    const [link] = await app.db.query<{ registration_id: number }>('SELECT registration_id FROM clients WHERE id = $1', [client!.id]);
    await app.db.query("INSERT INTO aml_files (registration_id, frozen_at, frozen_reason) VALUES ($1, CURRENT_TIMESTAMP, 'test') ON CONFLICT (registration_id) DO UPDATE SET frozen_at = CURRENT_TIMESTAMP", [link!.registration_id]);
    const raised = await call('POST', 'invoices/', { client_id: client!.id, lines: [{ description: 'Advisory', quantity: 1, unit_fils: 100_00 }] });
    expect(raised).toMatchObject({ status: 409, body: { message: FROZEN_MESSAGE } });
  });
});
