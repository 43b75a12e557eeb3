/**
 * `npx tsx bench/notification-delivery.ts` (after `npm run build`): how long a notification takes from the
 * write to an open stream, end to end through the real stack (gateway, back end on PGlite, Auth emulator).
 * One user holds a stream through the gateway; the demo's test notification is written BENCH_SAMPLES times,
 * one at a time, and the time from sending the write to the event arriving is printed as percentiles.
 * The browser's share (parse and render the toast) is measured by tests/e2e/notifications.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE } from '../common/contract/http.ts';
import type { NotificationRecord } from '../common/contract/notifications.ts';
import { requestOf } from '../common/contract/endpoint.ts';
import { notificationsRoutes } from '../common/contract/notifications-paths.ts';
import { startStack } from '../scripts/lib/stack.ts';
import { emulatorFetch } from '../scripts/lib/emulator-fetch.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-notifications-'));
const stack = await startStack({ projectId: 'demo-staff-console', dataDir, gatewayPort: 0, backendPort: 0, authEmulatorPort: 0 });
try {
  const account = stack.accounts.find((candidate) => candidate.role === 'BD_MANAGER')!;
  const signIn = await emulatorFetch(`http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const authorization = `Firebase ${idToken}`;

  const arrivals = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  const stream = await fetch(`${stack.url}${API_BASE}${requestOf(notificationsRoutes.stream).path}`, { headers: { authorization } });
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (const match of buffer.matchAll(/^event: notification\ndata: (.*)$/gm)) {
        const { id } = JSON.parse(match[1]!) as NotificationRecord;
        if (!arrivals.has(id)) arrivals.set(id, performance.now());
        waiting.get(id)?.();
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
  })();

  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i += 1) {
    const sent = performance.now();
    const response = await fetch(`${stack.url}${API_BASE}${requestOf(notificationsRoutes.test).path}`, { method: 'POST', headers: { authorization } });
    const { id } = (await response.json()) as NotificationRecord;
    if (!arrivals.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
    // The first few warm the JIT and the connections.
    if (i >= 5) latencies.push(arrivals.get(id)! - sent);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(`notification write -> stream event through the gateway, ${SAMPLES} samples: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`);
  await reader.cancel();
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
