/**
 * Work at speed in Chromium against the real stack: a manager starts on Home, presses 'Next
 * unassigned', lands on the registration now assigned to them and comes back to Home by keyboard (g h);
 * Ctrl+K finds a client by its TRN and opens it; a saved view follows the user into a new browser context;
 * a bulk assign over 'all matching' from the second page reports per-row results that survive a reload; the
 * shortcut overlay and j/k; axe on each. Screenshots (SCREENSHOT_DIR) of Home for four roles, search, the bulk results and the shortcuts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListItem } from '../../common/contract/clients.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import { seriousViolations, shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('home-search-views');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

describe('Home as my work', () => {
  it('shows each role its own work; a manager takes the next unassigned registration and comes back', async () => {
    for (const role of ['ADMIN', 'BOOKKEEPER', 'REVIEWER'] as const) {
      const page = await e2e.signedInAs(role, '/');
      await page.getByRole('list', { name: 'My work' }).or(page.getByText('Nothing waits on you right now')).waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `home-${role.toLowerCase()}`);
      await page.context().close();
    }

    const page = await e2e.signedInAs('BD_MANAGER', '/');
    const unassigned = page.getByRole('region', { name: 'Unassigned due diligence' });
    await unassigned.waitFor({ timeout: 30_000 });
    await unassigned.getByRole('button', { name: 'Next unassigned' }).click();
    await page.waitForURL(/\/due-diligence\/details\/\d+$/, { timeout: 30_000 });
    const taken = Number(new URL(page.url()).pathname.split('/').pop());
    // Back to Home by keyboard: the block of my own cases now holds the one just taken.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await page.waitForURL((url) => url.pathname === '/');
    const mine = page.getByRole('region', { name: 'Due diligence assigned to me' });
    await expect.poll(async () => mine.locator(`a[href="/due-diligence/details/${taken}"]`).count(), { timeout: 20_000 }).toBe(1);
    await shoot(page, 'home-bd_manager');
  }, 240_000);
});

describe('search everywhere', () => {
  it('finds a client by its TRN with Ctrl+K and opens it with the keyboard', async () => {
    const page = await e2e.signedInAs('ADMIN', '/');
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/clients/' && response.status() === 200);
    await page.goto(`${e2e.stack.url}/clients?vat=yes`);
    const client = (await (await listed).json() as ListPage<ClientListItem>).results.find((item) => item.trn !== null)!;
    await page.getByRole('table', { name: 'Clients' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search everywhere' });
    await dialog.getByRole('combobox', { name: 'Search everywhere' }).fill(client.trn!);
    const option = dialog.getByRole('option').filter({ hasText: client.legal_name });
    await option.first().waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'search');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/clients/${client.id}`);
  }, 180_000);
});

describe('saved views and bulk actions', () => {
  it('keeps a saved view on the server: it opens first in a new browser context', async () => {
    const page = await e2e.signedInAs('ADMIN', '/due-diligence?search=llc');
    await page.getByRole('table', { name: 'Due Diligence' }).locator('.data-table__row-link').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill('LLC only');
    await dialog.getByLabel('Open this view first').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: /LLC only/ }).and(page.locator('[aria-pressed="true"]')).waitFor();

    // A context from the session as it was before the view was saved: nothing of it in the browser.
    const other = await e2e.signedInAs('ADMIN', '/due-diligence');
    await other.waitForURL((url) => url.pathname === '/due-diligence' && url.searchParams.get('search') === 'llc', { timeout: 30_000 });
    await other.getByRole('button', { name: /LLC only/ }).and(other.locator('[aria-pressed="true"]')).waitFor();
    expect(await seriousViolations(other)).toEqual([]);
  }, 180_000);

  it('assigns all matching rows from the second page as one job, with per-row results that survive a reload', async () => {
    const page = await e2e.signedInAs('ADMIN', '/due-diligence?page=2');
    const table = page.getByRole('table', { name: 'Due Diligence' });
    await table.locator('.data-table__row-link').first().waitFor({ timeout: 30_000 });
    await table.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    const selectAll = page.getByRole('button', { name: /^Select all \d+ matching$/ });
    const total = Number((await selectAll.textContent())!.match(/\d+/)![0]);
    await selectAll.click();
    await page.getByText(`All ${total} registrations matching selected`).waitFor();
    await page.getByRole('button', { name: 'Assign…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign in bulk' });
    await dialog.getByText(`Assign ${total} registrations`).waitFor();
    await dialog.getByLabel('Assign to').selectOption({ label: 'Sara Khoury' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    const results = page.getByRole('region', { name: 'Bulk action results' });
    await results.getByText(new RegExp(`Assign: ${total} of ${total} registrations \\(finished\\)`)).waitFor({ timeout: 60_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'bulk');

    await page.reload();
    const again = page.getByRole('region', { name: 'Bulk action results' });
    await again.getByText(/\(finished\)/).waitFor({ timeout: 30_000 });
    await again.getByText('Per-row results').click();
    expect(await again.getByRole('row').count()).toBe(total + 1);
    const outcomes = await again.locator('tbody td:nth-child(2)').allTextContents();
    expect(outcomes.every((outcome) => outcome === 'Done' || outcome === 'Skipped')).toBe(true);
  }, 180_000);

  it('lists every shortcut of the page with ?, and j moves to the first row', async () => {
    const page = await e2e.signedInAs('ADMIN', '/due-diligence');
    const table = page.getByRole('table', { name: 'Due Diligence' });
    await table.locator('.data-table__row-link').first().waitFor({ timeout: 30_000 });
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('j');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('data-table__row-link'))).toBe(true);
    await page.keyboard.press('Shift+?');
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await overlay.waitFor();
    for (const row of ['j', 'x', 'Ctrl+K', 'g d', 'g c']) await overlay.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row }) }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'shortcuts');
    // Typing in a field never fires a shortcut.
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search Due Diligence' }).fill('gd');
    expect(new URL(page.url()).pathname).toBe('/due-diligence');
  }, 180_000);
});
