/**
 * What a new user tripped over, each case in Chromium against the real stack and fixed in the
 * shared pieces (list, dialog, action, shell) rather than on one page: the chat launcher and the pager,
 * refused text kept with its reason, one-time dialogs and stray clicks, counts after every action, a role
 * changed or an account disabled mid-session, Plan Approval's labels, disabled actions that say why,
 * dead ends and jumps, narrow windows, invited users, and the smaller ones.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { MAX_SEARCH_LENGTH } from '../../common/contract/http.ts';
import type { RegistrationListItem, RegistrationReview } from '../../common/contract/registrations.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import type { SetPasswordLinkResponse, StaffUser } from '../../common/contract/users.ts';
import { PHASE_LABELS } from '../../common/pipeline.ts';
import { MAX_COMMENT_LENGTH, REVIEW_STATUS_LABELS } from '../../common/review.ts';
import type { StaffRole } from '../../common/roles.ts';
import { emulatorFetch, emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { demoTotpSecret } from '../../backend/src/demo/accounts.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../../backend/src/modules/security/totp.ts';
import { EXPECTED_NAVIGATION } from '../support/expected-navigation.ts';
import { pdfTitle } from '../support/pdf-text.ts';
import { signInThroughForm, startE2E, visibleNavigation, type E2E } from './helpers.ts';

let e2e: E2E;
let adminToken: string;

/** Polls wait for the page, which on a loaded machine takes longer than vitest's default second. */
const POLL = { timeout: 10_000 };

beforeAll(async () => {
  e2e = await startE2E('shared-pieces');
  adminToken = await emulatorIdToken(e2e.stack.authEmulatorHost, e2e.account('ADMIN').email, e2e.account('ADMIN').password);
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

/** A call through the gateway as the ADMIN demo account. */
async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${e2e.stack.url}/api/${path}`, {
    method,
    headers: { authorization: `Firebase ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

const list = async (query: string) => (await api<ListPage<RegistrationListItem>>('GET', `registrations/?page_size=100&${query}`)).body.results;
const review = async (userId: number) => (await api<RegistrationReview>('GET', `registrations/${userId}/review`)).body;

/** A due-diligence case waiting for a decision, with its documents, no other test has touched. */
const used = new Set<number>();
async function freshCase(): Promise<RegistrationReview> {
  for (const item of await list('queue=due-diligence')) {
    if (used.has(item.id) || item.status !== 'Pending Due Diligence') continue;
    const candidate = await review(item.id);
    if (candidate.assignee || candidate.documents.length === 0 || candidate.client.email.endsWith('@example.com')) continue;
    used.add(item.id);
    return candidate;
  }
  throw new Error('no untouched due-diligence case left');
}

/** A staff user invited through the API who has set a password (the emulator's reset call, as the set-password page makes it). */
async function staffUser(role: StaffRole, name: string): Promise<{ user: StaffUser; email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
  const invited = await api<SetPasswordLinkResponse>('POST', 'users/', { email, display_name: name, role });
  expect(invited.status).toBe(201);
  const oobCode = new URL(invited.body.set_password_link).searchParams.get('oobCode');
  const password = `${role.toLowerCase()}-password`;
  const reset = await emulatorFetch(`http://${e2e.stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: password }),
  });
  expect(reset.status).toBe(200);
  return { user: invited.body.user, email, password };
}

async function signedInAs(role: StaffRole, path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await e2e.signedInAs(role, path, { viewport });
  page.setDefaultTimeout(20_000);
  return page;
}

async function rowsLoaded(page: Page): Promise<void> {
  await page.locator('.data-table:not([aria-busy])').waitFor();
  await page.locator('.data-table__body .data-table__row:not(.data-table__row--skeleton)').first().waitFor();
}

/** The number on an entry's badge in the side menu (0 when it shows none). */
async function navCount(page: Page, entry: string): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry, exact: true });
  const id = await link.getAttribute('aria-describedby');
  if (!id) return 0;
  const text = await page.evaluate((countId) => document.getElementById(countId)?.textContent ?? '', id);
  return Number(text.replace(/\D+/g, ''));
}

/** The paths of the API calls the page makes from now on, whose path contains `part`. */
function apiCalls(page: Page, part = '/api/'): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(part)) calls.push(new URL(request.url()).pathname);
  });
  return calls;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('blocking or losing work', () => {
  it.each([
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ])('keeps the chat launcher off the list’s Next button at $width px', async (viewport) => {
    const page = await signedInAs('BD_MANAGER', '/due-diligence', viewport);
    await rowsLoaded(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const next = page.getByRole('button', { name: 'Next' });
    const launcher = page.getByRole('button', { name: 'Chat assistant' });
    expect(overlap((await next.boundingBox())!, (await launcher.boundingBox())!)).toBe(false);
    await next.click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(await page.getByRole('dialog', { name: 'Chat assistant' }).count()).toBe(0);
    await page.context().close();
    // The file's first test carries its first sign-in on a stack just started, at a run's busiest moment
    // (every worker starting its stack against the one Auth emulator): it once took over 60 s.
  }, 120_000);

  it('keeps a refused return comment in the open dialog with the server’s reason beside it, and shows every text field’s limit', async () => {
    const target = await freshCase();
    const page = await signedInAs('ADMIN', `/due-diligence/details/${target.user_id}`);
    await page.getByRole('button', { name: 'Return for correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return for correction?' });
    const comment = dialog.getByLabel(/Comment for the client/);
    const long = 'The scan is unreadable. '.repeat(209).slice(0, 5000);
    await comment.fill(long);
    await expect(dialog.locator('.field__counter').textContent()).resolves.toBe(`5,000 / ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters (1,000 over the limit)`);
    const refused = page.waitForResponse((response) => response.url().endsWith(`/registrations/${target.user_id}/return`));
    await dialog.getByRole('button', { name: 'Return' }).click();
    const answer = (await (await refused).json()) as { field: string; message: string };
    expect(answer.field).toBe('comment');
    const reason = dialog.locator('.field__error');
    await expect(reason.textContent()).resolves.toBe(answer.message);
    expect(await comment.getAttribute('aria-describedby')).toContain(await reason.getAttribute('id'));
    expect(await comment.inputValue()).toBe(long);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The internal comment box keeps pasted text beyond the limit, and says by how much it is over.
    const box = page.getByLabel('Internal comment');
    await box.fill('x'.repeat(MAX_COMMENT_LENGTH + 500));
    expect((await box.inputValue()).length).toBe(MAX_COMMENT_LENGTH + 500);
    await page.locator('.comment-box .field__counter--over').waitFor();
    expect((await review(target.user_id)).review_state).toBeNull();
    await page.context().close();
  });

  it('keeps the one-time set-password link readable when the second click of a double click on Invite lands on Done', async () => {
    const page = await signedInAs('ADMIN', '/users');
    await page.locator('.users-row').first().waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('dialog', { name: 'Invite a staff member' });
    await form.getByLabel('E-mail').fill(`double-click-${Date.now()}@example.com`);
    await form.getByLabel('Display name').fill('Double Click');
    await form.getByLabel('Role').selectOption('BOOKKEEPER');
    const box = (await form.getByRole('button', { name: 'Invite' }).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(x, y);
    const created = page.getByRole('dialog', { name: 'Invitation created' });
    await created.waitFor();
    // The answer came before the second click of the double click, which lands on whatever is there now.
    await page.mouse.click(x, y, { clickCount: 2 });
    await page.waitForTimeout(300);
    expect(await created.isVisible()).toBe(true);
    expect(await created.getByLabel('Set-password link').inputValue()).toMatch(/oobCode=/);
    // A click beside it does not close it either; Done does.
    await page.mouse.click(5, 5);
    expect(await created.isVisible()).toBe(true);
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('wrong or stale', () => {
  it('refreshes the side menu’s counts right after every review action, without a reload', async () => {
    const approved = await freshCase();
    const page = await signedInAs('ADMIN', `/due-diligence/details/${approved.user_id}`);
    await page.getByRole('button', { name: 'Approve due diligence' }).waitFor();
    await expect.poll(() => navCount(page, 'Due Diligence'), POLL).toBeGreaterThan(0);
    const counts = async () => ({ registration: await navCount(page, 'Registration'), dueDiligence: await navCount(page, 'Due Diligence'), planApproval: await navCount(page, 'Plan Approval') });
    const before = await counts();

    const countsRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/registrations/counts/';
    const readAfterAssign = page.waitForRequest(countsRead);
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await readAfterAssign;

    await page.getByRole('button', { name: 'Approve due diligence' }).click();
    await page.getByRole('dialog', { name: 'Approve due diligence?' }).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(counts, POLL).toEqual({ ...before, dueDiligence: before.dueDiligence - 1, planApproval: before.planApproval + 1 });

    const returned = await freshCase();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Due Diligence', exact: true }).click();
    await page.goto(`${e2e.stack.url}/due-diligence/details/${returned.user_id}`);
    await page.getByRole('button', { name: 'Return for correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return for correction?' });
    await dialog.getByLabel(/Comment for the client/).fill('The licence copy is cut off.');
    const middle = await counts();
    await dialog.getByRole('button', { name: 'Return' }).click();
    await expect.poll(counts, POLL).toEqual({ ...middle, registration: middle.registration + 1, dueDiligence: middle.dueDiligence - 1 });
    await page.context().close();
  });

  it('gives a user whose role an admin changed the new menu and a notice on their next refused call, and tells a deactivated user why they are signed out', async () => {
    const { user, email, password } = await staffUser('BD_MANAGER', 'Role Changer');
    const { page } = await e2e.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${e2e.stack.url}/due-diligence`);
    await signInThroughForm(page, { email, password });
    await rowsLoaded(page);

    // A role change takes the ADMIN's fresh code (step-up); a code this step's sign-in used is refused, the next one taken.
    const step = TOTP_PERIOD_SECONDS * 1000;
    let changed = 0;
    for (let ahead = 0; ahead < 2 && changed !== 200; ahead += 1) {
      const code = codeAt(demoTotpSecret(e2e.account('ADMIN').email), (Math.floor(Date.now() / step) + ahead) * step);
      changed = (await api('PATCH', `users/${user.id}`, { role: 'REVIEWER', code })).status;
    }
    expect(changed).toBe(200);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('push-toast').filter({ hasText: 'Your role has changed' }).waitFor();
    await page.waitForURL((url) => url.pathname === EXPECTED_NAVIGATION.REVIEWER.lands);
    expect(await visibleNavigation(page)).toEqual(EXPECTED_NAVIGATION.REVIEWER.entries);
    await expect(page.locator('.user-block__role').textContent()).resolves.toBe('Reviewer');

    expect((await api('POST', `users/${user.id}/deactivate`)).status).toBe(200);
    const disabled = page.getByText('This account has been disabled. Please contact your administrator.').first();
    // The menu may be rendered anew while the change reaches the shell, and a click on the link it replaced is
    // lost: the click is made again until a call is refused (or the console signed the user out by itself).
    for (let attempt = 1; attempt <= 4 && !(await disabled.isVisible()); attempt += 1) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Call Schedule' }).click({ timeout: 5_000 }).catch(() => {});
      await disabled.waitFor({ timeout: 5_000 }).catch(() => {});
    }
    await disabled.waitFor();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.context().close();
  }, 90_000);

  it('shows one label per Plan Approval state and fills the plan columns or says why not', async () => {
    const target = await freshCase();
    const approved = await api<RegistrationReview>('POST', `registrations/${target.user_id}/approve`, { version: target.version });
    expect(approved.status).toBe(200);
    const page = await signedInAs('ADMIN', '/pending-payments');
    await rowsLoaded(page);
    // Two states since the pipeline: waiting for its plan's approval, and approved with the payment requested.
    const statuses = await page.locator('.data-table__body .status-chip').allTextContents();
    expect(new Set(statuses)).toEqual(new Set([REVIEW_STATUS_LABELS.approved, PHASE_LABELS.awaiting_payment]));
    const row = page.locator('.data-table__body [role="row"]', { hasText: target.registration_id });
    const cells = await row.locator('[role="cell"]').allTextContents();
    // Plan, cycle and total incl. VAT of a plan not chosen yet.
    expect(cells.slice(2, 5)).toEqual(['Not chosen yet', '-', 'Not chosen yet']);
    const plans = await page.locator('.data-table__body [role="row"] [role="cell"]:nth-child(3)').allTextContents();
    expect(plans).not.toContain('-');
    await page.context().close();
  });

  it('says what a disabled Approve waits for', async () => {
    const awaiting = (await list('queue=due-diligence')).find((item) => item.status === 'Awaiting Documents')!;
    const page = await signedInAs('ADMIN', `/due-diligence/details/${awaiting.id}`);
    const approve = page.getByRole('button', { name: 'Approve due diligence' });
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);
    const note = await page.evaluate((ids) => ids?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '), await approve.getAttribute('aria-describedby'));
    expect(note).toMatch(/^Approval waits for the client's documents/);
    expect(await page.getByText(note!).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('dead ends and jumps', () => {
  it('sends Back To Home to the page’s list when the tab has no console page behind it', async () => {
    const first = await signedInAs('ADMIN', '/');
    const tab = await first.context().newPage();
    const target = (await list('queue=due-diligence'))[0]!;
    await tab.goto(`${e2e.stack.url}/due-diligence/details/${target.id}`);
    await tab.getByRole('button', { name: 'Back To Home' }).click();
    await tab.waitForURL((url) => url.pathname === '/due-diligence');
    await tab.goto(`${e2e.stack.url}/registrations/${target.id}/verification/?step=signed_up`);
    await tab.getByRole('button', { name: 'Back To Home' }).click();
    await tab.waitForURL((url) => url.pathname === '/registrations');
    // With console pages behind it, it is history back.
    await tab.getByRole('link', { name: /^REG-/ }).first().click();
    await tab.getByRole('button', { name: 'Back To Home' }).click();
    await tab.waitForURL((url) => url.pathname === '/registrations');
    await first.context().close();
  });

  it('shows a missing record as a page with its list linked, and a malformed id as the same page without a toast or a call', async () => {
    const page = await signedInAs('ADMIN', '/');
    const calls = apiCalls(page, '/api/registrations/');
    await page.goto(`${e2e.stack.url}/due-diligence/details/99999`);
    await page.getByRole('heading', { name: 'Registration not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Due Diligence' }).click();
    await page.waitForURL((url) => url.pathname === '/due-diligence');

    calls.length = 0;
    await page.goto(`${e2e.stack.url}/due-diligence/details/abc`);
    await page.getByRole('heading', { name: 'Registration not found' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.Toastify__toast').count()).toBe(0);
    expect(calls.filter((path) => path.includes('/abc'))).toEqual([]);
    await page.goto(`${e2e.stack.url}/registrations/abc/verification/?step=signed_up`);
    await page.getByRole('link', { name: 'Go to Registration' }).waitFor();
    await page.context().close();
  });

  it('keeps a pasted search within the server’s limit, and never shows a stale pager beside a failed list', async () => {
    const page = await signedInAs('ADMIN', '/due-diligence');
    await rowsLoaded(page);
    const search = page.getByPlaceholder('Search by Company');
    await search.fill('llc '.repeat(80));
    expect((await search.inputValue()).length).toBe(MAX_SEARCH_LENGTH);
    await page.waitForURL((url) => (url.searchParams.get('search') ?? '').length > 0);
    expect(new URL(page.url()).searchParams.get('search')!.length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
    await page.getByText('No data to display').waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    await search.fill('');
    await rowsLoaded(page);
    await page.locator('.pagination__range').waitFor();
    await page.route((url) => url.pathname === '/api/registrations/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errorCode":"INTERNAL_ERROR","message":"Down."}' }));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.locator('.pagination').count()).toBe(0);
    await page.context().close();
  });

  it('starts a new page at the top of the list, and Back from a record puts the list where it was', async () => {
    const page = await signedInAs('ADMIN', '/due-diligence');
    await rowsLoaded(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction(() => document.querySelector('.pagination__range')?.textContent?.startsWith('Showing 21-'));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(100);
    await page.locator('.data-table__row-link').last().click();
    await page.waitForURL((url) => url.pathname.startsWith('/due-diligence/details/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/due-diligence' && url.searchParams.get('page') === '2');
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(left);
    await page.context().close();
  });

  it('keeps the review actions in place when Unassign becomes available', async () => {
    const target = await freshCase();
    const page = await signedInAs('ADMIN', `/due-diligence/details/${target.user_id}`);
    await page.getByRole('button', { name: 'Approve due diligence' }).waitFor();
    const boxes = () =>
      page.locator('.review-actions').evaluate((actions) =>
        [...actions.querySelectorAll('button, select')].map((control) => {
          const box = control.getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width };
        }),
      );
    const before = await boxes();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect.poll(() => page.getByTestId('assignee').textContent(), POLL).toBe(e2e.account('ADMIN').displayName);
    await page.getByRole('button', { name: 'Unassign' }).and(page.locator(':enabled')).waitFor();
    expect(await boxes()).toEqual(before);
    await page.context().close();
  });
});

describe('narrow windows', () => {
  const VIEWPORT = { width: 1024, height: 768 };

  it('works at 1024 x 768: the menu folds to icons, labelled on hover and for screen readers, and nothing scrolls sideways', async () => {
    const page = await signedInAs('ADMIN', '/due-diligence', VIEWPORT);
    await rowsLoaded(page);
    const sidebar = (await page.locator('.shell__sidebar').boundingBox())!;
    expect(sidebar.width).toBeLessThan(100);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Due Diligence', exact: true });
    const label = link.locator('.side-nav__label');
    await link.hover();
    const shown = (await label.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
    expect(shown.width).toBeGreaterThan(40);
    for (const path of ['/', '/due-diligence', '/registrations', '/pending-payments', '/users', `/due-diligence/details/${(await list('queue=due-diligence'))[0]!.id}`]) {
      await page.goto(`${e2e.stack.url}${path}`);
      await page.locator('#content h1, .top-bar__title').first().waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });

  it.each([
    { path: '/due-diligence', cells: '.data-table__body [role="row"] [role="cell"]:is(:nth-child(1), :nth-child(2), :nth-child(5))' },
    { path: '/users', cells: '.users-row [role="cell"]:is(:nth-child(2), :nth-child(3), :nth-child(6))' },
  ])('shows $path’s names, ids, e-mails and status chips whole at 1024 px', async ({ path, cells }) => {
    const page = await signedInAs('ADMIN', path, VIEWPORT);
    await page.locator(cells).first().waitFor();
    const cut = await page.locator(cells).evaluateAll((elements) =>
      elements
        .filter((element) =>
          [element, ...element.querySelectorAll('*')].some((part) => getComputedStyle(part).display !== 'inline' && part.scrollWidth > part.clientWidth + 1),
        )
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
    await page.context().close();
  });
});

describe('accounts', () => {
  it('shows an invited user as Invited, with a resend-link action that hands over a new link', async () => {
    const email = `invited-${Date.now()}@example.com`;
    expect((await api('POST', 'users/', { email, display_name: 'Still Invited', role: 'HR_MANAGER' })).status).toBe(201);
    const page = await signedInAs('ADMIN', `/users?search=${encodeURIComponent(email)}`);
    const row = page.locator('.users-row', { hasText: email });
    await expect(row.locator('.status-chip').textContent()).resolves.toBe('Invited');
    await row.getByRole('button', { name: 'Send Still Invited a new set-password link' }).click();
    await page.getByRole('dialog', { name: 'Send Still Invited a new link?' }).getByRole('button', { name: 'Create link' }).click();
    const shown = page.getByRole('dialog', { name: 'New link for Still Invited' });
    expect(new URL(await shown.getByLabel('Set-password link').inputValue()).pathname).toBe('/users/set-password');
    await shown.getByRole('button', { name: 'Done' }).click();
    // An active user has no such action.
    await page.goto(`${e2e.stack.url}/users?search=${encodeURIComponent(e2e.account('REVIEWER').email)}`);
    const active = page.locator('.users-row', { hasText: e2e.account('REVIEWER').email });
    await expect(active.locator('.status-chip').textContent()).resolves.toBe('Active');
    expect(await active.getByRole('button', { name: /new set-password link/ }).count()).toBe(0);
    await page.context().close();
  });

  it('shows a refused field’s reason as a sentence beside the field, never a raw pattern', async () => {
    const page = await signedInAs('ADMIN', '/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await dialog.getByLabel('Display name').fill('Someone');
    await dialog.getByLabel('Role').selectOption('BOOKKEEPER');
    const refused = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/users/');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const answer = (await (await refused).json()) as { field: string; message: string };
    expect(answer.field).toBe('email');
    const email = dialog.getByLabel('E-mail');
    const reason = dialog.locator('.field__error');
    await expect(reason.textContent()).resolves.toBe(answer.message);
    expect(answer.message).not.toMatch(/pattern|\^|\\s/);
    expect(await email.getAttribute('aria-describedby')).toContain(await reason.getAttribute('id'));
    await page.context().close();
  });
});

describe('smaller', () => {
  it('names the preview toggle by what it does, brings the preview into view, and titles the PDF viewer with the file name', async () => {
    const target = (await list('queue=due-diligence')).find((item) => item.status === 'Pending Due Diligence')!;
    const data = await review(target.id);
    const pdf = data.documents.find((document) => document.content_type === 'application/pdf')!;
    const page = await signedInAs('ADMIN', `/due-diligence/details/${target.id}`, { width: 1024, height: 768 });
    // Keeps each object the page makes a URL for, so the test can read the very bytes the frame is given.
    await page.evaluate(() => {
      const previewBlobs = new Map<string, Blob>();
      const create = URL.createObjectURL.bind(URL);
      Object.assign(window, { previewBlobs });
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = create(object);
        if (object instanceof Blob) previewBlobs.set(url, object);
        return url;
      };
    });
    const toggle = page.getByRole('button', { name: `Preview ${pdf.file_name}` });
    await toggle.click();
    const hide = page.getByRole('button', { name: `Hide the preview of ${pdf.file_name}` });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const frame = page.locator('iframe.file-preview__frame');
    await frame.waitFor();
    await expect
      .poll(
        () =>
          frame.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.top < window.innerHeight;
          }),
        POLL,
      )
      .toBe(true);
    expect(await frame.getAttribute('title')).toBe(pdf.file_name);
    // Chromium's viewer titles a PDF with its /Title, else with its address's last part: a blob: URL's random id.
    // What the frame shows carries the file name as its /Title, read back with pdfjs-dist in any browser.
    // (The blob is read from the object behind its URL: a fetch of a blob: URL is not the page's to make under its CSP.)
    const shown = await frame.evaluate(async (element) => {
      const blob = (window as unknown as { previewBlobs: Map<string, Blob> }).previewBlobs.get((element as HTMLIFrameElement).src);
      const bytes = new Uint8Array(blob ? await blob.arrayBuffer() : []);
      return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    });
    expect(await pdfTitle(Uint8Array.from(shown, (char) => char.charCodeAt(0)))).toBe(pdf.file_name);
    // A browser with a PDF viewer shows that title; the headless shell (the bundled Chromium) has none.
    if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
      await expect
        .poll(async () => {
          const viewer = page.frames().find((candidate) => candidate.url().startsWith('chrome-extension://'));
          return viewer ? viewer.title() : null;
        }, POLL)
        .toBe(pdf.file_name);
    }
    await hide.click();
    await frame.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('puts the focus on the page’s heading after opening a row with the keyboard, and has a Skip to content link', async () => {
    const page = await signedInAs('ADMIN', '/due-diligence');
    await rowsLoaded(page);
    await page.locator('.data-table__row-link').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/due-diligence/details/'));
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), POLL).toBe('H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await heading.textContent());

    // From the top of a freshly loaded page, the first Tab reaches the skip link.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.context().close();
  });

  it('offers nothing to act on in an empty notification panel', async () => {
    const { email, password } = await staffUser('HR_MANAGER', 'No News');
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/auth/login`);
    await signInThroughForm(page, { email, password });
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await panel.getByText('No notifications yet').waitFor();
    expect(await panel.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'View all notifications' }).count()).toBe(0);
    await page.context().close();
  });

  it('makes the chat’s Schedule a meeting card ask the team for a role without the Call Schedule page', async () => {
    const page = await signedInAs('BOOKKEEPER', '/');
    await page.getByRole('button', { name: 'Chat assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat assistant' });
    await dialog.getByRole('button', { name: /Schedule a meeting/ }).click();
    await dialog.getByRole('log', { name: 'Conversation' }).getByText('I would like to schedule a meeting with the team.').waitFor();
    await dialog.getByText('Thanks for your message! A member of our team will get back to you shortly.').waitFor({ timeout: 5000 });
    await page.context().close();
  });

  it('builds avatar initials from the first letters of a name that starts with punctuation or markup', async () => {
    const email = `initials-${Date.now()}@example.com`;
    expect((await api('POST', 'users/', { email, display_name: '<b>Zed</b> "Quinn"', role: 'MARKETING' })).status).toBe(201);
    const page = await signedInAs('ADMIN', `/users?search=${encodeURIComponent(email)}`);
    const row = page.locator('.users-row', { hasText: email });
    await expect(row.locator('.avatar').textContent()).resolves.toBe('ZQ');
    await page.context().close();
  });

  it('reads users/me once per page load and users/{id}/status once on a verification page', async () => {
    const page = await signedInAs('ADMIN', '/');
    const calls = apiCalls(page);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForTimeout(1000);
    expect(calls.filter((path) => path === '/api/users/me')).toHaveLength(1);

    calls.length = 0;
    const target = (await list('queue=due-diligence'))[0]!;
    await page.goto(`${e2e.stack.url}/registrations/${target.id}/verification/?step=documents_submitted`);
    await page.getByRole('navigation', { name: 'Registration verification' }).getByRole('list').waitFor();
    await page.getByRole('heading', { name: 'Documents Submitted', level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    expect(calls.filter((path) => path === '/api/users/me')).toHaveLength(1);
    expect(calls.filter((path) => path === `/api/users/${target.id}/status`)).toHaveLength(1);
    await page.context().close();
  });
});
