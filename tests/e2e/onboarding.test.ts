/**
 * The five onboarding pages in Chromium against the real stack: rows as the back end holds them for the
 * role, the due-diligence columns and chips, search and paging kept in the URL (reload, Back), the back
 * end's guard, the failure state with one toast and Retry, and the CSV export.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { forbiddenPageMessage } from '../../common/access.ts';
import type { RegistrationListItem, RegistrationReview } from '../../common/contract/registrations.ts';
import { dueDiligenceDetailPath, verificationPath } from '../../common/links.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import type { StaffRole } from '../../common/roles.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { shoot, startE2E, seriousViolations, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('onboarding');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

/** The API as the console calls it, through the gateway, with the role's real ID token. */
async function apiAs(role: StaffRole, path: string): Promise<Response> {
  const { email, password } = e2e.account(role);
  // Its sign-in past the second factor, as the code check leaves it.
  const idToken = await emulatorIdToken(e2e.stack.authEmulatorHost, email, password);
  return fetch(`${e2e.stack.url}/api/${path}`, { headers: { authorization: `Firebase ${idToken}` } });
}

async function listAs(role: StaffRole, query: string): Promise<ListPage<RegistrationListItem>> {
  const response = await apiAs(role, `registrations/?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListPage<RegistrationListItem>;
}

async function signedInAs(role: StaffRole, path: string): Promise<Page> {
  const page = await e2e.signedInAs(role, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await rowsLoaded(page);
  return page;
}

/** Waits until the table shows data rows or the empty state (no skeleton, nothing loading). */
async function rowsLoaded(page: Page): Promise<void> {
  await page.locator('.data-table:not([aria-busy])').waitFor();
  await page.locator('.data-table__body .data-table__row:not(.data-table__row--skeleton)').first().waitFor();
}

const isListCall = (url: URL) => url.pathname === '/api/registrations/';

/** The first column of each row (the Reg ID). */
const regIds = (page: Page) => page.locator('.data-table__body [role="row"] [role="cell"]:first-child').allTextContents();

const PAGES: { path: string; query: string; role: StaffRole }[] = [
  { path: '/registrations', query: 'queue=registrations', role: 'BD_EXEC' },
  { path: '/call-schedules', query: 'stage=meeting_scheduled&status=active&queue=call-schedules&sort=call_schedule', role: 'REVIEWER' },
  { path: '/due-diligence', query: 'stage=documents_submitted&status=active&queue=due-diligence&sort=requested_on', role: 'BD_MANAGER' },
  { path: '/pending-payments', query: 'stage=documents_submitted&status=active&queue=pending-payments&sort=-recieved_on', role: 'ADMIN' },
  { path: '/pending-activation', query: 'stage=payment_completed&status=active&queue=pending-activation&sort=payment_date', role: 'ADMIN' },
];

describe('the five pages', () => {
  it.each(PAGES)('$path shows the rows the back end holds for $role', async ({ path, query, role }) => {
    const expected = await listAs(role, `${query}&page_size=20`);
    expect(expected.count).toBeGreaterThan(0);
    const page = await signedInAs(role, path);
    expect(await regIds(page)).toEqual(expected.results.map((item) => item.registration_id));
    await expect(page.locator('.pagination__range').textContent()).resolves.toBe(`Showing 1-${Math.min(20, expected.count)} of ${expected.count}`);
    await page.context().close();
  });
});

describe('due diligence', () => {
  it('has the spec’s columns, chip colours and a dash for a missing received date, rows linking to the detail page', async () => {
    const page = await signedInAs('BD_MANAGER', '/due-diligence');
    expect((await page.locator('[role="columnheader"]').allTextContents()).map((text) => text.trim())).toEqual([
      'Reg ID',
      'Company',
      'Requested On',
      'Recieved On',
      'Status',
    ]);
    await expect(page.getByPlaceholder('Search by Company').count()).resolves.toBe(1);
    const colour = (status: string) =>
      page.locator('.status-chip', { hasText: status }).first().evaluate((chip) => getComputedStyle(chip).backgroundColor);
    const [purple, red] = [await colour('Awaiting Documents'), await colour('Pending Due Diligence')];
    expect(purple).toBe('rgb(241, 233, 254)');
    expect(red).toBe('rgb(254, 228, 226)');
    const awaitingRow = page.locator('.data-table__body [role="row"]', { hasText: 'Awaiting Documents' }).first();
    expect((await awaitingRow.locator('[role="cell"]').allTextContents())[3]).toBe('-');
    expect(await awaitingRow.locator('[role="cell"]').nth(2).textContent()).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    const expected = await listAs('BD_MANAGER', 'stage=documents_submitted&status=active&queue=due-diligence&sort=requested_on');
    await expect(page.locator('.data-table__row-link').first().getAttribute('href')).resolves.toBe(`/due-diligence/details/${expected.results[0]!.id}`);
    await page.context().close();
  });

  it('narrows the list by search, keeps it across a reload, and Back from page 2 returns to page 1 with the same search', async () => {
    const page = await signedInAs('ADMIN', '/due-diligence');
    await page.getByPlaceholder('Search by Company').fill('Al');
    await page.waitForURL((url) => url.searchParams.get('search') === 'al');
    await rowsLoaded(page);
    const searched = await listAs('ADMIN', 'stage=documents_submitted&status=active&queue=due-diligence&sort=requested_on&search=al');
    const unfiltered = await listAs('ADMIN', 'stage=documents_submitted&status=active&queue=due-diligence');
    expect(searched.count).toBeLessThan(unfiltered.count);
    expect(searched.total_pages).toBeGreaterThan(1);
    await page.waitForFunction((count) => document.querySelector('.pagination__range')?.textContent?.endsWith(`of ${count}`), searched.count);
    const firstPage = await regIds(page);
    expect(firstPage).toEqual(searched.results.map((item) => item.registration_id));
    // Typing replaced the history entry rather than pushing one per key.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(3);

    await page.reload();
    await rowsLoaded(page);
    await expect(page.getByPlaceholder('Search by Company').inputValue()).resolves.toBe('al');
    expect(await regIds(page)).toEqual(firstPage);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction(() => document.querySelector('.pagination__range')?.textContent?.startsWith('Showing 21-'));
    const secondPage = await listAs('ADMIN', 'stage=documents_submitted&status=active&queue=due-diligence&sort=requested_on&search=al&page=2');
    await page.waitForFunction((first) => document.querySelector('.data-table__body [role="cell"]')?.textContent === first, secondPage.results[0]!.registration_id);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === null && url.searchParams.get('search') === 'al');
    await page.waitForFunction(() => document.querySelector('.pagination__range')?.textContent?.startsWith('Showing 1-'));
    await rowsLoaded(page);
    expect(await regIds(page)).toEqual(firstPage);
    await expect(page.getByPlaceholder('Search by Company').inputValue()).resolves.toBe('al');
    await page.context().close();
  });

  it('exports the filtered rows, all pages of them, as a CSV named after the page and the date', async () => {
    const page = await signedInAs('ADMIN', '/due-diligence?search=llc');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^due-diligence-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
    const { count } = await listAs('ADMIN', 'stage=documents_submitted&status=active&queue=due-diligence&search=llc');
    expect(count).toBeGreaterThan(20);
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((line) => /llc/i.test(line))).toBe(true);
    // The page's words, not the stage keys: the key has a column of its own, last.
    const header = lines[0]!.split(',');
    expect(header.slice(0, 5)).toEqual(['Reg ID', 'Company', 'Stage', 'Waiting On', 'Status']);
    expect(header.at(-1)).toBe('Stage Key');
    expect(lines.slice(1).every((line) => line.includes(',Documents Submitted,') && line.endsWith(',documents_submitted'))).toBe(true);
    await page.context().close();
  });
});

describe('failures and the guard', () => {
  it('refuses a list to a role that lacks its page, at the back end', async () => {
    const response = await apiAs('BD_EXEC', 'registrations/?stage=documents_submitted&status=active&queue=due-diligence');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errorCode: 'FORBIDDEN', message: expect.any(String) });
    expect((await apiAs('BD_EXEC', 'registrations/?queue=registrations')).status).toBe(200);
  });

  it('refuses a BD_EXEC another stage\'s KYC files and a paid registration; a BD_MANAGER withdraws the paid one, recording what becomes of the payment', async () => {
    const paid = (await listAs('ADMIN', 'queue=pending-activation&page_size=100')).results.find((item) => item.payment_method !== null)!;
    const [atDueDiligence] = (await listAs('ADMIN', 'queue=due-diligence&page_size=1')).results;
    expect((await apiAs('BD_EXEC', `registrations/${atDueDiligence!.id}/review`)).status).toBe(404);
    expect((await apiAs('BD_EXEC', `registrations/${paid.id}/review`)).status).toBe(404);

    // The page says why it moved the BD_EXEC away, and the record of a paid registration offers no Withdraw.
    const exec = await e2e.signedInAs('BD_EXEC', '/registrations');
    await exec.goto(`${e2e.stack.url}${dueDiligenceDetailPath(atDueDiligence!.id)}`);
    await exec.getByText(forbiddenPageMessage('Due Diligence')).waitFor();
    expect(new URL(exec.url()).pathname).toBe('/');
    await shoot(exec, 'onboarding-forbidden-page');
    const refused = exec.waitForResponse((response) => response.url().endsWith(`/api/registrations/${paid.id}/review`));
    await exec.goto(`${e2e.stack.url}${verificationPath(paid.id, 'payment_completed')}`);
    expect((await refused).status()).toBe(404);
    await expect(exec.getByRole('button', { name: 'Withdraw', exact: true }).count()).resolves.toBe(0);
    await exec.context().close();

    const manager = await e2e.signedInAs('BD_MANAGER', dueDiligenceDetailPath(paid.id));
    await manager.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByText(/A payment was received/).waitFor();
    await dialog.getByLabel('What becomes of the payment').selectOption('credit');
    await dialog.getByLabel('Reason (required)').fill('The client merged into a group we already keep the books of');
    await shoot(manager, 'onboarding-withdraw-paid');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await manager.getByText(/received: credit kept on account\./).first().waitFor();
    await shoot(manager, 'onboarding-withdrawn-paid');
    const review = (await (await apiAs('BD_MANAGER', `registrations/${paid.id}/review`)).json()) as RegistrationReview;
    expect(review).toMatchObject({ phase: 'withdrawn', withdrawal: { payment_fate: 'credit', payment: { reference: paid.payment_reference } } });
    await manager.context().close();
  });

  it('shows one error toast and the Retry state when the list cannot be reached, and Retry loads it', async () => {
    const page = await signedInAs('ADMIN', '/registrations');
    // The back end going away, as the browser sees it: the list calls fail at the network level.
    await page.route(isListCall, (route) => route.abort('connectionrefused'));
    await page.getByLabel('Stage').selectOption('profile_verified');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.locator('.Toastify__toast').first().waitFor();
    expect(await page.locator('.Toastify__toast').count()).toBe(1);
    await expect(page.locator('.Toastify__toast').textContent()).resolves.toContain('Network error');
    await page.unroute(isListCall);
    await page.getByRole('button', { name: 'Retry' }).click();
    await rowsLoaded(page);
    const expected = await listAs('ADMIN', 'queue=registrations&stage=profile_verified');
    expect(await regIds(page)).toEqual(expected.results.map((item) => item.registration_id));
    await page.context().close();
  });
});

describe('accessibility', () => {
  it('finds no serious or critical violation on a list page with its table, filters, pagination and counts', async () => {
    const page = await signedInAs('ADMIN', '/registrations');
    await page.locator('.side-nav__count').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);
});
