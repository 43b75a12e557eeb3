/**
 * Notification ids come from one sequence for every recipient, and two writers (two back ends, or two
 * requests on one) may commit theirs in either order, while a stream resumes after the last id its client
 * got (Last-Event-ID). Two transactions notify one user; the second is asked to commit while the first,
 * holding a lower id, is still open; the client drops its stream after the first notification it reads and
 * resumes with its id. Both must arrive, once each.
 *
 * Postgres only: PGlite has one connection and runs one transaction at a time, so two writers never overlap
 * there and this order cannot happen.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../backend/src/db/database.ts';
import { notifyUsers } from '../../../backend/src/modules/notifications/index.ts';
import { errorsPlugin } from '../../../backend/src/plugins/errors.ts';
import { openEventStream } from '../../support/event-stream.ts';
import { backendFor, onPostgres } from '../support.ts';

describe.runIf(onPostgres())('two writers for one recipient, committed out of id order', () => {
  const backend = backendFor(['BOOKKEEPER'], 'commit-order');

  /** Reads the notification stream as the console does (fetch, Last-Event-ID), until closed. */
  async function openStream(lastEventId?: number) {
    const app = backend.app;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/notifications/stream`, backend.as('BOOKKEEPER'), lastEventId);
    expect(stream.response.status).toBe(200);
    return stream;
  }

  it('delivers both to a stream that resumed with Last-Event-ID between them, each once', async () => {
    const app = backend.app;
    const [user] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [backend.users.get('BOOKKEEPER')!.email]);
    const notify = (tx: Queryable, title: string) =>
      notifyUsers(tx, [user!.id], { kind: 'test', title, body: title, link: null });

    const first = await openStream();

    // The first writer draws its id and stays open until told to commit.
    let commitFirst = () => {};
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstWrote = () => {};
    const firstWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    const firstWriter = app.db.transaction(async (tx) => {
      await notify(tx, 'first');
      firstWrote();
      await firstMayCommit;
    });
    await firstWritten;

    // The second writer, on another connection, either commits a higher id at once or waits for the first.
    let secondDone = false;
    const secondWriter = app.db.transaction((tx) => notify(tx, 'second')).finally(() => (secondDone = true));
    const waitingOnLock = async () => {
      const [row] = await app.db.query<{ waiting: number }>(
        "SELECT count(*)::integer AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return row!.waiting > 0;
    };
    await expect.poll(async () => secondDone || (await waitingOnLock()), { timeout: 10_000 }).toBe(true);

    // The client reads what it can (the second, when it committed first), then its connection drops.
    if (!secondDone) commitFirst();
    await expect.poll(() => first.notifications().length, { timeout: 10_000 }).toBeGreaterThan(0);
    await first.close();
    const lastEventId = first.notifications().at(-1)!.id;

    // Everything commits while the client is away; it comes back with the last id it got.
    commitFirst();
    await Promise.all([firstWriter, secondWriter]);
    const resumed = await openStream(lastEventId);
    const titles = () => [...first.notifications(), ...resumed.notifications()].map((item) => item.title).sort();
    await expect.poll(titles, { timeout: 5000 }).toEqual(['first', 'second']);
    await resumed.close();

    const ids = [...first.notifications(), ...resumed.notifications()].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers the writer Postgres ends to break a deadlock on the recipients\' locks with a 503 the console sends again, saving nothing', async () => {
    const app = backend.app;
    const ids = await app.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 2');
    const [a, b] = ids.map((row) => row.id) as [number, number];
    const note = (tx: Queryable, userId: number) => notifyUsers(tx, [userId], { kind: 'test', title: 'deadlock', body: 'deadlock', link: null });
    // Each writer notifies one person, then the other, in opposite orders: each waits for the other's lock.
    let bothHoldOne = () => {};
    let held = 0;
    const holding = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const writer = (first: number, second: number) =>
      app.db.transaction(async (tx) => {
        await note(tx, first);
        if (++held === 2) bothHoldOne();
        await holding;
        await note(tx, second);
      });
    const outcomes = await Promise.allSettled([writer(a, b), writer(b, a)]);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0]!.reason as { code?: string }).code).toBe('40P01');

    // The same error thrown in a route: what the caller reads.
    const probe = Fastify();
    await probe.register(errorsPlugin);
    probe.post('/write', () => {
      throw refused[0]!.reason;
    });
    const answer = await probe.inject({ method: 'POST', url: '/write' });
    await probe.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ errorCode: 'UPSTREAM_UNAVAILABLE' });
    const [saved] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM notifications WHERE title = 'deadlock'");
    expect(saved!.count).toBe(2);
  });
});
