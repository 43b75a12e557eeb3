/**
 * The scaled-out shape as processes: one Postgres server, two back-end replicas started at the same moment
 * (so both race to migrate and seed it), and two gateways, gateway i proxying to back end i. Every check
 * sends consecutive requests of one user through different gateways, so it passes only when no state lives
 * in a replica: sessions, lists and writes have to work whichever replica a request lands on.
 *
 * Checks for other cross-replica behaviour go in the describe block 'whichever replica a request lands on'
 * as further it() cases using via() and tokenFor().
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '../../backend/src/db/database.ts';
import { MIGRATIONS } from '../../backend/src/db/migrations/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import type { NotificationRecord } from '../../common/contract/notifications.ts';
import { NOTIFICATION_STREAM_EVENTS } from '../../common/contract/notifications-paths.ts';
import type { AssignBody, RegistrationListItem, RegistrationReview, ReturnBody, TimelineEvent } from '../../common/contract/registrations.ts';
import type { Page } from '../../common/contract/shared.ts';
import type { Me } from '../../common/contract/users.ts';
import type { Role } from '../../common/roles.ts';
import { freePort } from '../../scripts/lib/processes.ts';
import { seedEmulatorAccounts } from '../../scripts/lib/demo-accounts.ts';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/lib/postgres-cluster.ts';
import { BUILD_OUTPUTS, startServer, type ServerProcess } from '../../scripts/lib/stack.ts';
import { signIn } from '../backend/support.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';

const REPLICAS = 2;
const HOST = '127.0.0.1';
const emulatorHost = inject('authEmulatorHost');

let cluster: PostgresCluster;
let database: Database;
let workDir: string;
const servers: ServerProcess[] = [];
const gateways: string[] = [];
const tokens = new Map<Role, string>();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'replicas-test-'));
  cluster = await startPostgresCluster();
  const databaseUrl = await cluster.createDatabase('replicas');
  const firebase = { FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  const logDir = join(workDir, 'logs');

  const backendPorts = await Promise.all(Array.from({ length: REPLICAS }, () => freePort(HOST)));
  servers.push(
    ...(await Promise.all(
      backendPorts.map((port, index) =>
        startServer(`backend-${index}`, BUILD_OUTPUTS.backend, logDir, {
          ...firebase,
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_MAX: '4',
          SEED_DEMO_DATA: 'true',
          PORT: String(port),
          HOST,
          AUTH_TIMEOUT_MS: '20000',
        }, `http://${HOST}:${port}/readyz`),
      ),
    )),
  );
  const gatewayPorts = await Promise.all(backendPorts.map(() => freePort(HOST)));
  servers.push(
    ...(await Promise.all(
      gatewayPorts.map((port, index) =>
        startServer(`gateway-${index}`, BUILD_OUTPUTS.gateway, logDir, {
          ...firebase,
          PORT: String(port),
          HOST,
          API_UPSTREAM: `http://${HOST}:${backendPorts[index]}`,
          STATIC_DIR: BUILD_OUTPUTS.client,
          AUTH_TIMEOUT_MS: '20000',
        }, `http://${HOST}:${port}/healthz`),
      ),
    )),
  );
  gateways.push(...gatewayPorts.map((port) => `http://${HOST}:${port}`));
  database = await connectDatabase(databaseUrl);
  await seedEmulatorAccounts(emulatorHost, TEST_PROJECT_ID, DEMO_ACCOUNTS);
  for (const role of ['ADMIN', 'BD_MANAGER'] as const) {
    const account = DEMO_ACCOUNTS.find((entry) => entry.role === role)!;
    tokens.set(role, await signIn(emulatorHost, account.email, DEMO_PASSWORD));
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  await cluster?.stop();
  await rm(workDir, { recursive: true, force: true });
});

const tokenFor = (role: Role) => tokens.get(role)!;

/** An API call through gateway `index` (taken modulo the number of gateways), as the console makes it. */
function via(index: number, path: string, token: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(`${gateways[index % gateways.length]}/api/${path.replace(/^\/?(api\/)?/, '')}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Firebase ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

async function json<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

const taken = new Set<number>();

/** A due-diligence registration no other case has used, undecided and unassigned, so every action on it is news. */
async function freshRegistration(): Promise<RegistrationReview> {
  const admin = tokenFor('ADMIN');
  const queue = await json<Page<RegistrationListItem>>(via(0, 'registrations/?queue=due-diligence&page_size=100', admin));
  for (const item of queue.results.toReversed()) {
    if (taken.has(item.id) || item.review_state !== null) continue;
    const review = await json<RegistrationReview>(via(1, `registrations/${item.id}/review`, admin));
    if (review.assignee !== null) continue;
    taken.add(item.id);
    return review;
  }
  throw new Error('no fresh due-diligence registration left in the demo data');
}

describe('replicas starting at once on one Postgres server', () => {
  it('apply each migration once and seed the demo data once', async () => {
    const migrations = await database.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(migrations.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
    const admins = await database.query<{ count: number }>("SELECT count(*) AS count FROM users WHERE email = 'admin@example.com'");
    expect(admins).toEqual([{ count: 1 }]);
    expect(servers).toHaveLength(REPLICAS * 2);
  });
});

describe('whichever replica a request lands on', () => {
  it('keeps a session: one sign-in works on every gateway and back end', async () => {
    const admin = tokenFor('ADMIN');
    for (let index = 0; index < REPLICAS * 2; index += 1) {
      const response = await via(index, 'users/me', admin);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ email: 'admin@example.com', role: 'ADMIN' });
    }
    expect((await via(1, 'users/me', 'not-a-token')).status).toBe(401);
  });

  it('pages a list across replicas without gaps or repeats', async () => {
    const admin = tokenFor('ADMIN');
    // One queue, so the whole list fits in one page of the largest size (100) to compare against.
    const whole = (await (await via(0, 'registrations/?queue=due-diligence&page_size=100', admin)).json()) as Page<RegistrationListItem>;
    expect(whole.count).toBeGreaterThan(40);
    expect(whole.count).toBeLessThanOrEqual(100);
    const seen: number[] = [];
    let next: string | null = 'registrations/?queue=due-diligence&page_size=20';
    for (let index = 0; next; index += 1) {
      // The next link names the gateway that answered; the path is followed through the other one.
      const path: string = next.startsWith('http') ? new URL(next).pathname + new URL(next).search : next;
      const page = (await (await via(index, path, admin)).json()) as Page<RegistrationListItem>;
      seen.push(...page.results.map((item) => item.id));
      next = page.next;
    }
    expect(seen).toEqual(whole.results.map((item) => item.id));
  });

  it('reads on one replica what was written on the other', async () => {
    const manager = tokenFor('BD_MANAGER');
    const token = `replica-push-token-${Date.now()}`;
    expect((await via(0, 'users/me/push-token', manager, { method: 'PUT', body: { token } })).status).toBe(200);
    const stored = await via(1, 'users/me/push-token', manager);
    expect(stored.status).toBe(200);
    expect(JSON.stringify(await stored.json())).toContain(token);

    const device = { registration_id: `replica-device-${Date.now()}`, device: 'Web browser', active: true, type: 'web' };
    expect((await via(1, 'devices/', manager, { method: 'POST', body: device })).status).toBe(201);
    const read = await via(0, `devices/${device.registration_id}`, manager);
    expect(await read.json()).toEqual(device);
  });

  it('runs a review action chain across replicas: versions, conflicts and the timeline agree on both', async () => {
    const admin = tokenFor('ADMIN');
    const manager = await json<Me>(via(0, 'users/me', tokenFor('BD_MANAGER')));
    const registration = await freshRegistration();
    const path = (action: string) => `registrations/${registration.user_id}/${action}`;

    const assigned = await json<RegistrationReview>(
      via(0, path('assign'), admin, { method: 'POST', body: { assignee_id: manager.id, version: registration.version } satisfies AssignBody }),
    );
    expect(assigned.assignee?.id).toBe(manager.id);
    const read = await json<RegistrationReview>(via(1, path('review'), admin));
    expect(read.version).toBe(assigned.version);
    expect(read.version).toBeGreaterThan(registration.version);

    // The version from before the assignment is stale on the other replica too.
    const ret = (version: number): ReturnBody => ({ reason: 'document_unreadable', comment: 'The passport scan is blurred.', version });
    const stale = await via(1, path('return'), admin, { method: 'POST', body: ret(registration.version) });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ errorCode: 'CONFLICT' });
    const returned = await json<RegistrationReview>(via(1, path('return'), admin, { method: 'POST', body: ret(read.version) }));
    expect(returned).toMatchObject({ review_state: 'returned', assignee: { id: manager.id } });
    const staleAssign = await via(0, path('assign'), admin, { method: 'POST', body: { assignee_id: null, version: read.version } satisfies AssignBody });
    expect(staleAssign.status).toBe(409);
    expect(await staleAssign.json()).toMatchObject({ errorCode: 'CONFLICT' });

    const timelines = await Promise.all([0, 1].map((index) => json<TimelineEvent[]>(via(index, path('events'), admin))));
    expect(timelines[0]).toEqual(timelines[1]);
    expect(timelines[0]!.slice(-2).map((event) => [event.kind, event.actor?.email])).toEqual([
      ['assigned', 'admin@example.com'],
      ['returned', 'admin@example.com'],
    ]);
    expect(timelines[0]!.at(-1)!.data).toMatchObject({ reason: 'document_unreadable', comment: 'The passport scan is blurred.' });
  });

  it('delivers a notification written on one replica to a stream held by the other', async () => {
    const managerToken = tokenFor('BD_MANAGER');
    const manager = await json<Me>(via(0, 'users/me', managerToken));
    const registration = await freshRegistration();
    const abort = new AbortController();
    const stream = await via(0, 'notifications/stream', managerToken, { signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    /** Reads the stream until `done` holds for what arrived, or fails after `ms`. */
    const readUntil = async (done: (text: string) => boolean, ms: number) => {
      const deadline = setTimeout(() => abort.abort(), ms);
      try {
        while (!done(received)) {
          const chunk = await reader.read();
          if (chunk.done) throw new Error(`stream ended; received: ${received}`);
          received += chunk.value;
        }
      } catch (error) {
        throw new Error(`not on the stream within ${ms} ms; received: ${JSON.stringify(received)}`, { cause: error });
      } finally {
        clearTimeout(deadline);
      }
    };
    try {
      await readUntil((text) => text.includes(': stream open'), 10_000);
      const sentAt = Date.now();
      await json<RegistrationReview>(
        via(1, `registrations/${registration.user_id}/assign`, tokenFor('ADMIN'), {
          method: 'POST',
          body: { assignee_id: manager.id, version: registration.version } satisfies AssignBody,
        }),
      );
      const event = `event: ${NOTIFICATION_STREAM_EVENTS.notification}\n`;
      // Complete messages only: each ends with a blank line.
      const notificationMessage = (text: string) => text.split('\n\n').slice(0, -1).find((message) => message.includes(event));
      await readUntil((text) => notificationMessage(text) !== undefined, 5000);
      console.log(`cross-replica notification, assign sent through gateway 1 -> event on gateway 0's stream: ${Date.now() - sentAt} ms`);
      const message = notificationMessage(received)!;
      const data = message.split('\n').find((line) => line.startsWith('data: '))!;
      const notification = JSON.parse(data.slice('data: '.length)) as NotificationRecord;
      expect(notification).toMatchObject({
        kind: 'assigned',
        title: 'Registration assigned to you',
        body: `${registration.legal_name} is now on your list.`,
        link: `/due-diligence/details/${registration.user_id}`,
        read_at: null,
      });
      expect(message).toContain(`id: ${notification.id}\n`);
    } finally {
      abort.abort();
      await reader.cancel().catch(() => {});
    }
  });
});
