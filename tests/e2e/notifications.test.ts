/**
 * Live notifications in Chromium against the real stack: a notification written in one browser reaches the
 * same user's console open in another browser as a push toast and a badge increment without a reload; a
 * read mark in one reaches the other; drag-to-dismiss; a denied permission only logs a warning.
 *
 * The "staff A returns a registration assigned to staff B, the client resubmits" needs the review
 * actions (issue 8); until they call notificationsForRegistrationEvent, the write here is the Settings page's
 * demo-only 'Send a test notification', which goes through the same store, NOTIFY, stream and gateway path.
 */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildApp } from '../../gateway/src/app.ts';
import { loadConfig } from '../../gateway/src/config.ts';
import { BUILD_OUTPUTS } from '../../scripts/lib/stack.ts';
import { signIn, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;
let watcher: Page;
let sender: Page;
const warnings: string[] = [];
let account: { email: string; password: string };

beforeAll(async () => {
  e2e = await startE2E('notifications');
  account = e2e.stack.accounts.find((candidate) => candidate.role === 'BD_MANAGER')!;
  // Two browser contexts are two browsers as far as the console knows: no shared storage or tabs.
  watcher = await open(e2e.stack.url, '/');
  sender = await open(e2e.stack.url, '/settings');
}, 150_000);

async function open(base: string, path: string): Promise<Page> {
  const { page } = await e2e.newPage();
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${base}${path}`);
  await signIn(page, account.email, account.password);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.locator('.bell .badge');

async function sendTest(): Promise<number> {
  await sender.getByRole('button', { name: 'Send a test notification' }).click();
  return Date.now();
}

describe('live notifications', () => {
  it('shows a push toast and the badge increment in the other browser within 2 seconds, without a reload', async () => {
    await expect.poll(() => bell(watcher).getAttribute('aria-label')).toBe('Notifications');
    // Give the stream time to open before the write (it opens with the shell).
    await watcher.waitForTimeout(500);
    const sentAt = await sendTest();
    const toast = watcher.getByTestId('push-toast').filter({ hasText: 'Test notification' });
    await toast.waitFor({ timeout: 2000 });
    const deliveredMs = Date.now() - sentAt;
    console.log(`notification delivery, click in one browser -> toast in the other: ${deliveredMs} ms`);
    await expect.poll(() => badge(watcher).textContent(), { timeout: 2000 }).toBe('1');
    expect(await toast.getAttribute('role')).toBe('status');
    expect(await toast.getAttribute('class')).toContain('push-toast--success');
    // The toast clears itself after 5 s (plus the 300 ms exit).
    await toast.waitFor({ state: 'detached', timeout: 8000 });
  });

  it('lists the notification unread in the panel, and a read mark in one browser reaches the other', async () => {
    await expect.poll(() => badge(sender).textContent()).toBe('1');
    await bell(watcher).click();
    const panel = watcher.getByRole('region', { name: 'Notifications' });
    await expect.poll(() => panel.locator('.notification-panel__item--unread').count()).toBe(1);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => badge(watcher).count()).toBe(0);
    await expect.poll(() => badge(sender).count(), { timeout: 3000 }).toBe(0);
    expect(await panel.locator('.notification-panel__item--unread').count()).toBe(0);
    await watcher.keyboard.press('Escape');
  });

  it('dismisses a toast dragged sideways past 80 % of its width, and keeps one dragged less', async () => {
    const drag = async (fraction: number) => {
      const toast = watcher.getByTestId('push-toast').last();
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await watcher.mouse.move(box.x + 20, y);
      await watcher.mouse.down();
      await watcher.mouse.move(box.x + 20 + box.width * fraction, y, { steps: 8 });
      await watcher.mouse.up();
      return toast;
    };
    await sendTest();
    await watcher.getByTestId('push-toast').first().waitFor();
    await drag(0.3);
    expect(await watcher.getByTestId('push-toast').count()).toBe(1);
    await drag(0.85);
    expect(await watcher.getByTestId('push-toast').count()).toBe(0);
  });

  it('logs a warning and carries on when notification permission is denied', async () => {
    await sender.evaluate(() => {
      // Chromium decides permission prompts itself; this stands in for the user clicking Block.
      Notification.requestPermission = () => Promise.resolve('denied');
    });
    warnings.length = 0;
    await sender.getByRole('button', { name: 'Allow browser notifications' }).click();
    await expect.poll(() => warnings.some((line) => line.includes('Notification permission denied'))).toBe(true);
    await expect.poll(() => sender.getByTestId('notification-permission').textContent()).toContain('Blocked');
    // Live delivery still works: the drag test's notification and this one are unread.
    await sendTest();
    await expect.poll(() => badge(sender).textContent(), { timeout: 3000 }).toBe('2');
  });
});

describe('the messaging service worker', () => {
  it('is served at its fixed URL with no-cache, the strict CSP and a script type', async () => {
    const response = await fetch(`${e2e.stack.url}/firebase-messaging-sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toContain('notificationclick');
  });
});

describe('a gateway restart', () => {
  let gateway: FastifyInstance | undefined;
  afterAll(() => gateway?.close());

  /** A second gateway in this process, in front of the stack's, so the test can stop and start it on one port. */
  async function startGateway(port: number): Promise<FastifyInstance> {
    const config = loadConfig({
      API_UPSTREAM: e2e.stack.url,
      FIREBASE_PROJECT_ID: e2e.stack.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: e2e.stack.authEmulatorHost,
      STATIC_DIR: BUILD_OUTPUTS.client,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config);
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  }

  it('keeps the stream: the console reconnects and gets what was sent while the gateway was down', async () => {
    gateway = await startGateway(0);
    const port = (gateway.server.address() as AddressInfo).port;
    const behind = await open(`http://127.0.0.1:${port}`, '/');
    const toasts = behind.getByTestId('push-toast');
    // One notification first, so the stream has an id to resume from.
    await sendTest();
    await toasts.filter({ hasText: 'Test notification' }).first().waitFor({ timeout: 3000 });
    await behind.getByRole('button', { name: 'Dismiss notification' }).first().click();
    await expect.poll(() => toasts.count()).toBe(0);

    await gateway.close();
    gateway = undefined;
    await sendTest();
    await behind.waitForTimeout(1500);
    expect(await toasts.count()).toBe(0);
    gateway = await startGateway(port);
    await toasts.first().waitFor({ timeout: 20_000 });
  }, 60_000);
});
