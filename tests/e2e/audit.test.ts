/**
 * The Audit page (issue 33) in Chromium against the real stack: an ADMIN reaches it from the navigation,
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

    // An event's details: its values, and the record's own events from the row.
    await rows(page).first().getByRole('button', { name: /^Details of Subscription started/ }).click();
    const details = page.getByRole('region', { name: /Subscription started · Subscription \d+/ });
    await details.getByText('Details', { exact: true }).waitFor();
    await expect.poll(() => details.textContent()).toContain('starts_on');
    await shoot(page, 'audit-details');
    const record = rows(page).first().getByRole('button', { name: /^Subscription \d+$/ });
    const recordName = (await record.textContent())!;
    await record.click();
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
    expect(lines[0]).toBe('When (UTC),Person,Event,Area,Record kind,Record,Details,Before,After,Request id,Client address');
    expect(lines).toHaveLength(shown + 1);
    expect(lines.slice(1).every((line) => line.includes(',subscription_started,clients,subscription,'))).toBe(true);

    // Back to every event: the export itself is on the trail.
    await page.goto(`${e2e.stack.url}/audit?kind=audit_exported`);
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBeGreaterThanOrEqual(1);
  });
});
