/**
 * The Unsynced Inv page in Chromium against the real stack, whose back end syncs to the accounting stand-in
 * (its faults switched through /_standin/faults): the demo's invoices needing attention (a customer TRN) and
 * retrying, grouped at the top; one invoice retried from its drawer while the service fails, its attempts
 * growing; a selection retried as a bulk job with a result per row, the rows leaving live once synced; and a bookkeeper
 * fixing a client's TRN on its Clients page, then correcting the issued invoice by a credit note and a new invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('unsynced-inv', { seedAtStart: true });
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

const faults = (rates: Record<string, number>) =>
  fetch(`${e2e.stack.accountingUrl}/_standin/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rates) });
const inStandIn = async () => ((await (await fetch(`${e2e.stack.accountingUrl}/_standin/invoices`)).json()) as { references: string[] }).references;

async function bookkeeperOn(path: string): Promise<Page> {
  const page = await e2e.signedInAs('BOOKKEEPER', path);
  page.setDefaultTimeout(20_000);
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Unsynced invoices' });
const rows = (page: Page) => table(page).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton):not(.data-table__row--full)');
const rowOf = (page: Page, number: string) => rows(page).filter({ has: page.getByRole('button', { name: number, exact: true }) });
const numbersIn = (page: Page, state: string) => rows(page).filter({ hasText: state }).locator('.unsynced__open').allTextContents();

describe('Unsynced Inv', () => {
  it('shows the failing invoices grouped, retries one from its drawer and a selection, and a fixed TRN syncs', async () => {
    await faults({ serverError: 1 });
    const page = await bookkeeperOn('/unsynced-inv');
    await page.getByRole('button', { name: /need(s)? a valid customer TRN$/ }).waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);
    const retrying = await numbersIn(page, 'Retrying');
    const stopped = await numbersIn(page, 'Needs attention');
    expect(retrying.length).toBeGreaterThanOrEqual(1);
    expect(stopped.length).toBeGreaterThanOrEqual(3);
    // The navigation entry shows how many need attention: these, and the e-invoices needing attention.
    const badge = page.getByRole('navigation', { name: 'Main' }).locator('li', { has: page.getByRole('link', { name: 'Unsynced Inv' }) }).locator('.side-nav__count');
    await expect.poll(async () => Number(/^(\d+) need attention$/.exec((await badge.textContent()) ?? '')?.[1] ?? -1)).toBeGreaterThanOrEqual(stopped.length);

    // One retry from the drawer while the service answers 503: a failed attempt is added.
    const first = retrying[0]!;
    await rowOf(page, first).getByRole('button', { name: first }).click();
    const drawer = page.getByRole('dialog', { name: `Invoice ${first}` });
    await drawer.waitFor();
    const before = await drawer.getByRole('list', { name: 'Attempts' }).locator('li').count();
    // The retry's own answer first, so a refusal (a stale version, say) fails here naming it, not as a count.
    const retried = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/invoices\/\d+\/retry$/.test(new URL(response.url()).pathname));
    await drawer.getByRole('button', { name: 'Retry now' }).click();
    const answer = await retried;
    expect(answer.status(), await answer.text()).toBe(200);
    // Each look is a whole page load, several seconds on a loaded machine: the default 15 s allowed only two.
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByRole('dialog', { name: `Invoice ${first}` }).getByRole('list', { name: 'Attempts' }).waitFor();
        return page.getByRole('dialog', { name: `Invoice ${first}` }).getByRole('list', { name: 'Attempts' }).locator('li').count();
      }, { timeout: 45_000 })
      .toBeGreaterThan(before);
    await expect.poll(() => page.getByRole('dialog', { name: `Invoice ${first}` }).locator('.unsynced-drawer__attempt').first().textContent()).toContain('Service temporarily unavailable');
    await page.getByRole('dialog', { name: `Invoice ${first}` }).getByRole('button', { name: 'Close' }).click();

    // The service is back: a selection is retried with a result per row, and the rows leave live.
    await faults({ serverError: 0 });
    for (const number of retrying) await rowOf(page, number).getByRole('checkbox').check();
    await page.getByText(`${retrying.length} ${retrying.length === 1 ? 'invoice' : 'invoices'} selected on this page`).waitFor();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Retry now…' }).click();
    await page.getByRole('dialog', { name: 'Retry now in bulk' }).getByRole('button', { name: 'Retry now' }).click();
    const results = page.getByRole('region', { name: 'Bulk action results' });
    await results.getByText(new RegExp(`Retry now: ${retrying.length} of ${retrying.length} invoices? \\(finished\\)`)).waitFor({ timeout: 30_000 });
    await results.getByText('Per-row results').click();
    await results.getByText(`${retrying.length} retried · 0 skipped · 0 failed`).waitFor();
    for (const number of retrying) await expect.poll(() => results.getByRole('row').filter({ hasText: number }).textContent()).toContain('Retried');
    for (const number of retrying) await expect.poll(() => rowOf(page, number).count(), { timeout: 30_000 }).toBe(0);
    const synced = await inStandIn();
    for (const number of retrying) expect(synced.filter((reference) => reference === number)).toHaveLength(1);

    // A customer TRN: the drawer links to the client, whose TRN is fixed there; the issued invoice keeps the
    // TRN it was issued with (a retry sends it as issued), so the drawer leads to a credit note and a new invoice.
    const trnRow = rows(page).filter({ hasText: 'Tax Registration Number' }).first();
    const trnNumber = (await trnRow.locator('.unsynced__open').textContent())!;
    await trnRow.getByRole('button', { name: trnNumber }).click();
    const trnDrawer = page.getByRole('dialog', { name: `Invoice ${trnNumber}` });
    await trnDrawer.getByText('What the accounting system said').waitFor();
    await trnDrawer.getByRole('link', { name: /Clients page/ }).click();
    await page.waitForURL(/\/clients\/\d+$/);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const trnField = page.getByLabel('TRN (15 digits)');
    await trnField.fill(`100${(await trnField.inputValue()).slice(3)}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goBack();
    const fixDrawer = page.getByRole('dialog', { name: `Invoice ${trnNumber}` });
    await fixDrawer.getByText(/a retry sends it as issued/).waitFor();
    await fixDrawer.getByRole('button', { name: 'Issue credit note and new invoice' }).click();
    await fixDrawer.getByLabel('Reason').fill('Wrong customer TRN on the invoice');
    await fixDrawer.locator('form').getByRole('button', { name: 'Issue credit note and new invoice' }).dblclick();
    // The drawer moves on to the new invoice, which carries the fixed TRN and syncs.
    const replacement = page.getByRole('dialog', { name: /^Invoice INV-/ });
    await replacement.getByText(`Replaces ${trnNumber}: Wrong customer TRN on the invoice`).waitFor();
    const newNumber = ((await replacement.getByRole('heading', { level: 2 }).textContent()) ?? '').replace('Invoice ', '');
    expect(newNumber).not.toBe(trnNumber);
    await replacement.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await inStandIn()).filter((reference) => reference === newNumber).length, { timeout: 30_000 }).toBe(1);
    expect((await inStandIn()).filter((reference) => reference === trnNumber)).toHaveLength(0);
  }, 240_000);
});
