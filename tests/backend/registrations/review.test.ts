/**
 * The due-diligence review against the real back end (PGlite in memory, demo data seeded) and real emulator
 * tokens: reads, every action per role, the state and timeline events they write, stale versions, retried
 * requests, the client's own correction loop, the document files' headers and bad inputs.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MyRegistration, RegistrationReview, TimelineEvent, UserStatusResponse } from '../../../common/contract/registrations.ts';
import { CONFLICT_MESSAGE, RESUBMITTED_STATUS_TEXT } from '../../../common/review.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let otherClient: TestUser;
let candidates: number[];

const headers = (role: Role | TestUser, key?: string) => ({
  ...auth(typeof role === 'string' ? users.get(role)!.token : role.token),
  ...(key ? { 'idempotency-key': key } : {}),
});
const get = (url: string, role: Role | TestUser = 'ADMIN') => app.inject({ method: 'GET', url, headers: headers(role) });
const post = (url: string, body: unknown, role: Role | TestUser = 'ADMIN', key?: string) =>
  app.inject({ method: 'POST', url, headers: headers(role, key), payload: body as Record<string, unknown> });
const review = async (userId: number) => (await get(`/api/registrations/${userId}/review`)).json<RegistrationReview>();
const timeline = async (userId: number) => (await get(`/api/registrations/${userId}/events`)).json<TimelineEvent[]>();
const userIdOf = async (role: Role) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get(role)!.email]))[0]!.id;

/** A registration waiting on due diligence with documents, never handed out twice. */
const nextCase = () => {
  const userId = candidates.shift();
  if (userId === undefined) throw new Error('no due-diligence case left in the demo data');
  return userId;
};

/** Gives a test client account the registration of `userId` (its own registration from then on). */
async function handTo(client: TestUser, userId: number): Promise<void> {
  await app.db.query('UPDATE registrations SET user_id = (SELECT id FROM users WHERE email = $1) WHERE user_id = $2', [client.email, userId]);
}
const clientId = async (client: TestUser) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [client.email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'review');
  otherClient = (await createUsers(app, emulatorHost, ['CLIENT'], 'review-other')).get('CLIENT')!;
  candidates = (
    await app.db.query<{ user_id: number }>(
      // Fresh cases only: the seeded returned-and-resubmitted one already has decisions on its timeline.
      `SELECT r.user_id FROM registrations r WHERE r.stage = 'documents_submitted' AND r.status = 'active' AND r.review_state IS NULL
       AND r.recieved_on IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM audit_events e WHERE e.entity = 'registration' AND e.entity_id = r.id AND e.kind = 'returned')
       ORDER BY r.id`,
    )
  ).map((row) => row.user_id);
});
afterAll(() => app?.close());

describe('reading a registration', () => {
  it('answers the header, company profile and documents to the roles whose pages hold the registration', async () => {
    const userId = candidates[0]!;
    for (const role of ['ADMIN', 'BD_MANAGER'] as const) expect((await get(`/api/registrations/${userId}/review`, role)).statusCode).toBe(200);
    // Due Diligence is not a BD_EXEC's page: its KYC file is another's record to it (404).
    expect((await get(`/api/registrations/${userId}/review`, 'BD_EXEC')).statusCode).toBe(404);
    const body = await review(userId);
    expect(body).toMatchObject({ user_id: userId, stage: 'documents_submitted', queue: 'due-diligence', review_state: null });
    expect(body.version).toBeGreaterThanOrEqual(1);
    expect(body.profile).toMatchObject({ legal_name: body.legal_name, trade_licence_number: expect.any(String), licence_expires_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(body.documents.length).toBeGreaterThanOrEqual(3);
    expect(body.documents.map((document) => document.content_type)).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));
    expect(Object.keys(body.reached_at)).toEqual(expect.arrayContaining(['signed_up', 'documents_submitted']));
  });

  it('carries the meeting, plan and payment the onboarding lists hold, for the stepper pages of those steps', async () => {
    const [row] = await app.db.query<{ user_id: number; plan_name: string; payment_date: Date }>(
      "SELECT user_id, plan_name, payment_date FROM registrations WHERE stage = 'payment_completed' AND plan_name IS NOT NULL AND payment_date IS NOT NULL LIMIT 1",
    );
    const body = await review(row!.user_id);
    expect(body).toMatchObject({ plan_name: row!.plan_name, plan_amount_aed: expect.stringMatching(/^\d+\.\d{2}$/), payment_date: row!.payment_date.toISOString() });
    expect(body.meeting_at).toEqual(expect.any(String));
  });

  it.each(['REVIEWER', 'BOOKKEEPER', 'HR_MANAGER', 'MARKETING', 'CLIENT', 'CLIENT_ACCOUNT_MANAGER'] as const)('refuses %s (403)', async (role) => {
    const response = await get(`/api/registrations/${candidates[0]}/review`, role);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('FORBIDDEN');
  });

  it('keeps the timeline (internal comments) to the Due Diligence roles', async () => {
    expect((await get(`/api/registrations/${candidates[0]}/events`, 'BD_MANAGER')).statusCode).toBe(200);
    expect((await get(`/api/registrations/${candidates[0]}/events`, 'BD_EXEC')).statusCode).toBe(403);
    const events = await timeline(candidates[0]!);
    expect(events.filter((event) => event.kind === 'stage_reached').map((event) => event.data.stage)).toEqual([
      'signed_up', 'completed_registration', 'profile_verified', 'meeting_scheduled', 'documents_submitted',
    ]);
    expect(events.filter((event) => event.kind === 'document_uploaded').length).toBeGreaterThanOrEqual(3);
  });

  it('answers 404 NOT_FOUND for a user without a registration and 400 naming userId for a bad id', async () => {
    const missing = await get('/api/registrations/2000000000/review');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorCode: 'NOT_FOUND', message: expect.any(String) });
    const bad = await get('/api/registrations/abc/review');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errorCode: 'INVALID_INPUT', message: expect.any(String), field: 'userId' });
  });

  it('lists as assignees only staff who may see Due Diligence', async () => {
    const response = await get('/api/registrations/assignees/', 'BD_MANAGER');
    expect(response.statusCode).toBe(200);
    const emails = response.json<Array<{ email: string }>>().map((person) => person.email);
    expect(emails).toContain(users.get('ADMIN')!.email);
    expect(emails).toContain(users.get('BD_MANAGER')!.email);
    expect(emails).not.toContain(users.get('REVIEWER')!.email);
    expect((await get('/api/registrations/assignees/', 'REVIEWER')).statusCode).toBe(403);
  });
});

describe('document files', () => {
  it('serves the bytes with their type, a file name, nosniff and a sandboxing policy', async () => {
    const userId = candidates[0]!;
    const { documents } = await review(userId);
    const pdf = documents.find((document) => document.content_type === 'application/pdf')!;
    expect((await get(`/api/registrations/${userId}/documents/${pdf.id}`, 'BD_EXEC')).statusCode).toBe(404);
    const response = await get(`/api/registrations/${userId}/documents/${pdf.id}`, 'BD_MANAGER');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${pdf.file_name}"; filename*=UTF-8''${encodeURIComponent(pdf.file_name)}`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.length).toBe(pdf.size_bytes);

    const png = documents.find((document) => document.content_type === 'image/png')!;
    const download = await get(`/api/registrations/${userId}/documents/${png.id}?download=true`);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect([...download.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("answers 404 for another registration's document and 403 for roles without Registration", async () => {
    const { documents } = await review(candidates[0]!);
    expect((await get(`/api/registrations/${candidates[1]}/documents/${documents[0]!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/registrations/${candidates[0]}/documents/${documents[0]!.id}`, 'REVIEWER')).statusCode).toBe(403);
  });
});

describe('review actions', () => {
  it.each(['BD_EXEC', 'REVIEWER', 'BOOKKEEPER', 'CLIENT'] as const)('refuses every action to %s (403) and changes nothing', async (role) => {
    const userId = candidates[0]!;
    const before = await review(userId);
    for (const [path, body] of [
      ['approve', { version: before.version }],
      ['return', { version: before.version, reason: 'name_mismatch', comment: 'x' }],
      ['assign', { version: before.version, assignee_id: null }],
      ['comments', { text: 'x' }],
    ] as const) {
      const response = await post(`/api/registrations/${userId}/${path}`, body, role);
      expect(response.statusCode, path).toBe(403);
    }
    expect(await review(userId)).toEqual(before);
  });

  it('assigns to me, to another Due Diligence user and unassigns, each with its event and a new version', async () => {
    const userId = nextCase();
    const start = await review(userId);
    const seen = (await timeline(userId)).length;
    const managerId = await userIdOf('BD_MANAGER');
    const mine = await post(`/api/registrations/${userId}/assign`, { assignee_id: managerId, version: start.version }, 'BD_MANAGER');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<RegistrationReview>()).toMatchObject({ assignee: { id: managerId }, version: start.version + 1 });

    const adminId = await userIdOf('ADMIN');
    const other = await post(`/api/registrations/${userId}/assign`, { assignee_id: adminId, version: start.version + 1 }, 'BD_MANAGER');
    expect(other.json<RegistrationReview>().assignee?.id).toBe(adminId);
    const none = await post(`/api/registrations/${userId}/assign`, { assignee_id: null, version: start.version + 2 }, 'ADMIN');
    expect(none.json<RegistrationReview>()).toMatchObject({ assignee: null, version: start.version + 3 });

    // The assignee hears of it unless they assigned themselves (notifications/store.ts decides who).
    const [{ count: notified } = { count: 0 }] = await app.db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND kind = 'assigned' AND link = $2",
      [adminId, `/due-diligence/details/${userId}`],
    );
    expect(notified).toBe(1);
    const events = (await timeline(userId)).slice(seen);
    expect(events.map((event) => [event.kind, 'assignee' in event.data ? event.data.assignee?.id : undefined, event.actor?.email])).toEqual([
      ['assigned', managerId, users.get('BD_MANAGER')!.email],
      ['assigned', adminId, users.get('BD_MANAGER')!.email],
      ['unassigned', adminId, users.get('ADMIN')!.email],
    ]);
    const [audit] = await app.db.query<{ before: { assignee_id: number | null }; after: { assignee_id: number | null } }>(
      'SELECT before, after FROM audit_events WHERE id = $1',
      [events[0]!.id],
    );
    expect(audit).toEqual({ before: expect.objectContaining({ assignee_id: start.assignee?.id ?? null }), after: expect.objectContaining({ assignee_id: managerId }) });
  });

  it('refuses an assignee who may not see Due Diligence (400 naming assignee_id)', async () => {
    const userId = candidates[0]!;
    const { version } = await review(userId);
    const response = await post(`/api/registrations/${userId}/assign`, { assignee_id: await userIdOf('REVIEWER'), version });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', message: expect.any(String), field: 'assignee_id' });
  });

  it('approves: the registration moves on to Plan Approval, its status history and timeline say so', async () => {
    const userId = nextCase();
    const { version } = await review(userId);
    const response = await post(`/api/registrations/${userId}/approve`, { version }, 'BD_MANAGER');
    expect(response.statusCode).toBe(200);
    expect(response.json<RegistrationReview>()).toMatchObject({ review_state: 'approved', queue: 'pending-payments', status_label: 'Pending Plan Approval', version: version + 1 });
    const events = await timeline(userId);
    expect(events.at(-1)).toMatchObject({ kind: 'approved', actor: { email: users.get('BD_MANAGER')!.email } });
    const list = (await get('/api/registrations/?stage=documents_submitted&status=active&page_size=100')).json<{ results: Array<{ id: number; status: string }> }>();
    expect(list.results.find((item) => item.id === userId)?.status ?? 'Pending Plan Approval').toBe('Pending Plan Approval');
    // Approved once: a second approval (another reviewer on a fresh page) is a conflict, not a second event.
    const again = await post(`/api/registrations/${userId}/approve`, { version: version + 1 });
    expect(again.statusCode).toBe(409);
    expect((await timeline(userId)).filter((event) => event.kind === 'approved')).toHaveLength(1);
  });

  it('refuses a stale version with 409 CONFLICT and loses nothing', async () => {
    const userId = nextCase();
    const { version } = await review(userId);
    expect((await post(`/api/registrations/${userId}/assign`, { assignee_id: await userIdOf('ADMIN'), version })).statusCode).toBe(200);
    const stale = await post(`/api/registrations/${userId}/return`, { version, reason: 'name_mismatch', comment: 'Names differ' }, 'BD_MANAGER');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errorCode: 'CONFLICT', message: CONFLICT_MESSAGE });
    const after = await review(userId);
    expect(after).toMatchObject({ review_state: null, assignee: { id: await userIdOf('ADMIN') }, version: version + 1 });
    expect((await timeline(userId)).some((event) => event.kind === 'returned')).toBe(false);
  });

  it('acts once for a retried request with the same Idempotency-Key', async () => {
    const userId = nextCase();
    const { version } = await review(userId);
    const key = `retry-${userId}`;
    const first = await post(`/api/registrations/${userId}/return`, { version, reason: 'document_unreadable', comment: 'Blurred scan' }, 'ADMIN', key);
    const retry = await post(`/api/registrations/${userId}/return`, { version, reason: 'document_unreadable', comment: 'Blurred scan' }, 'ADMIN', key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<RegistrationReview>().version).toBe(version + 1);
    expect((await timeline(userId)).filter((event) => event.kind === 'returned')).toHaveLength(1);
    const status = (await get(`/api/users/${userId}/status`)).json<UserStatusResponse>();
    expect(status.current_status.filter((entry) => entry.status_text === 'Returned: Document unreadable')).toHaveLength(1);

    const comment = { text: 'Checked the licence register' };
    await post(`/api/registrations/${userId}/comments`, comment, 'ADMIN', 'comment-key');
    await post(`/api/registrations/${userId}/comments`, comment, 'ADMIN', 'comment-key');
    expect((await timeline(userId)).filter((event) => event.kind === 'comment_added' && event.data.comment === comment.text)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous decisions on the same version through; the other gets 409', async () => {
    const userId = nextCase();
    const { version } = await review(userId);
    const [approved, returned] = await Promise.all([
      post(`/api/registrations/${userId}/approve`, { version }, 'ADMIN'),
      post(`/api/registrations/${userId}/return`, { version, reason: 'missing_document', comment: 'Bank statement missing' }, 'BD_MANAGER'),
    ]);
    expect([approved.statusCode, returned.statusCode].sort()).toEqual([200, 409]);
    const decisions = (await timeline(userId)).filter((event) => event.kind === 'approved' || event.kind === 'returned');
    expect(decisions).toHaveLength(1);
    expect((await review(userId)).review_state).toBe(decisions[0]!.kind);
  });

  it('acts once when the retry arrives while the first attempt is still running', async () => {
    const userId = nextCase();
    const { version } = await review(userId);
    const seen = (await timeline(userId)).length;
    const body = { version, assignee_id: await userIdOf('ADMIN') };
    const responses = await Promise.all([1, 2, 3].map(() => post(`/api/registrations/${userId}/assign`, body, 'BD_MANAGER', `parallel-${userId}`)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await review(userId)).version).toBe(version + 1);
    expect((await timeline(userId)).slice(seen).map((event) => event.kind)).toEqual(['assigned']);
  });

  it('posts internal comments into the timeline with their author and refuses blank ones', async () => {
    const userId = candidates[0]!;
    const response = await post(`/api/registrations/${userId}/comments`, { text: '  Licence activity matches.\nOK to approve.  ' }, 'BD_MANAGER');
    expect(response.statusCode).toBe(201);
    expect(response.json<TimelineEvent[]>().at(-1)).toMatchObject({
      kind: 'comment_added',
      data: { comment: 'Licence activity matches.\nOK to approve.' },
      actor: { email: users.get('BD_MANAGER')!.email },
    });
    for (const text of ['', '   \n ']) {
      const blank = await post(`/api/registrations/${userId}/comments`, { text });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().field).toBe('text');
    }
  });

  it.each([
    ['approve', 'version', {}],
    ['approve', 'version', { version: 'one' }],
    ['return', 'reason', { version: 1, reason: 'bad_luck', comment: 'x' }],
    ['return', 'comment', { version: 1, reason: 'name_mismatch', comment: '   ' }],
    ['return', 'comment', { version: 1, reason: 'name_mismatch' }],
    ['assign', 'assignee_id', { version: 1 }],
    ['comments', 'text', {}],
  ])('answers 400 INVALID_INPUT for a bad %s body, naming %s', async (path, field, body) => {
    const response = await post(`/api/registrations/${candidates[0]}/${path}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', message: expect.any(String), field: field });
  });

  it('answers 400 for a bad Idempotency-Key and 404 for an unknown registration', async () => {
    const badKey = await app.inject({ method: 'POST', url: `/api/registrations/${candidates[0]}/comments`, headers: { ...headers('ADMIN'), 'idempotency-key': 'has space' }, payload: { text: 'x' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().field).toBe('idempotency-key');
    const missing = await post('/api/registrations/2000000000/approve', { version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('NOT_FOUND');
  });
});

describe("the client's correction loop", () => {
  const client = () => users.get('CLIENT')!;
  const pngBase64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');

  it('returned, corrected by upload, resubmitted: back on the due-diligence list, every step in the timeline', async () => {
    const userId = nextCase();
    await handTo(client(), userId);
    const ownId = await clientId(client());
    const { version } = await review(ownId);
    await post(`/api/registrations/${ownId}/return`, { version, reason: 'document_expired', comment: 'Upload the renewed licence' }, 'BD_MANAGER');
    expect(await review(ownId)).toMatchObject({ review_state: 'returned', queue: 'registrations', status_label: 'Returned for Correction' });
    const status = (await get(`/api/users/${ownId}/status`)).json<UserStatusResponse>();
    expect(status.current_status.at(-1)?.status_text).toBe('Returned: Document expired');

    const mine = await get('/api/me/registration', client());
    expect(mine.statusCode).toBe(200);
    expect(mine.json<MyRegistration>()).toMatchObject({ review_state: 'returned', stage: 'documents_submitted' });

    const upload = await post('/api/me/registration/documents', { kind: 'trade_licence', file_name: 'renewed licence.png', content_type: 'image/png', content_base64: pngBase64 }, client(), 'upload-1');
    expect(upload.statusCode).toBe(201);
    expect(upload.json<MyRegistration>().documents[0]).toMatchObject({ kind: 'trade_licence', file_name: 'renewed licence.png', size_bytes: 11 });
    const resubmitted = await post('/api/me/registration/resubmit', {}, client(), 'resubmit-1');
    expect(resubmitted.statusCode).toBe(200);
    expect((await post('/api/me/registration/resubmit', {}, client(), 'resubmit-1')).statusCode).toBe(200);

    expect(await review(ownId)).toMatchObject({ review_state: null, queue: 'due-diligence', status_label: 'Pending Due Diligence' });
    expect((await get(`/api/users/${ownId}/status`)).json<UserStatusResponse>().current_status.at(-1)?.status_text).toBe(RESUBMITTED_STATUS_TEXT);
    const kinds = (await timeline(ownId)).map((event) => event.kind);
    expect(kinds.slice(-3)).toEqual(['returned', 'document_uploaded', 'resubmitted']);
    expect(kinds.filter((kind) => kind === 'resubmitted')).toHaveLength(1);
    const list = (await get('/api/registrations/?stage=documents_submitted&status=active&page_size=100')).json<{ results: Array<{ id: number; status: string }> }>();
    expect(list.results.find((item) => item.id === ownId)?.status).toBe('Pending Due Diligence');
  });

  it("reaches only the client's own registration: another client cannot resubmit or upload to it", async () => {
    const userId = nextCase();
    await handTo(otherClient, userId);
    // The other client's registration is under review, not returned: nothing to resubmit.
    const refused = await post('/api/me/registration/resubmit', {}, otherClient);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('CONFLICT');
    // The client-scoped calls take no registration parameter; the staff paths refuse clients.
    const foreign = await post(`/api/registrations/${await clientId(client())}/approve`, { version: 1 }, otherClient);
    expect(foreign.statusCode).toBe(403);
    expect((await get(`/api/registrations/${await clientId(client())}/review`, otherClient)).statusCode).toBe(403);
  });

  it('refuses the client calls to staff (403) and to a client without a registration (404)', async () => {
    expect((await get('/api/me/registration', 'ADMIN')).statusCode).toBe(403);
    expect((await post('/api/me/registration/resubmit', {}, 'BD_MANAGER')).statusCode).toBe(403);
    const lonely = (await createUsers(app, emulatorHost, ['CLIENT'], 'review-lonely')).get('CLIENT')!;
    const response = await get('/api/me/registration', lonely);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('NOT_FOUND');
  });

  it.each([
    [{ kind: 'selfie', file_name: 'a.png', content_type: 'image/png', content_base64: 'iVBORw0KGgo=' }, 'kind'],
    [{ kind: 'passport', file_name: '', content_type: 'image/png', content_base64: 'iVBORw0KGgo=' }, 'file_name'],
    [{ kind: 'passport', file_name: `${'a'.repeat(200)}.png`, content_type: 'image/png', content_base64: 'iVBORw0KGgo=' }, 'file_name'],
    [{ kind: 'passport', file_name: 'a.png', content_type: 'image/png', content_base64: 'iVBORw0KGgo=', note: 'x' }, 'note'],
    [{ kind: 'passport', file_name: 'a.html', content_type: 'text/html', content_base64: 'PGh0bWw+' }, 'content_type'],
    [{ kind: 'passport', file_name: 'a.png', content_type: 'image/png', content_base64: 'not base64!' }, 'content_base64'],
    [{ kind: 'passport', file_name: 'a.png', content_type: 'image/png', content_base64: Buffer.from('%PDF-1.4').toString('base64') }, 'content_base64'],
  ])('refuses a bad upload (400 naming the field): %j', async (body, field) => {
    const response = await post('/api/me/registration/documents', body, client());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', message: expect.any(String), field: field });
  });
});
