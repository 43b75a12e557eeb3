/**
 * Growth and content in Chromium against the real stack: an enquiry sent from the demo website's form
 * (another origin, through the gateway's public endpoint) appears live in its tab; it is converted to a lead, the
 * lead is won (invited to register), and the new registration is on the Registration page; a job is created and
 * published at /createjob and the website's public list has it; FAQs are reordered with the keyboard. Each page
 * is photographed at 1440x900 and 1024x768 when SCREENSHOT_DIR names a folder. Work at
 * speed: a bulk assign over all matching enquiries from the second page reports per-row results, and
 * a Users view saved in one browser opens from its chip in another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StaffRole } from '../../common/roles.ts';
import { seriousViolations, shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('enquiries-crm-content');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

async function signedInAs(role: StaffRole, path: string): Promise<Page> {
  const page = await e2e.signedInAs(role, path);
  page.setDefaultTimeout(20_000);
  return page;
}

describe('from the website form to onboarding', () => {
  it('shows a demo-form enquiry live, converts it, wins the lead and finds the registration', async () => {
    const staff = await signedInAs('BD_MANAGER', '/talktoexpert');
    const table = staff.getByRole('table', { name: 'Talk to an expert enquiries' });
    await table.waitFor();
    await expect.poll(() => table.getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
    // The tab highlights Website Enquiries, as the spec's alias rule says.
    await expect.poll(() => staff.locator('.side-nav__link--active').textContent()).toContain('Website Enquiries');

    const company = `Creekside Analytics ${Date.now() % 100_000} LLC`;
    const { page: website } = await e2e.newPage();
    await website.goto(e2e.stack.demoWebsiteUrl);
    await website.getByRole('combobox', { name: 'Form' }).selectOption('talktoexpert');
    await website.getByLabel('Name', { exact: true }).fill('Huda Al Marzouqi');
    await website.getByLabel('E-mail', { exact: true }).fill(`huda.${Date.now()}@creekside.example`);
    await website.getByRole('textbox', { name: 'Company', exact: true }).fill(company);
    await website.getByRole('combobox', { name: 'Topic' }).selectOption('vat');
    await website.getByRole('textbox', { name: 'Message' }).fill('We need help with our VAT returns.');
    await website.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => website.locator('#result').textContent()).toContain('Thank you');
    await shoot(website, 'demo-website');

    // Live: the notification stream refreshes the open inbox without a reload.
    const row = table.getByRole('row').filter({ hasText: company });
    await row.waitFor({ timeout: 30_000 });
    await shoot(staff, 'enquiries-inbox');
    expect(await seriousViolations(staff)).toEqual([]);

    await row.getByRole('link').first().click();
    await staff.waitForURL(/\/talktoexpert\/\d+$/);
    await staff.getByRole('heading', { name: 'Huda Al Marzouqi' }).waitFor();
    await staff.getByRole('button', { name: 'Convert to lead' }).click();
    await staff.getByRole('link', { name: 'Open the lead' }).click();
    await staff.waitForURL(/\/crm\/leads\/\d+$/);
    await staff.getByRole('heading', { name: company }).waitFor();
    await shoot(staff, 'enquiry-converted-lead');

    // A converted lead starts at AED 0.00 with no follow-up: Edit gives it both.
    await staff.getByRole('button', { name: 'Edit' }).click();
    const edit = staff.getByRole('dialog', { name: `Edit ${company}` });
    await edit.getByLabel('Estimated monthly value (AED)').fill('4,500');
    await edit.getByLabel('Next follow-up').fill('2027-01-12');
    await shoot(staff, 'lead-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await staff.getByText('AED 4,500.00').waitFor();

    await staff.getByRole('button', { name: 'Won: invite to register' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Invite to register' }).click();
    const link = dialog.getByLabel(/Set-password link/);
    await expect.poll(() => link.inputValue(), { timeout: 20_000 }).toMatch(/\/users\/set-password\?mode=resetPassword/);
    await shoot(staff, 'lead-won-invite');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await staff.goto(`${e2e.stack.url}/registrations?search=${encodeURIComponent(company.toLowerCase())}`);
    const registrations = staff.getByRole('table', { name: 'Registration' });
    await registrations.getByRole('row').filter({ hasText: company }).waitFor();
    await shoot(staff, 'registration-from-crm');

    await staff.goto(`${e2e.stack.url}/crm`);
    await staff.getByRole('heading', { name: 'Proposal sent' }).waitFor();
    await shoot(staff, 'crm-board');
    expect(await seriousViolations(staff)).toEqual([]);
  }, 240_000);

  it('moves a lead to the next stage with the keyboard on the board', async () => {
    const page = await signedInAs('ADMIN', '/crm');
    const newColumn = page.getByRole('region', { name: 'New' });
    const handle = newColumn.getByRole('button', { name: /^Move / }).first();
    const label = (await handle.getAttribute('aria-label'))!;
    const company = label.replace(/^Move /, '');
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.getByRole('region', { name: 'Contacted' }).getByRole('link', { name: company }).first().waitFor();
  }, 120_000);
});

describe('careers and FAQs', () => {
  it('creates and publishes a job at /createjob, which the website then lists', async () => {
    const page = await signedInAs('HR_MANAGER', '/createjob');
    await expect.poll(() => page.locator('.side-nav__link--active').textContent()).toContain('Careers');
    const title = `Audit Senior ${Date.now() % 100_000}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Department').fill('Audit');
    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Description').fill('Lead audits of Dubai SMEs.\n\n- ACCA or CPA\n- 4 years in the UAE\n\n<b>not bold</b>');
    await page.locator('.careers-editor__preview li').nth(1).waitFor();
    expect(await page.locator('.careers-editor__preview b').count()).toBe(0);
    await shoot(page, 'careers-createjob');
    await page.getByRole('button', { name: 'Create post' }).click();
    await page.waitForURL(/\/careers\/\d+$/);
    await page.getByRole('heading', { name: title }).waitFor();
    await shoot(page, 'careers-post');
    const jobs = (await (await page.request.get(`${e2e.stack.url}/api/public/jobs`)).json()) as { title: string }[];
    expect(jobs.map((job) => job.title)).toContain(title);
    await page.goto(`${e2e.stack.url}/careers`);
    await page.getByRole('table', { name: 'Job posts' }).getByRole('row').filter({ hasText: title }).waitFor();
    await shoot(page, 'careers-list');
  }, 120_000);

  it('reorders FAQs with the keyboard and shows the Arabic right to left', async () => {
    const page = await signedInAs('ADMIN', '/faqs');
    const category = page.getByRole('region', { name: 'VAT' });
    const questions = () => category.locator('.faqs__lang[lang="en"] strong').allTextContents();
    await category.locator('.faqs__item').first().waitFor();
    const before = await questions();
    const second = before[1]!;
    await category.getByRole('button', { name: `Move up: ${second}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(questions).toEqual([second, before[0], ...before.slice(2)]);
    await page.reload();
    await category.locator('.faqs__item').first().waitFor();
    expect(await questions()).toEqual([second, before[0], ...before.slice(2)]);
    expect(await category.locator('.faqs__lang--ar').first().getAttribute('dir')).toBe('rtl');
    await shoot(page, 'faqs');
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});

describe('work at speed on the growth and staff lists', () => {
  it('assigns all matching enquiries from the second page as one job, and keeps a Users view on the server', async () => {
    const page = await signedInAs('BD_MANAGER', '/contactus?page=2');
    const table = page.getByRole('table', { name: 'Contact us enquiries' });
    await table.locator('.data-table__row-link').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => table.getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
    await table.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    const selectAll = page.getByRole('button', { name: /^Select all \d+ matching$/ });
    const total = Number((await selectAll.textContent())!.match(/\d+/)![0]);
    await selectAll.click();
    await page.getByText(`All ${total} enquiries matching selected`).waitFor();
    await page.getByRole('button', { name: 'Assign…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign in bulk' });
    await dialog.getByText(`Assign ${total} enquiries`).waitFor();
    await dialog.getByLabel('Assign to').selectOption({ label: 'Sara Khoury' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    const results = page.getByRole('region', { name: 'Bulk action results' });
    await results.getByText(new RegExp(`Assign: ${total} of ${total} enquiries \\(finished\\)`)).waitFor({ timeout: 60_000 });
    await results.getByText('Per-row results').click();
    const outcomes = await results.locator('tbody td:nth-child(2)').allTextContents();
    expect(outcomes).toHaveLength(total);
    expect(outcomes.every((outcome) => outcome === 'Done' || outcome === 'Skipped')).toBe(true);
    // The list is read again when the job finishes: every row on the page is Sara's now.
    await expect.poll(async () => new Set(await table.locator('.data-table__row [role="cell"]:nth-child(4)').allTextContents()), { timeout: 20_000 }).toEqual(new Set(['Sara Khoury']));
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'enquiries-bulk');

    // A Users view saved in one browser opens from its chip in another.
    // (The demo administrator already has 'Administrators', roles=ADMIN: the view saved here is another.)
    const admin = await signedInAs('ADMIN', '/users?roles=BD_MANAGER,HR_MANAGER');
    await admin.locator('.users-row').first().waitFor({ timeout: 30_000 });
    await admin.locator('.users-row').first().getByRole('checkbox').check();
    await admin.getByText('1 user selected on this page').waitFor();
    await admin.getByRole('button', { name: 'Save view' }).click();
    const save = admin.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel('Name').fill('Managers');
    await save.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('button', { name: /^Managers/ }).and(admin.locator('[aria-pressed="true"]')).waitFor();
    await shoot(admin, 'users-views');

    const other = await signedInAs('ADMIN', '/users');
    await other.locator('.users-row').first().waitFor({ timeout: 30_000 });
    await other.getByRole('button', { name: /^Managers/ }).click();
    await other.waitForURL((url) => url.pathname === '/users' && url.searchParams.get('roles') === 'BD_MANAGER,HR_MANAGER');
    await other.getByRole('button', { name: /^Managers/ }).and(other.locator('[aria-pressed="true"]')).waitFor();
    await expect.poll(async () => new Set(await other.locator('.users-row [role="cell"]:nth-child(4)').allTextContents()), { timeout: 20_000 }).toEqual(new Set(['Bd Manager', 'Hr Manager']));
    expect(await seriousViolations(other)).toEqual([]);
  }, 180_000);
});
