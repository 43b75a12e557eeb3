/**
 * Chromium for browser tests, driven by playwright-core: Debian's /usr/bin/chromium when it exists (this
 * machine, CI), else Playwright's managed browser (a laptop with `npx playwright install chromium`). HOME
 * and the XDG folders point at a temp dir so Chromium writes nothing to the user's home.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const home = await mkdtemp(join(tmpdir(), 'console-chromium-'));
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: CHROMIUM_ARGS,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local/share'),
    },
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
