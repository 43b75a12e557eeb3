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
import { describe, expect, it } from 'vitest';
import type { NotificationRecord } from '../../../common/contract/notifications.ts';
import type { Queryable } from '../../../backend/src/db/database.ts';
import { notifyUsers } from '../../../backend/src/modules/notifications/index.ts';
import { backendFor, onPostgres } from '../support.ts';

describe.runIf(onPostgres())('two writers for one recipient, committed out of id order', () => {
  const backend = backendFor(['BOOKKEEPER'], 'commit-order');

  /** Reads the notification stream as the console does (fetch, Last-Event-ID), until closed. */
  async function openStream(lastEventId?: number) {
    const app = backend.app;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const controller = new AbortController();
    const headers: Record<string, string> = { ...backend.as('BOOKKEEPER'), ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) };
    const response = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    const received: { id: number; title: string }[] = [];
    const reading = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!block.includes('event: notification')) continue;
            const data = block.split('\n').find((line) => line.startsWith('data: '))!.slice('data: '.length);
            const notification = JSON.parse(data) as NotificationRecord;
            received.push({ id: notification.id, title: notification.title });
          }
        }
      } catch {
        // aborted by the test
      }
    })();
    return {
      received,
      async close() {
        controller.abort();
        await reading;
      },
    };
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
    await expect.poll(() => first.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await first.close();
    const lastEventId = first.received.at(-1)!.id;

    // Everything commits while the client is away; it comes back with the last id it got.
    commitFirst();
    await Promise.all([firstWriter, secondWriter]);
    const resumed = await openStream(lastEventId);
    const titles = () => [...first.received, ...resumed.received].map((item) => item.title).sort();
    await expect.poll(titles, { timeout: 5000 }).toEqual(['first', 'second']);
    await resumed.close();

    const ids = [...first.received, ...resumed.received].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
