/**
 * The Audit page in Chromium against the real stack: an ADMIN reaches it from the navigation,
 * filters by area and event (the URL holds the filters), opens an event's values, narrows to one record from
 * a row, and exports the selection as CSV. Set SCREENSHOT_DIR=<folder> to keep screenshots at 1440 and 1024 px.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('audit');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

const rows = (page: Page) => page.getByRole('table', { name: 'Audit events, newest first' }).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton):not(.data-table__row--full)');

describe('the Audit page', () => {
  it('filters every area’s events in the URL, shows an event’s values and exports the selection', async () => {
    const page = await e2e.signedInAs('ADMIN', '/');
    await page.getByRole('navigation').getByRole('link', { name: 'Audit' }).click();
    await page.waitForURL((url) => url.pathname === '/audit');
    await rows(page).first().waitFor();
    await shoot(page, 'audit');

    await page.getByRole('combobox', { name: 'Area', exact: true }).selectOption({ label: 'Clients' });
    await page.waitForURL((url) => url.searchParams.get('area') === 'clients');
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes('Clients'))).toBe(true);
    await page.getByRole('combobox', { name: 'Event', exact: true }).selectOption('subscription_started');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'subscription_started');
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes('Subscription started'))).toBe(true);

    // An event's details in words, and the record's own events from the row.
    await rows(page).first().getByRole('button', { name: /^Details of Subscription started/ }).click();
    const details = page.getByRole('region', { name: /^Subscription started · Subscription of / });
    await details.getByText('Details', { exact: true }).waitFor();
    await expect.poll(() => details.textContent()).toContain('Starts on');
    expect(await details.textContent()).not.toMatch(/starts_on|client_id|\{"/);
    await shoot(page, 'audit-details');
    const recordName = (await rows(page).first().locator('.audit__record a').textContent())!;
    expect(recordName).toMatch(/^Subscription of \S/);
    await rows(page).first().getByRole('button', { name: 'Only its events' }).click();
    await page.waitForURL((url) => url.searchParams.get('entity') === 'subscription' && Number(url.searchParams.get('record')) > 0);
    await page.getByText(`Record: ${recordName}`).waitFor();
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes(recordName))).toBe(true);
    const shown = await rows(page).count();
    expect(shown).toBeGreaterThanOrEqual(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('When,Person,Event,Area,Record kind,Record,Record id,Details,Before,After,Request id,Client address');
    expect(lines).toHaveLength(shown + 1);
    expect(lines.slice(1).every((line) => line.includes(',subscription_started,clients,subscription,'))).toBe(true);

    // Back to every event: the export itself is on the trail.
    await page.goto(`${e2e.stack.url}/audit?kind=audit_exported`);
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBeGreaterThanOrEqual(1);

    // A row opens its record's page, whose timeline leads back to the record's events.
    await page.goto(`${e2e.stack.url}/audit?area=clients&kind=subscription_started`);
    const link = rows(page).first().locator('.audit__record a');
    await link.click();
    await page.waitForURL((url) => /^\/clients\/\d+$/.test(url.pathname) && url.searchParams.get('tab') === 'subscription');
    const clientId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`${e2e.stack.url}/clients/${clientId}?tab=timeline`);
    await page.getByRole('link', { name: 'On the Audit page' }).click();
    await page.waitForURL((url) => url.pathname === '/audit' && url.searchParams.get('entity') === 'client' && url.searchParams.get('record') === String(clientId));
  });

  it('groups the event filter by area (AML and e-invoicing included) and refuses a period ending before it starts', async () => {
    const page = await e2e.signedInAs('ADMIN', '/audit');
    await rows(page).first().waitFor();
    const event = page.getByRole('combobox', { name: 'Event', exact: true });
    expect(await event.locator('optgroup').evaluateAll((groups) => groups.map((group) => (group as HTMLOptGroupElement).label))).toEqual(
      expect.arrayContaining(['AML due diligence', 'E-invoicing', 'Invoices', 'Onboarding']),
    );
    expect(await event.locator('option').allTextContents()).toEqual(expect.arrayContaining(['E-invoicing profile updated', 'EDD approved', 'List imported']));
    await page.getByRole('combobox', { name: 'Area', exact: true }).selectOption({ label: 'AML due diligence' });
    await page.waitForURL((url) => url.searchParams.get('area') === 'aml');
    expect(await event.locator('optgroup').evaluateAll((groups) => groups.map((group) => (group as HTMLOptGroupElement).label))).toEqual(['AML due diligence']);
    await event.selectOption({ label: 'List imported' });
    await page.waitForURL((url) => url.searchParams.get('kind') === 'list_imported');
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes('List imported') && /list of/.test(text))).toBe(true);

    await page.getByLabel('From', { exact: true }).fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByRole('alert').filter({ hasText: 'To must be on or after From (10-Mar-2026).' }).waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'audit-period');

    // The due-diligence page at 1024: the checklist right under the header's 'Approve'.
    await page.goto(`${e2e.stack.url}/due-diligence?assignee=mine`);
    await page.getByRole('table').locator('a').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/due-diligence/details/'));
    await page.getByRole('heading', { name: 'Due diligence checklist' }).waitFor();
    await shoot(page, 'due-diligence-detail');
    await page.setViewportSize({ width: 1024, height: 800 });
    const approveBottom = await page.getByRole('button', { name: 'Approve due diligence' }).evaluate((element) => element.getBoundingClientRect().bottom);
    const checklistTop = await page.getByRole('heading', { name: 'Due diligence checklist' }).evaluate((element) => element.getBoundingClientRect().top);
    expect(checklistTop - approveBottom).toBeLessThan(300);
  });

  it('shows the owner the Practice page: the month’s figures linking to their lists, profitability with its chart, and the cost rates, audited', async () => {
    const page = await e2e.signedInAs('ADMIN', '/');
    await page.getByRole('navigation').getByRole('link', { name: 'Practice' }).click();
    await page.waitForURL((url) => url.pathname === '/practice');
    await page.getByRole('heading', { name: 'Revenue and clients' }).waitFor();
    await page.getByRole('heading', { name: 'Statutory deadlines' }).waitFor();
    await shoot(page, 'practice-dashboard');
    await page.getByRole('link', { name: /^Clients active/ }).click();
    await page.waitForURL((url) => url.pathname === '/clients' && url.searchParams.get('status') === 'active');

    await page.goto(`${e2e.stack.url}/practice?tab=profitability`);
    await page.getByRole('img', { name: 'Margin by month' }).waitFor();
    await page.getByRole('columnheader', { name: /Margin %/ }).waitFor();
    await shoot(page, 'practice-profitability');
    await page.getByLabel('Losing money').check();
    await page.waitForURL((url) => url.searchParams.get('losing') === 'true');
    await page.getByRole('combobox', { name: 'Group by' }).selectOption('staff');
    await page.waitForURL((url) => url.searchParams.get('group') === 'staff');
    await page.getByRole('columnheader', { name: /Utilisation/ }).waitFor();

    await page.getByRole('tab', { name: 'Cost rates' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'rates');
    const rate = page.getByLabel('Hourly cost of Rohan Mehta (AED)');
    await expect.poll(() => rate.inputValue()).toBe('120.00');
    await shoot(page, 'practice-rates');
    await rate.fill('135');
    await page.getByRole('row', { name: /Rohan Mehta/ }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Rohan Mehta/ }).getByText('AED 135.00').waitFor();

    await page.goto(`${e2e.stack.url}/audit?area=practice`);
    await rows(page).first().waitFor();
    expect(await rows(page).first().textContent()).toContain('Cost rate of Rohan Mehta');
  });
});
