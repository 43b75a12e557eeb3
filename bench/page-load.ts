/**
 * `npm run bench:page-load`: what one signed-in page load costs the machine, the unit most browser tests pay
 * many times over (each test opens its pages in a fresh context, so nothing is cached). Starts the built stack
 * (its own Auth emulator, a freshly seeded database) and the tests' Chromium, signs the ADMIN in through the
 * form once, then opens `BENCH_PAGE_LOADS` (20) new contexts from that session on `BENCH_PAGE_PATH` (`/`),
 * each left `BENCH_PAGE_SETTLE_MS` (1000) to settle, then closed. Prints the requests a load makes by kind,
 * and the CPU a load costs the whole machine: /proc/stat's busy time over the loads, divided by their number.
 * `BENCH_PAGE_ONE_CONTEXT=1` opens every load as a new page of one context instead, whose cache is warm after
 * its first page: what sharing contexts between tests could save at most.
 *
 * Whole-machine CPU, not per process: each load's renderer lives about a second, and sampling processes (as
 * bench:test-cpu does) misses up to the last half second of each. So run it on an otherwise quiet machine, and
 * compare figures taken side by side. Linux only (/proc/stat). Run `npm run build` first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../scripts/lib/stack.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { signedInFrame, signInThroughForm } from '../tests/support/sign-in.ts';
import { machineBusySeconds } from './lib/machine-cpu.ts';

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 20);
const PATH = process.env.BENCH_PAGE_PATH ?? '/';
const SETTLE_MS = Number(process.env.BENCH_PAGE_SETTLE_MS ?? 1000);
const ONE_CONTEXT = process.env.BENCH_PAGE_ONE_CONTEXT === '1';

const dataDir = await mkdtemp(join(tmpdir(), 'bench-page-load-'));
const stack = await startStack({ projectId: 'demo-staff-console', dataDir, gatewayPort: 0, backendPort: 0 });
const browser = await launchBrowser();
try {
  const admin = stack.accounts.find((account) => account.role === 'ADMIN')!;
  const first = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await first.goto(`${stack.url}${PATH}`);
  await signInThroughForm(first, admin);
  const session = await first.context().storageState();
  await first.context().close();
  // The stack's start-up jobs settle before anything is counted.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const newContext = () => browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: session });
  const shared = ONE_CONTEXT ? await newContext() : undefined;
  if (shared) {
    const warm = await shared.newPage();
    await warm.goto(`${stack.url}${PATH}`);
    await signedInFrame(warm).waitFor();
    await warm.close();
  }
  const requests = { scripts: 0, styles: 0, api: 0, other: 0 };
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  for (let load = 0; load < LOADS; load++) {
    const context = shared ?? (await newContext());
    const page = await context.newPage();
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) requests.scripts++;
      else if (path.endsWith('.css')) requests.styles++;
      else if (path.startsWith('/api/')) requests.api++;
      else requests.other++;
    });
    await page.goto(`${stack.url}${PATH}`);
    await signedInFrame(page).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await (shared ? page.close() : context.close());
  }
  await shared?.close();
  const seconds = (performance.now() - started) / 1000;
  const busy = machineBusySeconds() - busyBefore;
  const perLoad = (count: number) => (count / LOADS).toFixed(0);
  console.log(`${LOADS} signed-in loads of ${PATH} in ${seconds.toFixed(1)} s, each settled ${SETTLE_MS} ms, ${ONE_CONTEXT ? 'as pages of one context' : 'each in a new context'}`);
  console.log(`requests a load: ${perLoad(requests.scripts)} scripts, ${perLoad(requests.styles)} style sheets, ${perLoad(requests.api)} API calls, ${perLoad(requests.other)} other`);
  console.log(`CPU of the whole machine: ${busy.toFixed(1)} s, ${(busy / LOADS).toFixed(2)} s a load`);
} finally {
  await browser.close();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
