/**
 * E-invoicing in Chromium against the real stack, whose back end sends PINT AE documents to the ASP stand-in:
 * the demo's invoices reach 'reported'; a bookkeeper sees an e-invoice the ASP rejected (the TIN it carries is
 * not its TRN's first digits; the client's TIN has been corrected since), the drawer shows the TIN now and
 * offers no 'Send again' (it would be rejected the same way), a TIN the TRN contradicts is refused naming the
 * TRN; the credit note and the new invoice both reach 'reported', each reported to the authority once. A
 * client's readiness (revenue band, ASP and when appointed, TIN) is recorded on its compliance calendar, whose
 * e-invoicing deadlines follow it; an ASP appointed after its deadline is late and says so.
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
    await shoot(page, 'einvoices-attention');
    const number = (await rejectedRow.locator('.unsynced__open').textContent())!;
    await rejectedRow.locator('.unsynced__open').click();

    const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
    const section = drawer.getByRole('region', { name: 'E-invoice', exact: true });
    await section.getByRole('list', { name: 'Failed rules' }).getByText('ASP-DIR-001').waitFor();
    await section.getByText('Fix:').first().waitFor();
    await shoot(page, 'einvoice-rejected');
    const trn = /its TRN \((\d{15})\)/.exec((await section.getByRole('list', { name: 'Failed rules' }).textContent()) ?? '')![1]!;

    // The TIN now (its TRN's first 10 digits), not an empty field; no 'Send again', but what to do instead.
    const tinField = section.getByRole('textbox', { name: "Client's TIN" });
    await expect(tinField.inputValue()).resolves.toBe(trn.slice(0, 10));
    await section.getByText(`The client's TIN is now ${trn.slice(0, 10)}`).waitFor();
    await section.getByText('Sending it again would be rejected the same way').waitFor();
    await expect(section.getByRole('button', { name: 'Send again' }).count()).resolves.toBe(0);
    // A TIN the TRN contradicts is refused, naming the TRN.
    await tinField.fill(`2${trn.slice(1, 10)}`);
    await section.getByRole('button', { name: 'Save TIN' }).click();
    await section.getByText(`TIN must be ${trn.slice(0, 10)}, the first 10 digits of the client's TRN ${trn}.`).waitFor();
    await shoot(page, 'einvoice-rejected-tin-refused');
    await tinField.fill(trn.slice(0, 10));
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
    await shoot(page, 'einvoice-reissued');

    const documents = await held();
    const credit = documents.find((document) => document.number.startsWith('CN-'));
    expect(credit).toMatchObject({ status: 'reported', reports: 1 });
    expect(documents.filter((document) => document.number === newNumber)).toEqual([expect.objectContaining({ status: 'reported', reports: 1 })]);
    // Every document the stand-in holds was reported at most once.
    expect(documents.every((document) => document.reports <= 1)).toBe(true);
  });

  it("records a client's readiness on its compliance calendar; the band gives the deadlines, an ASP clears the appointment row", async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/clients');
    page.setDefaultTimeout(20_000);
    const rows = page.getByRole('table', { name: 'Clients' }).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton)');
    await rows.first().locator('a').first().click();
    await page.waitForURL(/\/clients\/\d+$/);
    const trn = ((await page.locator('.client-facts dt', { hasText: /^TRN$/ }).locator('+ dd').textContent()) ?? '').trim();
    await page.getByRole('tab', { name: 'Compliance calendar' }).click();
    const readiness = page.getByRole('region', { name: /E-invoicing readiness/ });
    const coming = page.getByRole('region', { name: 'Coming deadlines' });
    const dialog = page.getByRole('dialog', { name: 'Edit the e-invoicing details' });

    // AED 50m or more without an ASP: its 30 Oct 2026 appointment deadline is on the calendar, and it is not ready.
    await readiness.getByRole('button', { name: 'Edit e-invoicing details' }).click();
    await dialog.getByLabel('Revenue band').selectOption('50m_or_more');
    await dialog.getByRole('textbox', { name: 'ASP', exact: true }).fill('');
    await dialog.getByLabel('ASP appointed on').fill('');
    await dialog.getByRole('textbox', { name: 'TIN' }).fill('12345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('must be the 10 digits of the Tax Identification Number').waitFor();
    const tin = /^\d{15}$/.test(trn) ? trn.slice(0, 10) : '1400000007';
    await dialog.getByRole('textbox', { name: 'TIN' }).fill(tin);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await readiness.getByText('Not ready').waitFor();
    await coming.getByRole('row', { name: /Appoint an e-invoicing ASP .*30-Oct-2026/ }).waitFor();
    await coming.getByRole('row', { name: /E-invoicing go-live .*01-Jan-2027/ }).waitFor();
    await readiness.scrollIntoViewIfNeeded();
    await shoot(page, 'einvoicing-readiness-not-ready');

    // An ASP recorded with its date: the appointment leaves the calendar, the go-live stays.
    await readiness.getByRole('button', { name: 'Edit e-invoicing details' }).click();
    await dialog.getByRole('textbox', { name: 'ASP', exact: true }).fill('Gulf Peppol Access');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('ASP appointed on must be given with the ASP.').waitFor();
    // Appointed after its 30 Oct 2026 deadline: late, and it says so.
    await dialog.getByLabel('ASP appointed on').fill('2026-11-02');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await readiness.getByText('ASP appointed late: on 02-Nov-2026, after the 30-Oct-2026 deadline').waitFor();
    await expect(readiness.locator('dd', { hasText: 'Gulf Peppol Access' }).count()).resolves.toBe(1);
    await expect(readiness.locator('dd', { hasText: tin }).count()).resolves.toBe(1);
    await expect.poll(() => coming.getByRole('row', { name: /Appoint an e-invoicing ASP/ }).count()).toBe(0);
    await coming.getByRole('row', { name: /E-invoicing go-live .*01-Jan-2027/ }).waitFor();
    await readiness.scrollIntoViewIfNeeded();
    await shoot(page, 'einvoicing-readiness');
  });
});
