/**
 * Notifications on the real PGlite database and real emulator tokens: storage and per-user isolation, read
 * marks, the stream's auth, resume by Last-Event-ID, delivery across two app instances on one database,
 * who a registration event notifies, and FCM delivery (FCM itself replaced at its edge).
 */
import type { FastifyInstance } from 'fastify';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotificationRecord, UnreadCount } from '../../../common/contract/notifications.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { buildBackend, type BuildExtras } from '../../../backend/src/app.ts';
import { loadConfig } from '../../../backend/src/config.ts';
import { type Database, openDatabase } from '../../../backend/src/db/database.ts';
import { notifyUsers } from '../../../backend/src/modules/notifications/index.ts';
import { writeAudit } from '../../../backend/src/lib/audit.ts';
import { routeByKey } from '../../../common/access.ts';
import { type NotifiedRegistration, notifyRegistrationEvent, type RegistrationEvent } from '../../../backend/src/modules/registrations/notify.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { openEventStream } from '../../support/event-stream.ts';
import { readPgliteDump } from '../../support/database-templates.ts';
import { auth, createUsers, forgeEmulatorToken, signUpUnverified, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let database: Database;
let first: FastifyInstance;
let second: FastifyInstance;
let users: Map<Role, TestUser>;
let ids: Map<Role, number>;
const pushed: MulticastMessage[] = [];

// FCM is out of reach here: this stands in for firebase-admin's Messaging at the network edge, answering
// that the token 'dead-token' is no longer registered, as FCM does for an unsubscribed browser.
const fakeFcm = {
  async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
    pushed.push(message);
    const responses = message.tokens.map((token) =>
      token === 'dead-token'
        ? { success: false, error: { code: 'messaging/registration-token-not-registered', message: 'gone' } as never }
        : { success: true, messageId: `m-${token}` },
    );
    return { responses, successCount: responses.filter((r) => r.success).length, failureCount: responses.filter((r) => !r.success).length };
  },
};

function build(extras: BuildExtras): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    AUTH_TIMEOUT_MS: '20000',
    STREAM_HEARTBEAT_MS: '200',
  });
  return buildBackend(config, extras);
}

beforeAll(async () => {
  database = await openDatabase('memory://', { pgliteDump: await readPgliteDump(inject('databaseTemplates').pgliteSeeded) });
  first = await build({ database, pushTransport: fakeFcm });
  second = await build({ database, pushTransport: fakeFcm });
  await first.listen({ port: 0, host: '127.0.0.1' });

  await second.listen({ port: 0, host: '127.0.0.1' });
  users = await createUsers(first, emulatorHost, ['ADMIN', 'BD_MANAGER', 'REVIEWER', 'BD_EXEC'], 'notify');
  ids = new Map();
  for (const [role, user] of users) {
    const [row] = await database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    ids.set(role, row!.id);
  }
});
afterAll(async () => {
  // The test's own fetch keeps idle keep-alive sockets that Node does not count as idle here; the streams
  // themselves are ended by the app's close.
  for (const app of [first, second]) app?.server.closeAllConnections();
  await first?.close();
  await second?.close();
  await database?.close();
});

const as = (role: Role) => auth(users.get(role)!.token);
const notify = (role: Role, title: string) =>
  database.transaction((tx) => notifyUsers(tx, [ids.get(role)!], { kind: 'test', title, body: `${title} body`, link: '/settings' }));

const baseUrl = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/** Reads a notification stream with fetch, as the console does, collecting its events and comments. */
const openStream = (app: FastifyInstance, role: Role, lastEventId?: number) => openEventStream(`${baseUrl(app)}/api/notifications/stream`, as(role), lastEventId);

describe('storage and read state', () => {
  it('lists only the caller’s notifications, newest first, with the unread count', async () => {
    await notify('REVIEWER', 'R one');
    await notify('REVIEWER', 'R two');
    await notify('BD_EXEC', 'E one');
    const list = (await first.inject({ method: 'GET', url: '/api/notifications/', headers: as('REVIEWER') })).json<Page<NotificationRecord>>();
    expect(list.results.map((item) => item.title)).toEqual(['R two', 'R one']);
    expect(list.results[0]).toEqual({ id: expect.any(Number), kind: 'test', title: 'R two', body: 'R two body', link: '/settings', created_at: expect.any(String), read_at: null });
    const count = (await first.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: as('BD_EXEC') })).json<UnreadCount>();
    expect(count).toEqual({ unread: 1 });
  });

  it('marks one read (not another user’s) and then all read', async () => {
    const [mine] = await notify('BD_MANAGER', 'M one');
    await notify('BD_MANAGER', 'M two');
    const [theirs] = await notify('ADMIN', 'A one');
    const foreign = await first.inject({ method: 'POST', url: `/api/notifications/${theirs!.id}/read`, headers: as('BD_MANAGER') });
    expect(foreign.statusCode).toBe(404);
    const one = await first.inject({ method: 'POST', url: `/api/notifications/${mine!.id}/read`, headers: as('BD_MANAGER') });
    expect(one.json()).toEqual({ unread: 1 });
    const list = (await first.inject({ method: 'GET', url: '/api/notifications/', headers: as('BD_MANAGER') })).json<Page<NotificationRecord>>();
    expect(list.results.find((item) => item.id === mine!.id)?.read_at).toEqual(expect.any(String));
    const all = await first.inject({ method: 'POST', url: '/api/notifications/read-all', headers: as('BD_MANAGER') });
    expect(all.json()).toEqual({ unread: 0 });
    const adminCount = (await first.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: as('ADMIN') })).json<UnreadCount>();
    expect(adminCount.unread).toBeGreaterThanOrEqual(1);
  });

  it('sends the demo test notification to the caller in emulator mode', async () => {
    const response = await first.inject({ method: 'POST', url: '/api/notifications/test', headers: as('BD_EXEC') });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'test', title: 'Test notification', read_at: null });
  });
});

describe('the stream', () => {
  it('refuses a caller without a token', async () => {
    const response = await fetch(`${baseUrl(first)}/api/notifications/stream`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errorCode: 'UNAUTHORIZED' });
  });

  it('refuses a malformed Last-Event-ID', async () => {
    const response = await fetch(`${baseUrl(first)}/api/notifications/stream`, { headers: { ...as('ADMIN'), 'last-event-id': 'abc' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'INVALID_INPUT' });
  });

  it('delivers a notification written through the other instance, with its id, and heartbeats', async () => {
    const stream = await openStream(second, 'REVIEWER');
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [created] = await notify('REVIEWER', 'live');
    await notify('BD_EXEC', 'not for the reviewer');
    await expect.poll(() => stream.notifications().map((item) => item.title)).toEqual(['live']);
    expect(stream.events.find((event) => event.event === 'notification')?.id).toBe(String(created!.id));
    await expect.poll(() => stream.comments(), { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    await stream.close();
  });

  it('names the record its transaction wrote an audit event of, so an open page of it reads it again', async () => {
    const stream = await openStream(second, 'REVIEWER');
    await database.transaction(async (tx) => {
      await writeAudit(tx, { entity: 'monthly_report', entityId: 40, kind: 'report_approved', actorId: null, data: { client_id: 5 } });
      await notifyUsers(tx, [ids.get('REVIEWER')!], { kind: 'report_approved', title: 'approved', body: '', link: '/clients/5?tab=reports' });
    });
    await notify('REVIEWER', 'no record');
    await expect.poll(() => stream.notifications().map((item) => item.title)).toEqual(['approved', 'no record']);
    const [approved, plain] = stream.notifications();
    expect(approved!.subject).toEqual({ entity: 'monthly_report', id: 40, client_id: 5 });
    expect(plain!.subject).toBeUndefined();
    await stream.close();
  });

  it('resumes after Last-Event-ID with what was sent while away', async () => {
    const [seen] = await notify('BD_EXEC', 'seen');
    await notify('BD_EXEC', 'missed 1');
    await notify('BD_EXEC', 'missed 2');
    const stream = await openStream(first, 'BD_EXEC', seen!.id);
    await expect.poll(() => stream.notifications().map((item) => item.title)).toEqual(['missed 1', 'missed 2']);
    await stream.close();
  });

  it('ends when the token it was opened with expires', async () => {
    const email = `short-lived-${Date.now()}@example.test`;
    await database.query("INSERT INTO users (email, display_name, role) VALUES ($1, 'Short Lived', 'REVIEWER')", [email]);
    // Emulator mode accepts unsigned tokens of existing accounts: this one's is re-issued to live two seconds.
    const real = await signUpUnverified(emulatorHost, email);
    const { user_id: uid } = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString()) as { user_id: string };
    const token = forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid, email, lifetimeSeconds: 2 });
    const response = await fetch(`${baseUrl(first)}/api/notifications/stream`, { headers: auth(token) });
    expect(response.status).toBe(200);
    const opened = Date.now();
    const reader = response.body!.getReader();
    while (!(await reader.read()).done);
    expect(Date.now() - opened).toBeGreaterThan(1000);
    expect(Date.now() - opened).toBeLessThan(4000);
  });

  it('tells the user’s other streams about read marks', async () => {
    const stream = await openStream(second, 'ADMIN');
    const [created] = await notify('ADMIN', 'to read');
    await expect.poll(() => stream.notifications().length).toBe(1);
    await first.inject({ method: 'POST', url: `/api/notifications/${created!.id}/read`, headers: as('ADMIN') });
    await expect.poll(() => stream.events.filter((event) => event.event === 'read').map((event) => JSON.parse(event.data) as unknown)).toEqual([
      { ids: [created!.id], upTo: null },
    ]);
    await stream.close();
  });
});

describe('who a registration event notifies', () => {
  async function registration(stage: string, review: string | null = null): Promise<number> {
    const [row] = await database.query<{ id: number }>(
      'SELECT id FROM registrations WHERE stage = $1 AND status = $2 AND review_state IS NOT DISTINCT FROM $3 LIMIT 1',
      [stage, 'active', review],
    );
    return row!.id;
  }
  /** The event's notifications for the registration as stored, with `assigneeId` as its assignee after the action. */
  const notifyAbout = (registrationId: number, event: RegistrationEvent, assigneeId: number | null) =>
    database.transaction(async (tx) => {
      const [row] = await tx.query<NotifiedRegistration>('SELECT user_id, legal_name, stage, status, review_state FROM registrations WHERE id = $1', [registrationId]);
      return notifyRegistrationEvent(tx, event, { ...row!, assignee_id: assigneeId });
    });
  const recipients = (created: { id: number }[]) =>
    database.query<{ user_id: number }>('SELECT user_id FROM notifications WHERE id = ANY($1::int[]) ORDER BY user_id', [created.map((item) => item.id)]);

  it('tells the assignee about assignment, resubmission and documents, never the actor', async () => {
    const id = await registration('documents_submitted');
    const reviewer = ids.get('REVIEWER')!;
    const admin = ids.get('ADMIN')!;
    for (const kind of ['assigned', 'resubmitted', 'document_uploaded'] as const) {
      const created = await notifyAbout(id, { kind, actorId: admin }, reviewer);
      expect(await recipients(created)).toEqual([{ user_id: reviewer }]);
      expect(created[0]!.link).toMatch(/^\/due-diligence\/details\/\d+$/);
    }
    const own = await notifyAbout(id, { kind: 'assigned', actorId: reviewer }, reviewer);
    expect(own).toEqual([]);
    const nobody = await notifyAbout(id, { kind: 'resubmitted', actorId: null }, null);
    expect(nobody).toEqual([]);
  });

  it('tells the due-diligence roles when a registration reaches documents_submitted', async () => {
    const id = await registration('documents_submitted');
    const created = await notifyAbout(id, { kind: 'stage_reached', actorId: ids.get('ADMIN')!, stage: 'documents_submitted' }, null);
    const notified = await database.query<{ role: Role }>('SELECT DISTINCT u.role FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.id = ANY($1::int[])', [
      created.map((item) => item.id),
    ]);
    expect(new Set(notified.map((row) => row.role))).toEqual(new Set(routeByKey('due-diligence').permission));
    expect(created.some((item) => item.title === 'New registration for due diligence')).toBe(true);
    expect(await recipients(created)).not.toContainEqual({ user_id: ids.get('ADMIN') });
    const other = await notifyAbout(id, { kind: 'stage_reached', actorId: null, stage: 'meeting_scheduled' }, null);
    expect(other).toEqual([]);
  });

  it('rolls the notification back with the caller’s transaction', async () => {
    const before = await database.query('SELECT id FROM notifications');
    await expect(
      database.transaction(async (tx) => {
        await notifyUsers(tx, [ids.get('ADMIN')!], { kind: 'test', title: 'never', body: '', link: null });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await database.query('SELECT id FROM notifications')).toEqual(before);
  });
});

describe('push through FCM', () => {
  it('sends each notification once to the user’s tokens and deactivates the ones FCM reports unregistered', async () => {
    const user = ids.get('BD_EXEC')!;
    await database.query("INSERT INTO devices (registration_id, user_id, device, active, type) VALUES ('live-token', $1, 'web', true, 'web'), ('dead-token', $1, 'web', true, 'web')", [user]);
    pushed.length = 0;
    const [created] = await notify('BD_EXEC', 'pushed');
    await expect.poll(() => pushed.length).toBe(1);
    expect(pushed[0]).toMatchObject({ tokens: expect.arrayContaining(['live-token', 'dead-token']), data: { id: String(created!.id), title: 'pushed', link: '/settings' } });
    await expect
      .poll(async () => (await database.query<{ active: boolean }>("SELECT active FROM devices WHERE registration_id = 'dead-token'"))[0]?.active)
      .toBe(false);
    await new Promise((done) => setTimeout(done, 200));
    expect(pushed).toHaveLength(1);
  });
});
