/**
 * `npx tsx bench/users-list.ts`: the Users page with 5,000 loaded rows. Starts the built stack, signs in as
 * the demo admin and answers the list call with 250 synthetic pages of 20 (Playwright routing; the rest of
 * the stack is real), scrolls until every page is loaded, then prints the rows in the DOM and the frame
 * times while scrolling through the loaded list. Run `npm run build` first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '../common/contract/shared.ts';
import type { StaffUser } from '../common/contract/users.ts';
import { STAFF_ROLES } from '../common/roles.ts';
import { startStack } from '../scripts/lib/stack.ts';
import { launchBrowser } from '../tests/support/browser.ts';

const TOTAL = 5000;
const PAGE_SIZE = 20;

const dataDir = await mkdtemp(join(tmpdir(), 'bench-users-'));
const stack = await startStack({ projectId: 'demo-staff-console', dataDir, gatewayPort: 0, backendPort: 0 });
const browser = await launchBrowser();
try {
  const context = await browser.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.route(
    (url) => url.pathname === '/api/users/',
    async (route) => {
      const url = new URL(route.request().url());
      const number = Number(url.searchParams.get('page') ?? 1);
      const totalPages = TOTAL / PAGE_SIZE;
      const results: StaffUser[] = Array.from({ length: PAGE_SIZE }, (_, index) => {
        const id = (number - 1) * PAGE_SIZE + index + 1;
        return {
          id,
          display_name: `Staff Member ${String(id).padStart(4, '0')}`,
          email: `staff${id}@example.com`,
          role: STAFF_ROLES[id % STAFF_ROLES.length]!,
          profile_picture: null,
          date_joined: new Date(Date.UTC(2025, 0, 1) + id * 3_600_000).toISOString(),
          active: id % 13 !== 0,
          status: id % 13 !== 0 ? 'active' : 'deactivated',
        };
      });
      const next = new URL(url);
      next.searchParams.set('page', String(number + 1));
      const body: Page<StaffUser> = { count: TOTAL, total_pages: totalPages, next: number < totalPages ? next.toString() : null, previous: null, results };
      await route.fulfill({ json: body });
    },
  );
  await page.goto(`${stack.url}/users`);
  await page.locator('#login-email').fill('admin@example.com');
  await page.locator('#login-password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.users-row').first().waitFor();

  const loadStart = performance.now();
  const footer = page.getByText(`All ${TOTAL} users shown`);
  while (!(await footer.isVisible())) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  console.log(`${TOTAL} rows loaded page by page in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (250 debounced page fetches)`);
  console.log(`rows in the DOM with ${TOTAL} loaded: ${await page.locator('.users-row').count()}`);

  const frames = await page.evaluate(async () => {
    const durations: number[] = [];
    let last = performance.now();
    const height = document.documentElement.scrollHeight;
    for (let step = 0; step < 120; step += 1) {
      window.scrollTo(0, height - ((step * 1700) % height));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      durations.push(now - last);
      last = now;
    }
    return durations.sort((a, b) => a - b);
  });
  const pick = (share: number) => frames[Math.min(frames.length - 1, Math.floor(frames.length * share))]!.toFixed(1);
  console.log(`frame time while jumping through the list (120 frames): median ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms`);
} finally {
  await browser.close();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
