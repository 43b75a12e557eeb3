/**
 * The console must never render inside a foreign page's frame, and phones get the notice: checked through
 * the real gateway, and, for the bundled frame-busting script and the client-side notice, through a plain
 * static server that sends none of the gateway's headers (a browser that ignored frame-ancestors).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE_NOTICE_TEXT, STORE_PAGE_EXAMPLES } from '../../common/mobile-notice.ts';
import type { RuntimeConfig } from '../../common/runtime-config.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { startE2E, type E2E } from './helpers.ts';

const distClient = fileURLToPath(new URL('../../dist/client/', import.meta.url));
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let e2e: E2E;
let plain: Server;
let plainUrl: string;
let foreign: Server;
let foreignUrl: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

beforeAll(async () => {
  e2e = await startE2E('framing');
  const config: RuntimeConfig = {
    firebase: { apiKey: 'demo-api-key', authDomain: `${TEST_PROJECT_ID}.firebaseapp.com`, projectId: TEST_PROJECT_ID },
    authEmulatorUrl: `http://${inject('authEmulatorHost')}`,
    storeLinks: { playStore: STORE_PAGE_EXAMPLES.playStore },
  };
  // The built console with no security headers at all, and the SPA fallback to index.html.
  plain = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify(config));
    }
    const file = path.startsWith('/assets/') ? normalize(join(distClient, path)) : join(distClient, 'index.html');
    readFile(file.startsWith(distClient) ? file : join(distClient, 'index.html')).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  plainUrl = await listen(plain);
  // Another origin that embeds whatever URL it is given in ?src=.
  foreign = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Foreign</title><h1>Foreign page</h1><iframe src="${src.replace(/"/g, '&quot;')}" width="800" height="600"></iframe>`);
  });
  foreignUrl = await listen(foreign);
}, 150_000);

afterAll(async () => {
  await Promise.all([close(plain), close(foreign)]);
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

/** Loads the foreign page framing `src`; gives the frame time to run any script it is allowed to. */
async function framed(src: string): Promise<Page> {
  const { page } = await e2e.newPage();
  await page.goto(`${foreignUrl}/?src=${encodeURIComponent(src)}`);
  await page.waitForTimeout(2500);
  return page;
}

/** Whether the console shows anything inside the page's child frame (an error page or a hidden one does not). */
async function consoleVisibleInFrame(page: Page): Promise<boolean> {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) return false;
  return frame
    .evaluate(() => {
      const root = document.getElementById('root');
      const hidden = getComputedStyle(document.documentElement).display === 'none';
      return !!root && root.childElementCount > 0 && !hidden;
    })
    .catch(() => false);
}

describe('framing', () => {
  it('the gateway’s console never renders inside a foreign page', async () => {
    const page = await framed(`${e2e.stack.url}/auth/login`);
    // The refusal is itself reported as a violation: proof that frame-ancestors 'none' did the work.
    expect(e2e.cspViolations.splice(0)).toEqual([expect.stringContaining("frame-ancestors 'none'")]);
    expect(new URL(page.url()).origin).toBe(foreignUrl);
    expect(await consoleVisibleInFrame(page)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Foreign page' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('without the gateway’s headers the bundled script still keeps the console out of the frame', async () => {
    const control = await e2e.newPage();
    await control.page.goto(`${plainUrl}/auth/login`);
    await control.page.locator('#login-email').waitFor();
    await control.context.close();

    const page = await framed(`${plainUrl}/auth/login`);
    const brokeOut = new URL(page.url()).origin === plainUrl;
    if (!brokeOut) expect(await consoleVisibleInFrame(page)).toBe(false);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    if (frame && !brokeOut) {
      await expect(frame.evaluate(() => document.getElementById('root')?.childElementCount)).resolves.toBe(0);
    }
    await page.context().close();
  });
});

describe('phones', () => {
  it('the gateway answers a phone with the full-screen notice and store links', async () => {
    const { page, context } = await e2e.newPage({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
    await page.goto(`${e2e.stack.url}/due-diligence`);
    await page.getByText(MOBILE_NOTICE_TEXT).waitFor();
    // The app's own store pages, as configured (PLAY_STORE_URL, APP_STORE_URL), not the stores' home pages.
    await expect(page.getByRole('link', { name: /Play Store/ }).getAttribute('href')).resolves.toBe(STORE_PAGE_EXAMPLES.playStore);
    await expect(page.getByRole('link', { name: /App Store/ }).getAttribute('href')).resolves.toBe(STORE_PAGE_EXAMPLES.appStore);
    await context.close();
  });

  it('the console itself shows the notice on an Android user agent, whatever served it', async () => {
    const { page, context } = await e2e.newPage({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    });
    await page.goto(`${plainUrl}/auth/login`);
    await page.getByText(MOBILE_NOTICE_TEXT).waitFor();
    await expect(page.locator('#login-email').count()).resolves.toBe(0);
    // Its links come from /config.json: here only a Play Store page is configured, so only that button shows.
    await expect(page.getByRole('link', { name: /Play Store/ }).getAttribute('href')).resolves.toBe(STORE_PAGE_EXAMPLES.playStore);
    await expect(page.getByRole('link', { name: /App Store/ }).count()).resolves.toBe(0);
    await context.close();
  });
});
