/**
 * The chat-assistant widget in Chromium against the real stack (gateway with its CSP): launcher on signed-in
 * pages only, a question answered locally with no request leaving the page, the conversation kept across
 * navigation (not a reload), overlay and Escape closing, the schedule card's link, accessibility.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, startE2E, type E2E } from './helpers.ts';

const GREETING = 'Hello! How can I help you today?';
const WELCOME = 'Welcome to the chat! How can I assist you today?';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('chat-widget');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat assistant' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Chat assistant' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const messages = (page: Page) => conversation(page).locator('.chat-message__text').allTextContents();

async function openChat(page: Page): Promise<void> {
  await launcher(page).click();
  await dialog(page).getByRole('button', { name: 'Ask a question' }).click();
  await conversation(page).waitFor();
}

describe('chat-assistant widget', () => {
  it('is not on the public pages', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/auth/login`);
    await page.locator('#login-email').waitFor();
    expect(await launcher(page).count()).toBe(0);
    await page.goto(`${e2e.stack.url}/PrivacyPolicy`);
    await page.getByRole('heading').first().waitFor();
    expect(await launcher(page).count()).toBe(0);
    await page.context().close();
  });

  it('answers a question locally, keeps the conversation across pages, and closes on an overlay click', async () => {
    const page = await e2e.signedInAs('ADMIN');
    await launcher(page).click();
    const box = await dialog(page).boundingBox();
    expect([box?.width, box?.height]).toEqual([350, 500]);
    await dialog(page).getByText(`Hi ${e2e.account('ADMIN').displayName}!`).waitFor();

    await dialog(page).getByRole('button', { name: 'Ask a question' }).click();
    expect(await messages(page)).toEqual([GREETING, WELCOME]);
    await expect(page.getByText('AI assistant may produce inaccurate information').isVisible()).resolves.toBe(true);

    const requests: string[] = [];
    // What the question could leave by: anything that is not a plain GET of the console's own origin (a write,
    // anything off the origin), or a GET whose address carries what was typed. The console's own reads (nav
    // counts refreshed because a live notification came in meanwhile, e.g. the e-invoicing worker's) carry
    // nothing typed.
    const question = 'When is my VAT return due?';
    const couldCarryIt = (method: string, url: URL) =>
      method !== 'GET' || url.origin !== e2e.stack.url || decodeURIComponent(url.href).toLowerCase().includes('vat return');
    page.on('request', (request) => {
      if (couldCarryIt(request.method(), new URL(request.url()))) requests.push(`${request.method()} ${request.url()}`);
    });
    const input = dialog(page).getByLabel('Your message');
    await expect(input.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await input.fill(question);
    await input.press('Enter');
    await expect(input.inputValue()).resolves.toBe('');
    await dialog(page).getByText('Assistant is typing').waitFor({ state: 'attached' });
    await page.locator('.chat-typing').waitFor({ state: 'detached', timeout: 5000 });
    const answered = await messages(page);
    expect(answered.slice(0, 3)).toEqual([GREETING, WELCOME, 'When is my VAT return due?']);
    expect(answered).toHaveLength(4);
    expect(requests).toEqual([]);

    await page.locator('.chat-widget__overlay').click({ position: { x: 40, y: 40 } });
    await dialog(page).waitFor({ state: 'detached' });

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL((url) => url.pathname === '/tasks');
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await openChat(page);
    expect(await messages(page)).toEqual(answered);

    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await openChat(page);
    expect(await messages(page)).toEqual([GREETING, WELCOME]);
    await page.context().close();
  });

  it('closes on Escape with focus back on the launcher, and Back returns to the welcome view', async () => {
    const page = await e2e.signedInAs('BD_EXEC');
    await openChat(page);
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page).getByRole('button', { name: 'Ask a question' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect(launcher(page).evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    // Keyboard only: Enter on the focused launcher, Tab to the first card, Enter opens the chat.
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await conversation(page).waitFor();
    await page.context().close();
  });

  it('links the schedule card to the Call Schedule page for a role that may see it, plain text otherwise', async () => {
    const admin = await e2e.signedInAs('ADMIN');
    await launcher(admin).click();
    await dialog(admin).getByRole('link', { name: /Schedule a meeting/ }).click();
    await admin.waitForURL((url) => url.pathname === '/call-schedules');
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.context().close();

    const bookkeeper = await e2e.signedInAs('BOOKKEEPER');
    await launcher(bookkeeper).click();
    await dialog(bookkeeper).getByText('Schedule a meeting', { exact: true }).waitFor();
    expect(await dialog(bookkeeper).getByRole('link').count()).toBe(0);
    await bookkeeper.context().close();
  });

  it('has no serious or critical accessibility violation in either view', async () => {
    const page = await e2e.signedInAs('ADMIN');
    const seriousOrWorse = async () => {
      const { violations } = await axeScan(page).include('.chat-widget').analyze();
      return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
    };
    await launcher(page).click();
    await dialog(page).waitFor();
    expect(await seriousOrWorse()).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Ask a question' }).click();
    await dialog(page).getByLabel('Your message').fill('Is this accessible?');
    await dialog(page).getByRole('button', { name: 'Send' }).click();
    expect(await seriousOrWorse()).toEqual([]);
    await page.context().close();
  });
});
