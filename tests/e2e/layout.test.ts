/**
 * Layout in Chromium against the real stack, measured as element boxes, not pixels:
 * the chat assistant's launcher covers no control on any page at 1024 and 1440 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2E, startE2E } from './helpers.ts';
import { API_BASE, AUTH_SCHEME } from '../../common/contract/http.ts';
import { requestOf } from '../../common/contract/endpoint.ts';
import { notificationsRoutes } from '../../common/contract/notifications-paths.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('layout');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

async function signedInAs(role: 'ADMIN' | 'BOOKKEEPER', viewport: { width: number; height: number }, path = '/'): Promise<Page> {
  const page = await e2e.signedInAs(role, path, { viewport });
  page.setDefaultTimeout(20_000);
  return page;
}

/** Every internal link of the side navigation, groups opened. */
async function navigationPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return nav.evaluate((element) => [...element.querySelectorAll('a')].map((link) => new URL(link.href).pathname));
}

/** Waits until the page's lists and skeletons have loaded and the layout has settled. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#content [aria-busy="true"], #content .skeleton-row'), undefined, { timeout: 20_000 });
  await page.waitForTimeout(300);
}

/**
 * The interactive elements whose visible part intersects the launcher's box, described as 'tag "text"'.
 * Visible part: the element's box clipped by every ancestor that clips its overflow, and for the page's
 * content by the band under the (opaque, sticky) top bar, which the content scrolls behind.
 */
function controlsUnderLauncher(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const launcher = document.querySelector<HTMLElement>('button[aria-label="Chat assistant"]');
    if (!launcher) return ['no launcher'];
    const target = launcher.getBoundingClientRect();
    const clip = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const empty = (box: Box) => box.right <= box.left || box.bottom <= box.top;
    const content = document.getElementById('content');
    const topBar = document.querySelector('.top-bar')?.getBoundingClientRect();
    const found: string[] = [];
    const selector = 'a, button, input, select, textarea, [role="button"], [tabindex]';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element === launcher || element.contains(launcher) || launcher.contains(element) || element === content) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let box: Box = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') box = clip(box, parent.getBoundingClientRect());
      }
      if (topBar && content?.contains(element)) box = clip(box, { left: 0, top: topBar.bottom, right: innerWidth, bottom: innerHeight });
      if (empty(box) || empty(clip(box, target))) continue;
      found.push(`${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return found;
  });
}

describe('the chat assistant launcher', () => {
  describe.each(['ADMIN', 'BOOKKEEPER'] as const)('as %s', (role) => {
    it.each(VIEWPORTS)('covers no control on any page, top or bottom, at $width x $height', async (viewport) => {
      const page = await signedInAs(role, viewport);
      const paths = await navigationPaths(page);
      expect(paths.length).toBeGreaterThan(3);
      const covered: string[] = [];
      for (const path of paths) {
        await page.getByRole('navigation', { name: 'Main' }).locator(`a[href="${path}"]`).click();
        await page.waitForURL((url) => url.pathname === path);
        await settled(page);
        // Chats: an open conversation, whose composer's Send sits at the bottom right.
        if (path === '/chats') {
          await page.locator('.chat-row').first().click();
          await page.locator('.composer').waitFor();
          await settled(page);
        }
        for (const where of ['top', 'bottom'] as const) {
          await page.evaluate((end) => window.scrollTo(0, end === 'top' ? 0 : document.documentElement.scrollHeight), where);
          await page.waitForTimeout(100);
          for (const control of await controlsUnderLauncher(page)) covered.push(`${path} (${where}): ${control}`);
        }
      }
      expect(covered).toEqual([]);
      await page.context().close();
    }, 240_000);
  });
});

describe('Chats at 1024 x 768', () => {
  it('keeps the open conversation’s messages at least 300 px tall with a reminder pending, its composer on screen and stacked toasts above them', async () => {
    const page = await signedInAs('ADMIN', { width: 1024, height: 768 }, '/chats');
    await page.locator('.chat-row').first().click();
    const log = page.getByRole('log', { name: /^Messages with / });
    await log.waitFor();
    await settled(page);
    // A reminder for me, set from the conversation's header (its toast shows meanwhile).
    const menu = page.getByRole('button', { name: 'Remind me' });
    if ((await menu.count()) > 0) await menu.click();
    await page.getByRole('button', { name: 'In 1 hour' }).click();
    await page.getByText(/^Reminder for you at/).waitFor();
    const box = (await log.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(300);
    const send = (await page.getByRole('button', { name: 'Send', exact: true }).boundingBox())!;
    expect(send.y + send.height).toBeLessThanOrEqual(768);
    // No toast over the messages.
    for (const toast of await page.locator('.Toastify__toast').all()) {
      const toastBox = await toast.boundingBox();
      if (toastBox) expect(toastBox.y + toastBox.height <= box.y || toastBox.x >= box.x + box.width || toastBox.x + toastBox.width <= box.x).toBe(true);
    }
    // Nor a stack of them: three live notifications arrive over the reminder's toast, and the column they
    // share ends above the messages (what does not fit scrolls inside it).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    for (let sent = 0; sent < 3; sent += 1) {
      await page.evaluate(
        async ({ path, auth }) => {
          const response = await fetch(path, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}' });
          if (!response.ok) throw new Error(`test notification: ${response.status}`);
        },
        { path: `${API_BASE}${requestOf(notificationsRoutes.test).path}`, auth: `${AUTH_SCHEME} ${token}` },
      );
    }
    await expect.poll(() => page.locator('.push-toast').count()).toBeGreaterThanOrEqual(3);
    const stack = (await page.locator('.toast-stack').boundingBox())!;
    expect(stack.y + stack.height).toBeLessThanOrEqual(box.y);
    expect(await page.locator('.toast-stack').evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto');
    await page.context().close();
  });
});

describe('Call Schedule rows', () => {
  it('never leave the .ics button alone on a line of its own, from 1024 to 1440 px', async () => {
    const page = await signedInAs('ADMIN', { width: 1440, height: 900 }, '/call-schedules');
    await page.locator('.data-table__body .data-table__row:not(.data-table__row--skeleton)').first().waitFor();
    await settled(page);
    const alone: string[] = [];
    for (const width of [1024, 1100, 1200, 1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      const rows = await page.locator('.pipeline-actions--row').evaluateAll((containers) =>
        containers.map((container) => {
          const buttons = [...container.querySelectorAll('button')].map((button) => ({ label: button.getAttribute('aria-label') ?? '', box: button.getBoundingClientRect() }));
          const calendar = buttons.find((button) => button.label.endsWith('(.ics)'));
          if (!calendar) return null;
          const middle = calendar.box.top + calendar.box.height / 2;
          const sharesLine = buttons.some((button) => button !== calendar && button.box.top <= middle && middle <= button.box.bottom);
          return sharesLine || buttons.length === 1 ? null : calendar.label;
        }),
      );
      for (const label of rows) if (label) alone.push(`${width}: ${label}`);
      // Nothing scrolls sideways instead.
      const overflow = await page.evaluate(() => {
        const table = document.querySelector('.data-table');
        return document.documentElement.scrollWidth > innerWidth || (table !== null && table.scrollWidth > table.clientWidth) ? `${document.documentElement.scrollWidth}/${innerWidth} ${table?.scrollWidth}/${table?.clientWidth}` : false;
      });
      if (overflow) alone.push(`${width}: the page or the table scrolls sideways (${overflow})`);
    }
    expect(alone).toEqual([]);
    await page.context().close();
  });
});

/** Text of elements matching `selector` whose words break across lines, or (whole) that wraps at all. */
function brokenText(page: Page, selector: string, whole: boolean): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements, keepWhole) => {
    const found: string[] = [];
    for (const element of elements) {
      const text = element.firstChild;
      const content = element.textContent ?? '';
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const range = document.createRange();
      if (keepWhole) {
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) found.push(content);
        continue;
      }
      // A break at a space or after a hyphen ('FZ-' / 'LLC') is a line break; inside a word it is not.
      for (const match of content.matchAll(/[^\s-]+/g)) {
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) found.push(`${content}: ${match[0]}`);
      }
    }
    return found;
  }, whole);
}

describe('the CRM board', () => {
  it.each(VIEWPORTS)('breaks no company name mid-word and keeps each stage total on one line at $width px', async (viewport) => {
    const page = await signedInAs('ADMIN', viewport, '/crm');
    await page.locator('.crm__card-title').first().waitFor();
    await settled(page);
    expect(await brokenText(page, '.crm__card-title', false)).toEqual([]);
    expect(await brokenText(page, '.crm__total', true)).toEqual([]);
    await page.context().close();
  });
});

describe('search boxes', () => {
  it.each(VIEWPORTS)('show their whole placeholder on Website Enquiries at $width px', async (viewport) => {
    const page = await signedInAs('ADMIN', viewport, '/contactus');
    const input = page.getByRole('searchbox', { name: 'Search enquiries' });
    await input.waitFor();
    const { text, room } = await input.evaluate((element: HTMLInputElement) => {
      const context = document.createElement('canvas').getContext('2d')!;
      const style = getComputedStyle(element);
      context.font = style.font;
      return {
        text: context.measureText(element.placeholder).width,
        room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(text).toBeGreaterThan(100);
    expect(room).toBeGreaterThanOrEqual(text);
    await page.context().close();
  });
});
