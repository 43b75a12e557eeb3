/**
 * Shared pieces of the browser tests: the real stack per test file, browser pages that record every CSP and
 * Trusted Types violation, and sign-in: through the login page once per role and file, the session reused after. Importing this module makes every test of the
 * file fail on any such violation on any page it opened (the afterEach below), and stop() fails on one that
 * came after the last test, so no browser test needs to ask. Likewise every page state a test leaves open is
 * scanned with axe-core against WCAG 2.0/2.1 A and AA and 2.2 AA (the afterEach's checkA11y), each distinct
 * state once per file, so a page that passes today's scan keeps passing it.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { startStack, type Stack } from '../../scripts/lib/stack.ts';
import { LOGIN_PATH } from '../../common/access.ts';
import { STORE_PAGE_EXAMPLES } from '../../common/mobile-notice.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { withSeededDatabase } from '../support/seeded-data-dir.ts';
import { signedInFrame, signInThroughForm } from '../support/sign-in.ts';
import { lastLines, withinDeadline } from '../support/page-diagnosis.ts';

export { signIn, signInThroughForm } from '../support/sign-in.ts';

type DemoAccount = Stack['accounts'][number];
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface E2E {
  stack: Stack;
  browser: TestBrowser;
  /**
   * CSP and Trusted Types violations seen by any page opened through newPage, as 'directive blocked-uri sample'
   * lines and the browser's console and error messages about them. A test that provokes one on purpose takes
   * it out (splice) before it ends.
   */
  cspViolations: string[];
  newPage(options?: BrowserContextOptions): Promise<{ page: Page; context: BrowserContext }>;
  /** The seeded demo account of a role. */
  account(role: DemoAccount['role']): DemoAccount;
  /** A new page on `path` of the stack, once the login form shows. */
  openLogin(path?: string, options?: BrowserContextOptions): Promise<Page>;
  /**
   * A new page (its own context) signed in as the role on `path`, once the signed-in frame shows (see
   * signedInFrame: the side navigation, or a verification page's role in the top bar). The file's
   * first page of a role signs in through the login form on `path`; later ones start from that session (the
   * SDK's localStorage, as a returning user's browser has it) and open `path` directly, landing where the form
   * would have sent them (the login page sends a signed-in user on, as after sign-in). A test about the login
   * form itself uses openLogin and signInThroughForm.
   */
  signedInAs(role: DemoAccount['role'], path?: string, options?: BrowserContextOptions): Promise<Page>;
  stop(): Promise<void>;
}

/** What the browser says about a refused policy: CSP reports, and Trusted Types' "requires 'TrustedHTML' assignment". */
const POLICY_MESSAGE = /Content Security Policy|Trusted ?(Type|HTML|Script)|require-trusted-types-for/i;

/**
 * A role's first sign-in in a file (page load, password, second factor, profile) fails with what the page was
 * doing when it has not ended by then: shorter than the test's time-out, which would report nothing but itself.
 */
const FIRST_SIGN_IN_DEADLINE_MS = 50_000;
const SERVER_LOG_LINES = 20;

/** The E2E stacks of this test file that have not stopped. */
const running = new Set<E2E>();

afterEach(() => {
  for (const e2e of running) expect(e2e.cspViolations.splice(0), 'CSP or Trusted Types violations').toEqual([]);
});

/** Every page each stack's browser opened, popups included: what the accessibility scan looks at. */
const openedPages = new WeakMap<E2E, Page[]>();

/** Violations found on pages a test closed itself (scanned just before), reported with the test's own. */
const foundBeforeClose: string[] = [];

/**
 * Per stack, the contexts it opened, and how many of them were open before the running test: those are the
 * file's (opened in beforeAll), the rest the test's own.
 */
const openedContexts = new WeakMap<E2E, { contexts: BrowserContext[]; beforeTest: number }>();

beforeEach(() => {
  for (const e2e of running) {
    const opened = openedContexts.get(e2e);
    if (opened) opened.beforeTest = opened.contexts.length;
  }
});

afterEach(async () => {
  try {
    const found = foundBeforeClose.splice(0);
    for (const e2e of running) found.push(...(await checkA11y(openedPages.get(e2e) ?? [])));
    expect(found, 'WCAG 2.2 AA violations (axe-core)').toEqual([]);
  } finally {
    // Scanned, a test's own pages close: the next test starts from a fresh browser, not beside the signed-in
    // pages of every test before it, each still running the console (its timers, its notification stream).
    for (const e2e of running) {
      const opened = openedContexts.get(e2e);
      if (!opened) continue;
      const own = opened.contexts.splice(opened.beforeTest);
      await Promise.all(own.map((context) => context.close().catch(() => {})));
    }
  }
});

/** A page a test closes is scanned first, so a test ending with page.close() is covered too. */
function scanBeforeClose(page: Page): void {
  const close = page.close.bind(page);
  page.close = async (options) => {
    foundBeforeClose.push(...(await checkA11y([page])));
    return close(options);
  };
}

/**
 * `seedAtStart`: the back end seeds its own demo data as it starts (as `npm start` does) instead of starting
 * from the run's seeded template, for a file whose demo states are minutes from the seed (invoices retrying a
 * few minutes on): by the time a long run reaches it, the template's would have moved on.
 */
export async function startE2E(name: string, options: { seedAtStart?: boolean } = {}): Promise<E2E> {
  const dataDir = await mkdtemp(join(tmpdir(), `console-e2e-${name}-`));
  // The back end's data folder starts as the run's seeded template: it finds the demo data and skips the seed.
  if (!options.seedAtStart) await withSeededDatabase(dataDir);
  // Browser and stack start together: neither needs the other until the first page opens.
  const browserStarting = launchBrowser();
  browserStarting.catch(() => {});
  const stack = await startStack({
    // The run's shared Auth emulator answers the web SDK's API-key calls from its default project only, so
    // browsers can sign in to TEST_PROJECT_ID and no other; the demo accounts are seeded there idempotently
    // and no test changes them. Each file still gets its own back end, database and gateway.
    projectId: TEST_PROJECT_ID,
    dataDir,
    gatewayPort: 0,
    backendPort: 0,
    authEmulatorHost: inject('authEmulatorHost'),
    // Store pages of the right form, so the mobile notice shows its buttons (an unset store shows none).
    gatewayEnv: { PLAY_STORE_URL: STORE_PAGE_EXAMPLES.playStore, APP_STORE_URL: STORE_PAGE_EXAMPLES.appStore },
    // It lives for one file: the back end starts sooner on V8's baseline WebAssembly compiler.
    shortLived: true,
  }).catch(async (error: unknown) => {
    await browserStarting.then((browser) => browser.close(), () => {});
    throw error;
  });
  const browser = await browserStarting.catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const showLogin = async (page: Page, path = LOGIN_PATH) => {
    await page.goto(`${stack.url}${path}`);
    await page.locator('#login-email').waitFor();
  };
  /** The servers' last log lines, for a stalled step's diagnosis: the stack's logs go when it stops. */
  const serverLogs = async () => {
    const parts = await Promise.all(
      ['backend', 'gateway'].map(async (name) => `${name}.log, last lines:\n${(await lastLines(join(dataDir, 'logs', `${name}.log`), SERVER_LOG_LINES)) || '(none)'}`),
    );
    return parts.join('\n');
  };
  const cspViolations: string[] = [];
  /** Per role, the storage of the first context signed in through the form, once its navigation showed. */
  const sessions = new Map<DemoAccount['role'], Promise<StorageState>>();
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const e2e: E2E = {
    stack,
    browser,
    cspViolations,
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
      contexts.push(context);
      await context.exposeBinding('__reportCspViolation', (_source, line: string) => {
        cspViolations.push(line);
      });
      // In every frame of every page of the context, document previews' blob: frames included.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          void (window as unknown as { __reportCspViolation(line: string): Promise<void> }).__reportCspViolation(
            `${event.violatedDirective} ${event.blockedURI} ${event.sample}`.trim(),
          );
        });
      });
      context.on('console', (message) => {
        if (POLICY_MESSAGE.test(message.text())) cspViolations.push(message.text());
      });
      // A Trusted Types refusal throws; uncaught, it is a page error rather than a console line.
      context.on('weberror', (error) => {
        if (POLICY_MESSAGE.test(error.error().message)) cspViolations.push(error.error().message);
      });
      context.on('page', (opened) => {
        pages.push(opened);
        scanBeforeClose(opened);
      });
      const page = await context.newPage();
      return { page, context };
    },
    account(role) {
      const found = stack.accounts.find((candidate) => candidate.role === role);
      if (!found) throw new Error(`no demo account for ${role}`);
      return found;
    },
    async openLogin(path = LOGIN_PATH, options = {}) {
      const { page } = await e2e.newPage(options);
      await showLogin(page, path);
      return page;
    },
    async signedInAs(role, path, options = {}) {
      const saved = await sessions.get(role)?.catch(() => undefined);
      if (saved) {
        const { page } = await e2e.newPage({ ...options, storageState: saved });
        await page.goto(`${stack.url}${path ?? LOGIN_PATH}`);
        await signedInFrame(page).waitFor();
        return page;
      }
      const { page } = await e2e.newPage(options);
      const signedIn = withinDeadline(page, `Signing ${role} in through the form`, FIRST_SIGN_IN_DEADLINE_MS, async () => {
        await showLogin(page, path);
        await signInThroughForm(page, e2e.account(role));
        return page.context().storageState();
      }, serverLogs);
      sessions.set(role, signedIn);
      await signedIn;
      return page;
    },
    async stop() {
      running.delete(e2e);
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
      const late = cspViolations.splice(0);
      if (late.length > 0) throw new Error(`CSP or Trusted Types violations after the last test: ${late.join('; ')}`);
    },
  };
  openedPages.set(e2e, pages);
  openedContexts.set(e2e, { contexts, beforeTest: contexts.length });
  running.add(e2e);
  return e2e;
}

/** The side navigation as names, groups as 'Group > Child', after opening every group. */
export async function visibleNavigation(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return nav.evaluate((element) =>
    [...element.querySelectorAll(':scope > ul > li')].flatMap((item) => {
      const group = item.querySelector(':scope > button')?.textContent?.trim();
      const links = [...item.querySelectorAll('a')].filter((link) => link.checkVisibility()).map((link) => link.textContent?.trim() ?? '');
      return group ? links.map((link) => `${group} > ${link}`) : links;
    }),
  );
}

/**
 * An axe-core scan of `page`, every frame included, answering violations only. By default @axe-core/playwright
 * runs each frame's rules apart (runPartial), carries every node's result, passes too, out to node and into a
 * blank page it opens to combine them, and builds a CSS selector for each: measured per process on two browser
 * files, about 5 s of CPU a scan, a quarter of those files' CPU, most of it in Chromium's renderers. Legacy mode
 * runs axe.run in the page (axe itself reaches the frames it injected into) and there `resultTypes` keeps one
 * node per passed rule: the same rules on the same nodes, violations reported whole, at a fifth of the cost.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** The WCAG levels every page is held to: 2.0 and 2.1 A and AA, and 2.2 AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * axe-core's violations of WCAG_TAGS on the whole page, any impact, as 'rule: targets' lines. The toast
 * column is left out: its toasts fade in and out, and a scan mid-fade reads colours no one sees.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  return steadyViolations(page, async () => (await axeScan(page).withTags([...WCAG_TAGS]).exclude('.toast-stack').analyze()).violations);
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * A scan of the settled page; when it finds something, the page is settled and scanned again and only what both
 * scans find is reported. A push notification can arrive, fade in or start leaving between the settle and the
 * scan (the demo's workers send some on their own schedule): a state that lasts 300 ms is not the page's, while
 * a real violation is found both times.
 */
async function steadyViolations(page: Page, scan: () => Promise<Violations>): Promise<string[]> {
  const found = async () => {
    await settled(page);
    return (await scan()).flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  };
  const first = await found();
  if (first.length === 0) return [];
  const again = new Set(await found());
  return first.filter((violation) => again.has(violation));
}

/**
 * Waits (up to 15 s, a refetch on a loaded machine) until no list shows its rows as stale (dimmed while the next page loads) and no finite
 * animation or transition runs: text half faded in fails colour contrast for a moment that is not the page's state.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.data-table__body--stale') &&
        document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 15_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Page states of this test file already scanned: the path with ids as N, the query's names, the dialogs open. */
const scannedStates = new Set<string>();

async function pageState(page: Page): Promise<string> {
  const url = new URL(page.url());
  const names = [...new Set(url.searchParams.keys())].sort().join(',');
  const dialogs = await page.evaluate(() =>
    [...document.querySelectorAll('dialog[open], [role="dialog"]')]
      .map((dialog) => dialog.getAttribute('aria-label') ?? dialog.querySelector('h1, h2')?.textContent ?? 'dialog')
      .join('|'),
  );
  return `${url.pathname}?${names} ${dialogs}`.replace(/\d+/g, 'N');
}

/**
 * Scans each open page whose state this file has not scanned yet, and answers the violations found as
 * '<state> rule: targets' lines. A page closed or navigating meanwhile is left for another state.
 */
export async function checkA11y(pages: readonly Page[]): Promise<string[]> {
  const found: string[] = [];
  for (const page of pages) {
    if (page.isClosed()) continue;
    try {
      if (!page.url().startsWith('http')) continue;
      const state = await pageState(page);
      if (scannedStates.has(state)) continue;
      scannedStates.add(state);
      found.push(...(await wcagViolations(page)).map((line) => `${state} ${line}`));
    } catch (error) {
      if (page.isClosed() || /Execution context was destroyed|Target closed|has been closed|navigat/i.test(String(error))) continue;
      throw error;
    }
  }
  return found;
}

/** axe-core's serious and critical violations on the whole page, as 'rule: targets' lines, once it has settled (as wcagViolations). */
export async function seriousViolations(page: Page): Promise<string[]> {
  return steadyViolations(page, async () => (await axeScan(page).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'));
}

/**
 * Where `shoot` writes, from SCREENSHOT_DIR; unset (as in `npm test`), nothing is taken: two viewport changes
 * and two captures per call are a run's CPU spent on pictures no one opens.
 */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** Screenshots of the page at 1440 and 1024 wide into SCREENSHOT_DIR as `<name>-<width>.png`, and back to 1440 wide after. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
