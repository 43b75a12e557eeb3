/**
 * The 'All invoices' tab beside Unsynced Inv in Chromium against the real stack: every
 * invoice in every state, filtered by status and by a row's client, exported as CSV; a one-off invoice raised
 * with 'New invoice' (a price of three decimals refused beside its field, the disabled button saying why) and a
 * credit note issued from its drawer, both then in the list, the invoice listing its credit note and what is left
 * to credit; the e-invoice state as a column and a filter. Set
 * SCREENSHOT_DIR=<folder> to keep screenshots at 1440 and 1024 px.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('all-invoices');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});


const rows = (page: Page) => page.getByRole('table', { name: 'All invoices' }).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton):not(.data-table__row--full)');

describe('All invoices', () => {
  it('lists every invoice by status and client, exports them, raises a one-off invoice and credits it', async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/unsynced-inv');
    await page.getByRole('navigation', { name: 'Invoice lists' }).getByRole('link', { name: 'All invoices' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'all');
    await rows(page).first().waitFor();
    // Synced invoices, which Unsynced Inv never shows, are here.
    await page.getByLabel('Status').selectOption({ label: 'Synced' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'synced');
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes('Synced'))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'all-invoices');

    // A row's client narrows the list to it; the export takes the same filters.
    const clientButton = rows(page).first().getByRole('button', { name: /./ }).nth(1);
    const clientName = (await clientButton.textContent())!;
    await clientButton.click();
    await page.waitForURL((url) => Number(url.searchParams.get('client')) > 0);
    await page.getByText(`Client: ${clientName}`).waitFor();
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes(clientName))).toBe(true);
    const shown = await rows(page).count();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Number,Kind,Client,Issued,Due,Net (AED),VAT (AED),Total (AED),Credited (AED),Credits invoice,Sync,External id,E-invoice');
    expect(lines).toHaveLength(shown + 1);

    // A one-off invoice for that client, then a credit note from its drawer.
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.getByLabel('Find a client').fill(clientName.slice(0, 12));
    await expect.poll(() => dialog.getByLabel('Client', { exact: true }).locator('option', { hasText: clientName }).count()).toBe(1);
    await dialog.getByLabel('Client', { exact: true }).selectOption({ label: clientName });
    await dialog.getByLabel('Line 1 description').fill('Payroll support, March');
    await dialog.getByLabel('Line 1 quantity').fill('2');
    // Three decimals: said beside the field, and beside the disabled 'Issue invoice'.
    await dialog.getByLabel('Line 1 unit price (AED)').fill('12.345');
    await dialog.locator('.new-invoice__line .field__error').getByText('Unit price must have at most two decimals (AED and fils).').waitFor();
    await expect(dialog.getByRole('button', { name: 'Issue invoice' }).isDisabled()).resolves.toBe(true);
    await dialog.locator('.dialog__footer').getByText('Line 1: Unit price must have at most two decimals (AED and fils).').waitFor();
    await shoot(page, 'new-invoice-three-decimals');
    await dialog.getByLabel('Line 1 unit price (AED)').fill('250');
    await dialog.getByRole('list', { name: 'Totals' }).or(dialog.locator('.new-invoice__totals')).first().getByText('AED 525.00').waitFor();
    await shoot(page, 'new-invoice');
    await dialog.getByRole('button', { name: 'Issue invoice' }).click();
    await page.getByText(/^Invoice INV-\d+ issued for AED 525\.00$/).waitFor();
    const drawer = page.getByRole('dialog', { name: /^Invoice INV-\d+$/ });
    await drawer.waitFor();
    const number = (await drawer.getByRole('heading', { level: 2 }).textContent())!.replace('Invoice ', '');
    await drawer.getByRole('button', { name: 'Issue credit note' }).click();
    const form = drawer.getByRole('form', { name: 'Issue credit note' });
    await form.getByLabel('Reason').fill('Agreed discount');
    await form.getByLabel(/^Amount before VAT/).fill('100');
    await shoot(page, 'credit-note');
    // The sync may move the invoice on (its version) meanwhile: a stale submit is refused (409), the drawer reads
    // it again, and the second submit goes through, as a person would retry.
    const issued = page.getByText(/^Credit note CN-\d+ issued for AED 105\.00$/);
    const submit = form.getByRole('button', { name: 'Issue credit note' });
    await expect
      .poll(
        async () => {
          if (await issued.isVisible()) return true;
          if ((await submit.count()) > 0 && (await submit.isEnabled())) await submit.click();
          return issued.isVisible();
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe(true);
    const note = page.getByRole('dialog', { name: /^Credit note CN-\d+$/ });
    await note.getByText(number, { exact: true }).waitFor();
    // A credit note is not paid: no due date.
    await expect(note.getByText(/, due /).count()).resolves.toBe(0);
    // Its invoice lists it, and a second credit note offers what is left, not the whole invoice.
    await note.getByRole('button', { name: number, exact: true }).click();
    const credited = page.getByRole('dialog', { name: `Invoice ${number}` });
    await credited.getByRole('list', { name: 'Credit notes against this invoice' }).getByText(/^CN-\d+$/).waitFor();
    await credited.getByText('AED 400.00 before VAT left to credit').waitFor();
    await credited.getByRole('button', { name: 'Issue credit note' }).click();
    await credited.getByRole('form', { name: 'Issue credit note' }).getByText('what is left to credit: AED 400.00 of AED 500.00').waitFor();
    await shoot(page, 'invoice-credit-notes');
    await credited.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Status').selectOption({ label: 'Credited' });
    await rows(page).filter({ hasText: number }).getByText('Credited AED 105.00').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Credit notes' });
    await rows(page).filter({ hasText: `Credit note of ${number}` }).waitFor();

    // The e-invoice state: a column, and a filter (in the URL, the export takes it too).
    await page.getByLabel('Status').selectOption({ label: 'Any status' });
    await page.getByLabel('E-invoice').selectOption({ label: 'Reported' });
    await page.waitForURL((url) => url.searchParams.get('einvoice') === 'reported');
    await expect
      .poll(
        async () => {
          const texts = await rows(page).allTextContents();
          return texts.length > 0 && texts.every((text) => text.includes('Reported'));
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await shoot(page, 'all-invoices-einvoice-filter');
    await page.close();
  }, 180_000);
});
