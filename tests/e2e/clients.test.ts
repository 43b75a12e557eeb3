/**
 * The Clients pages in Chromium against the real stack: the list's filters kept in the URL across a reload,
 * a client's tabs in the URL, a monthly report from draft through review to published (bookkeeper, then the
 * reviewer, then the bookkeeper again, whose open page shows the approval without a reload), a plan change scheduled for the next renewal, a VAT return marked
 * filed, and the insights chart drawn under the gateway's CSP and Trusted Types (helpers.ts fails any test
 * on a violation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StaffRole } from '../../common/roles.ts';
import { seriousViolations, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('clients');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

async function signedInAs(role: StaffRole, path: string): Promise<Page> {
  const page = await e2e.signedInAs(role, path);
  page.setDefaultTimeout(20_000);
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Clients' });
const bodyRows = (page: Page) => table(page).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton)');

/** The rows once the list has answered for the URL shown. */
async function settledRows(page: Page): Promise<number> {
  // The table is aria-busy while its page loads; a loaded machine can take some seconds.
  await expect.poll(async () => table(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
  await bodyRows(page).first().waitFor();
  return bodyRows(page).count();
}

/** Opens the demo bookkeeper's first client (A-Z) and answers its page's path. */
async function openFirstClient(page: Page): Promise<string> {
  await settledRows(page);
  await bodyRows(page).first().locator('a').first().click();
  await page.waitForURL(/\/clients\/\d+$/);
  await page.getByRole('tablist').waitFor();
  return new URL(page.url()).pathname;
}

/** The first of the bookkeeper's clients (A-Z) with a month of the last 12 whose report is not started; on its reports tab. */
async function clientWithMonthNotStarted(page: Page): Promise<string> {
  await settledRows(page);
  const paths = await bodyRows(page).locator('a.data-table__row-link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  for (const path of paths) {
    await page.goto(`${e2e.stack.url}${path}?tab=reports`);
    const strip = page.locator('.report-strip__month');
    await strip.first().locator('.status-chip').waitFor();
    if ((await strip.filter({ hasText: 'Not started' }).count()) > 0) return path;
  }
  throw new Error('no client of the demo bookkeeper has a month not started');
}

describe('the Clients list', () => {
  it('keeps search, filters and sort in the URL, across a reload; a bookkeeper sees their own clients', async () => {
    const page = await signedInAs('BOOKKEEPER', '/clients');
    const own = await settledRows(page);
    expect(own).toBeGreaterThan(5);
    expect(own).toBeLessThanOrEqual(20);

    await page.getByLabel('Status').selectOption('active');
    await page.waitForURL((url) => url.searchParams.get('status') === 'active');
    await page.getByLabel('Licence').selectOption('90');
    await page.waitForURL((url) => url.searchParams.get('licence') === '90');
    await page.getByRole('button', { name: 'Next deadline' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'next_deadline');
    const filtered = await settledRows(page);
    expect(filtered).toBeLessThan(own);

    await page.reload();
    expect(await settledRows(page)).toBe(filtered);
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('active');
    await expect.poll(() => page.getByLabel('Licence').inputValue()).toBe('90');
    // Every row shown has its licence expiring within 90 days, or expired ('28-Oct-2026 (in 3 days)').
    const expiries = await table(page).locator('[role="cell"]:nth-child(6) .status-chip').allTextContents();
    expect(expiries).toHaveLength(filtered);
    const limit = Date.now() + 91 * 86_400_000;
    for (const text of expiries) expect(Date.parse(`${text.slice(0, 11)} UTC`), text).toBeLessThan(limit);

    await page.getByLabel('Bookkeeper').selectOption('all');
    await page.waitForURL((url) => url.searchParams.get('bookkeeper') === 'all');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('zzzz-no-such-client');
    await page.waitForURL((url) => url.searchParams.get('search') === 'zzzz-no-such-client');
    await table(page).getByText('No data to display').waitFor();
  });
});

describe('one client', () => {
  it('keeps its tab in the URL: reload and Back restore it', async () => {
    const page = await signedInAs('BOOKKEEPER', '/clients');
    const path = await openFirstClient(page);
    await page.getByRole('tab', { name: 'Compliance calendar' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'deadlines');
    await page.getByRole('heading', { name: 'Coming deadlines' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Compliance calendar' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'timeline');
    await page.getByLabel('Show').selectOption('deadlines');
    await page.waitForURL((url) => url.searchParams.get('group') === 'deadlines');
    await page.reload();
    await expect.poll(() => page.getByLabel('Show').inputValue()).toBe('deadlines');
    // The timeline loads after the reload's filter shows: read it once its events are there.
    await expect.poll(() => page.locator('.client-timeline__event .client-muted').count()).toBeGreaterThan(0);
    const groups = await page.locator('.client-timeline__event .client-muted').allTextContents();
    expect(groups.every((line) => line.endsWith('Deadlines'))).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'deadlines');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.waitForURL((url) => url.pathname === path && url.search === '');
    await page.getByRole('heading', { name: 'Company profile' }).waitFor();
  });

  it('takes a monthly report from draft through review to published', async () => {
    const bookkeeper = await signedInAs('BOOKKEEPER', '/clients');
    const path = await clientWithMonthNotStarted(bookkeeper);
    await bookkeeper.locator('.report-strip__month', { hasText: 'Not started' }).first().click();
    const month = new URL(bookkeeper.url()).searchParams.get('month');
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await bookkeeper.getByRole('button', { name: 'Start the report' }).click();
    const card = bookkeeper.getByRole('article', { name: 'Version 1' });
    await card.locator('.report-card__head').getByText('Draft', { exact: true }).waitFor();
    await card.locator('input[type="file"]').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await card.getByText('report.pdf').waitFor();
    await card.getByLabel('Summary for the client').fill('Revenue up 8 % on the month; VAT return prepared.');
    await card.getByRole('button', { name: 'Save summary' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Save summary' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Submit for review' }).click();
    await bookkeeper.getByRole('dialog', { name: 'Submit for review?' }).getByRole('button', { name: 'Submit' }).click();
    await card.locator('.report-card__head').getByText('In review', { exact: true }).waitFor();

    const reviewer = await signedInAs('REVIEWER', `${path}?tab=reports&month=${month}`);
    const review = reviewer.getByRole('article', { name: 'Version 1' });
    await review.getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByRole('dialog', { name: 'Approve the report?' }).getByRole('button', { name: 'Approve' }).click();
    await review.locator('.report-card__head').getByText('Approved', { exact: true }).waitFor();

    // The bookkeeper's page follows the reviewer's approval from the notification stream, with no reload.
    await card.locator('.report-card__head').getByText('Approved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Publish to the client' }).click();
    await bookkeeper.getByRole('dialog', { name: 'Publish to the client?' }).getByRole('button', { name: 'Publish' }).click();
    await card.locator('.report-card__head').getByText('Published', { exact: true }).waitFor();
    await expect.poll(() => bookkeeper.locator('.report-strip__month[aria-pressed="true"]').textContent()).toContain('Published');
  });

  it('schedules a plan change for the next renewal, and marks a VAT return filed', async () => {
    // An active client: a paused one's change waits for the first renewal after it resumes.
    const page = await signedInAs('BOOKKEEPER', '/clients?vat=yes&status=active');
    const path = await openFirstClient(page);
    await page.goto(`${e2e.stack.url}${path}?tab=subscription`);
    const renewal = await page.locator('.client-facts__item', { hasText: 'Next renewal' }).locator('dd').textContent();
    await page.getByRole('button', { name: 'Change plan or cycle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan or cycle' });
    const cycle = dialog.getByLabel('Cycle');
    const current = await cycle.inputValue();
    await cycle.selectOption(current === 'annual' ? 'monthly' : 'annual');
    await dialog.getByRole('button', { name: 'Schedule the change' }).click();
    const scheduled = page.locator('.client-scheduled');
    await scheduled.getByText('Scheduled').waitFor();
    expect(await scheduled.textContent()).toContain(`From ${renewal}`);
    // The plan in force is unchanged until then.
    expect(await page.locator('.client-facts__item').filter({ has: page.getByText('Cycle', { exact: true }) }).locator('dd').textContent()).toBe(current === 'annual' ? 'Annual' : current === 'quarterly' ? 'Quarterly' : 'Monthly');

    await page.getByRole('tab', { name: 'Compliance calendar' }).click();
    const vat = page.getByRole('row').filter({ hasText: 'VAT return' }).first();
    const title = (await vat.locator('td').first().textContent()) ?? '';
    await vat.getByRole('button', { name: /Mark .* filed/ }).click();
    const filing = page.getByRole('dialog', { name: /^Mark .* filed$/ });
    await filing.getByLabel(/Reference/).fill('FTA-ACK-2026-001');
    await filing.getByRole('button', { name: 'Mark filed' }).click();
    await page.getByRole('table').last().getByText('FTA-ACK-2026-001').waitFor();
    expect(title).toContain('VAT return');
  });

  it('previews a document in place, titled with its file name, with no CSP violation', async () => {
    const page = await signedInAs('BOOKKEEPER', '/clients');
    const path = await openFirstClient(page);
    await page.goto(`${e2e.stack.url}${path}?tab=documents`);
    const preview = page.getByRole('button', { name: /^Preview / }).first();
    const fileName = (await preview.getAttribute('aria-label'))!.replace(/^Preview /, '');
    await preview.click();
    const figure = page.getByRole('figure', { name: `Preview of ${fileName}` });
    await figure.locator('iframe.file-preview__frame, img.file-preview__image').waitFor();
    expect(await figure.locator('figcaption').textContent()).toContain(fileName);
    await page.getByRole('button', { name: `Hide the preview of ${fileName}` }).click();
    await figure.waitFor({ state: 'detached' });
  });

  it('draws the insights chart (12 months) with no CSP or Trusted Types violation', async () => {
    const page = await signedInAs('BOOKKEEPER', '/clients');
    const path = await openFirstClient(page);
    await page.goto(`${e2e.stack.url}${path}?tab=insights`);
    const canvas = page.locator('.insights-chart canvas');
    await canvas.waitFor();
    const size = await canvas.boundingBox();
    expect(size?.width).toBeGreaterThan(300);
    // The chart drew something: some pixel of the canvas is not blank.
    const drawn = await canvas.evaluate((element) => {
      const context = (element as HTMLCanvasElement).getContext('2d')!;
      const { data } = context.getImageData(0, 0, (element as HTMLCanvasElement).width, (element as HTMLCanvasElement).height);
      return data.some((value, index) => index % 4 === 3 && value > 0);
    });
    expect(drawn).toBe(true);
    // The figures table (uPlot's legend is a table too).
    expect(await page.locator('table.client-table tbody tr').count()).toBe(12);
  });
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on the list and on a client’s reports and insights tabs', async () => {
    const page = await signedInAs('BOOKKEEPER', '/clients');
    await settledRows(page);
    expect(await seriousViolations(page)).toEqual([]);
    const path = await openFirstClient(page);
    await page.goto(`${e2e.stack.url}${path}?tab=reports`);
    await page.locator('.report-strip__month .status-chip').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${e2e.stack.url}${path}?tab=insights`);
    await page.locator('.insights-chart canvas').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 240_000);
});
