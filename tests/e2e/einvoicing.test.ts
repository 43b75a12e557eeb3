/**
 * E-invoicing in Chromium against the real stack, whose back end sends PINT AE documents to the ASP stand-in:
 * the demo's invoices reach 'reported'; a bookkeeper sees an e-invoice the ASP rejected (the client's TIN is
 * not its TRN's first digits), fixes the client's TIN in the drawer, issues the credit note and the new
 * invoice, and both reach 'reported', each reported to the authority once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shoot, signInThroughForm, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('einvoicing', { seedAtStart: true });
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

interface Held {
  number: string;
  status: string;
  reports: number;
}
const held = async () => ((await (await fetch(`${e2e.stack.aspUrl}/_standin/documents`)).json()) as { documents: Held[] }).documents;

describe('E-invoicing', () => {
  it('takes the demo invoices to reported; a rejected one is corrected by a credit note and a new invoice, both reported once', async () => {
    // The demo's documents reach the authority through the stand-in; one client's are rejected.
    await expect.poll(async () => (await held()).filter((document) => document.status === 'reported').length, { timeout: 60_000 }).toBeGreaterThan(20);
    await expect.poll(async () => (await held()).filter((document) => document.status === 'rejected').length, { timeout: 30_000 }).toBeGreaterThan(0);

    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${e2e.stack.url}/auth/login`);
    await signInThroughForm(page, e2e.account('BOOKKEEPER'));
    await page.goto(`${e2e.stack.url}/unsynced-inv?tab=einvoices`);
    const table = page.getByRole('table', { name: 'E-invoices needing attention' });
    const rejectedRow = table.locator('[role="row"]').filter({ hasText: 'Rejected' }).first();
    await rejectedRow.waitFor();
    await shoot(page, process.env.SCREENSHOT_DIR, 'einvoices-attention');
    const number = (await rejectedRow.locator('.unsynced__open').textContent())!;
    await rejectedRow.locator('.unsynced__open').click();

    const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
    const section = drawer.getByRole('region', { name: 'E-invoice', exact: true });
    await section.getByRole('list', { name: 'Failed rules' }).getByText('ASP-DIR-001').waitFor();
    await section.getByText('Fix:').first().waitFor();
    await shoot(page, process.env.SCREENSHOT_DIR, 'einvoice-rejected');
    const trn = /its TRN \((\d{15})\)/.exec((await section.getByRole('list', { name: 'Failed rules' }).textContent()) ?? '')![1]!;

    await section.getByRole('textbox', { name: "Client's TIN" }).fill(trn.slice(0, 10));
    await section.getByRole('button', { name: 'Save TIN' }).click();
    await page.getByText("Client's TIN saved").waitFor();
    await section.getByRole('button', { name: 'Issue credit note and new invoice' }).click();
    await drawer.getByRole('textbox', { name: 'Reason' }).fill('E-invoice rejected: wrong TIN');
    await drawer.locator('form').filter({ hasText: 'A credit note for the whole of' }).getByRole('button', { name: 'Issue credit note and new invoice' }).click();

    // The drawer moves on to the new invoice, whose document reaches 'reported' (the page reads it again when asked).
    const next = page.getByRole('dialog', { name: /^Invoice INV-/ });
    await expect.poll(async () => (await next.getByRole('heading', { level: 2 }).textContent()) ?? '').not.toBe(`Invoice ${number}`);
    const newNumber = ((await next.getByRole('heading', { level: 2 }).textContent()) ?? '').replace('Invoice ', '');
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await page.getByRole('dialog', { name: `Invoice ${newNumber}` }).getByRole('region', { name: 'E-invoice', exact: true }).locator('.status-chip').first().textContent()) ?? '';
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe('Reported');
    await shoot(page, process.env.SCREENSHOT_DIR, 'einvoice-reissued');

    const documents = await held();
    const credit = documents.find((document) => document.number.startsWith('CN-'));
    expect(credit).toMatchObject({ status: 'reported', reports: 1 });
    expect(documents.filter((document) => document.number === newNumber)).toEqual([expect.objectContaining({ status: 'reported', reports: 1 })]);
    // Every document the stand-in holds was reported at most once.
    expect(documents.every((document) => document.reports <= 1)).toBe(true);
  });
});
