/**
 * The Users page in Chromium against the real stack: infinite scrolling page by page to the last page,
 * search and role filter kept in the URL across a reload, inviting a user who then sets a password and
 * signs in with exactly that role's navigation, and a deactivated user's next call ending their session; an
 * ADMIN signing another's open tab out everywhere (confirmed with a fresh code), which leaves within seconds
 * saying why, after the new user saved their recovery codes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import type { StaffUser } from '../../common/contract/users.ts';
import type { StaffRole } from '../../common/roles.ts';
import { EXPECTED_NAVIGATION } from '../support/expected-navigation.ts';
import { demoTotpSecret } from '../../backend/src/demo/accounts.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../../backend/src/modules/security/totp.ts';
import { shoot, signIn, signInThroughForm, startE2E, visibleNavigation, seriousViolations, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('users');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});


const userListCalls = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/users/' && request.method() === 'GET';
};
const rows = (page: Page) => page.locator('.users-row');

/** Invites through the dialog and answers the set-password link the dialog shows. */
async function inviteThroughDialog(page: Page, email: string, name: string, role: StaffRole): Promise<string> {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Display name').fill(name);
  await dialog.getByLabel('Role').selectOption(role);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const done = page.getByRole('dialog', { name: 'Invitation created' });
  const link = await done.getByLabel('Set-password link').inputValue();
  await done.getByRole('button', { name: 'Done' }).click();
  return link;
}

/** Opens the link in a fresh browser, sets the password, and signs in with it. */
async function acceptInvitation(link: string, email: string, password: string): Promise<Page> {
  const { page } = await e2e.newPage();
  await page.goto(link);
  await page.getByText(`For ${email}`).waitFor();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await signInThroughForm(page, { email, password });
  return page;
}

describe('the list', () => {
  it('loads page 1, then the next pages while scrolling, and stops at the last page', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await rows(page).first().waitFor();
    // Count only the new document's calls: the sign-in's page may still be filling the screen with its page 2.
    const requested: URL[] = [];
    let navigated = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigated = true;
    });
    const first = page.waitForResponse((response) => userListCalls(response.request()) && new URL(response.url()).searchParams.get('page') === '1');
    page.on('request', (request) => {
      if (navigated && userListCalls(request)) requested.push(new URL(request.url()));
    });
    await page.goto(`${e2e.stack.url}/users`);
    const total = ((await (await first).json()) as ListPage<StaffUser>).count;
    expect(total).toBeGreaterThan(40);
    await rows(page).first().waitFor();

    const footer = page.getByText(`All ${total} users shown`);
    for (let attempt = 0; attempt < 20 && !(await footer.isVisible()); attempt += 1) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(400);
    }
    await footer.waitFor();
    // A last scroll at the end asks for nothing more.
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(600);
    expect(requested.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(requested.every((url) => url.searchParams.get('role__not__in') === 'CLIENT_ACCOUNT_MANAGER,CLIENT')).toBe(true);
    // The virtualiser keeps only a screenful of the rows in the page.
    expect(await rows(page).count()).toBeLessThan(total);
    await page.context().close();
  });

  it('keeps the search and the role filter in the URL across a reload, from page 1', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await rows(page).first().waitFor();
    // Every row added once the first filter is clicked must belong to the filtered query: no row of the old one
    // may show. (Before the click the unfiltered list may still be filling the screen with its next page.)
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { addedRoles: string[] }).addedRoles = seen;
      let filtering = false;
      document.addEventListener('click', () => (filtering = true), { capture: true, once: true });
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) {
            if (filtering && node instanceof HTMLElement && node.matches('.users-row')) seen.push(node.querySelectorAll('[role="cell"]')[3]?.textContent ?? '');
          }
        }
      }).observe(document.querySelector('.users-table')!, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Reviewer', exact: true }).click();
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByLabel('Search users').fill('A');
    await page.waitForURL((url) => url.searchParams.get('search') === 'a' && url.searchParams.get('roles') === 'ADMIN,REVIEWER');
    await expect(page.getByLabel('Search users').inputValue()).resolves.toBe('a');

    const check = async () => {
      await page.getByText(/^All \d+ users shown$/).waitFor();
      const roles = await page.locator('.users-row [role="cell"]:nth-child(4)').allTextContents();
      expect(roles.length).toBeGreaterThan(0);
      expect(new Set(roles)).toEqual(new Set(['Admin', 'Reviewer']));
    };
    await check();
    const added = await page.evaluate(() => (window as unknown as { addedRoles: string[] }).addedRoles);
    expect(added.length).toBeGreaterThan(0);
    expect(added.filter((role) => role !== 'Admin' && role !== 'Reviewer')).toEqual([]);
    const reloaded = page.waitForRequest((request) => userListCalls(request));
    await page.reload();
    const url = new URL((await reloaded).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ page: '1', search: 'a', role__in: 'ADMIN,REVIEWER' });
    await expect(page.getByRole('button', { name: 'Reviewer', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: 'Bookkeeper', exact: true }).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(page.getByLabel('Search users').inputValue()).resolves.toBe('a');
    await check();
    await page.context().close();
  });
});

describe('administration', () => {
  it('invites a user who sets a password through the link and signs in with exactly that role’s navigation', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await rows(page).first().waitFor();
    const email = `invited-reviewer-${Date.now()}@example.com`;
    const link = await inviteThroughDialog(page, email, 'Invited Reviewer', 'REVIEWER');
    expect(new URL(link).origin).toBe(e2e.stack.url);
    expect(new URL(link).pathname).toBe('/users/set-password');

    const invited = await acceptInvitation(link, email, 'reviewer-password');
    await invited.waitForURL((url) => url.pathname === EXPECTED_NAVIGATION.REVIEWER.lands);
    expect(await visibleNavigation(invited)).toEqual(EXPECTED_NAVIGATION.REVIEWER.entries);
    await invited.context().close();

    await page.getByLabel('Search users').fill(email);
    await expect(rows(page).filter({ hasText: email }).locator('[role="cell"]').nth(3).textContent()).resolves.toBe('Reviewer');
    await page.context().close();
  });

  it('refuses a duplicate e-mail in the dialog with the server’s explanation', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('E-mail').fill('Reviewer@example.com');
    await dialog.getByLabel('Display name').fill('Someone');
    await dialog.getByLabel('Role').selectOption('BOOKKEEPER');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('A user with the e-mail reviewer@example.com already exists.');
    await page.context().close();
  });

  it('ends a deactivated user’s session on their next call, saying why, with a return to login', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await rows(page).first().waitFor();
    const email = `to-deactivate-${Date.now()}@example.com`;
    const link = await inviteThroughDialog(page, email, 'Soon Gone', 'ADMIN');
    const victim = await acceptInvitation(link, email, 'gone-password');
    await victim.goto(`${e2e.stack.url}/users`);
    await rows(victim).first().waitFor();

    await page.getByLabel('Search users').fill(email);
    const row = rows(page).filter({ hasText: email });
    await row.getByRole('button', { name: 'Deactivate Soon Gone' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Soon Gone?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Deactivated').waitFor();

    const refused = victim.waitForResponse((response) => userListCalls(response.request()) && response.status() === 401);
    await victim.getByLabel('Search users').fill('anyone');
    await refused;
    // The refused token refresh says the account was disabled: the user is told that, not only that the session ended.
    await victim.getByText('This account has been disabled. Please contact your administrator.').waitFor();
    await victim.waitForURL((url) => url.pathname === '/auth/login' && (url.searchParams.get('next') ?? '').startsWith('/users'));
    await victim.context().close();

    await row.getByRole('button', { name: 'History of Soon Gone' }).click();
    const history = page.getByRole('dialog', { name: 'History of Soon Gone' });
    await history.locator('.user-history__item').nth(1).waitFor();
    // Their first sign-in set up the second factor, and is on their record too.
    await expect(history.locator('.user-history__what').allTextContents()).resolves.toEqual(['Deactivated', 'Signed in with the second factor', 'Set up the second factor', 'Invited as Admin']);
    await page.context().close();
  });
});

/**
 * The ADMIN's step-up code in a confirmation: the demo ADMIN's code of this step, or of the next when other
 * files' sign-ins used it already (a code is good once), as the second factor's own helper does.
 */
async function enterStepUp(page: Page, dialog: ReturnType<Page['getByRole']>, submit: string): Promise<void> {
  const step = TOTP_PERIOD_SECONDS * 1000;
  const used = dialog.getByRole('alert').filter({ hasText: 'used already' });
  for (let ahead = 0; ahead < 4; ahead += 1) {
    if (ahead === 2) await page.waitForTimeout(step - (Date.now() % step) + 200);
    await dialog.getByLabel('Your code').fill(codeAt(demoTotpSecret('admin@example.com'), (Math.floor(Date.now() / step) + (ahead % 2)) * step));
    await dialog.getByRole('button', { name: submit }).click();
    const outcome = await Promise.race([dialog.waitFor({ state: 'detached' }).then(() => 'done' as const), used.waitFor().then(() => 'used' as const)]);
    if (outcome === 'done') return;
  }
  throw new Error('every step-up code was refused as used');
}

describe('sessions and the second factor', () => {
  it('signs an open tab out within seconds when an ADMIN ends its sessions, confirmed with a fresh code, saying who ended it', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await rows(page).first().waitFor();
    const email = `open-tab-${Date.now()}@example.com`;
    const link = await inviteThroughDialog(page, email, 'Open Tab', 'BOOKKEEPER');

    // The new user sets a password, signs in and sets up the second factor: the recovery codes are laid out
    // inside their box, and can be copied, downloaded and printed.
    const { page: victim } = await e2e.newPage();
    await victim.goto(link);
    await victim.getByLabel('New password').fill('open-tab-password');
    await victim.getByLabel('Confirm password').fill('open-tab-password');
    await victim.getByRole('button', { name: 'Set password' }).click();
    await victim.waitForURL((url) => url.pathname === '/auth/login');
    await signIn(victim, email, 'open-tab-password');
    await victim.getByRole('button', { name: 'Set up now' }).click();
    const secret = (await victim.getByTestId('second-factor-secret').textContent())!.replace(/\s/g, '');
    await victim.locator('#second-factor-confirm').fill(codeAt(secret, Date.now()));
    await victim.getByRole('button', { name: 'Confirm' }).click();
    const codes = victim.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    const box = (await codes.boundingBox())!;
    const shown = await codes.locator('code').all();
    expect(shown).toHaveLength(10);
    for (const code of shown) {
      const edge = (await code.boundingBox())!;
      expect(edge.x + edge.width).toBeLessThanOrEqual(box.x + box.width);
      expect(edge.x).toBeGreaterThanOrEqual(box.x);
    }
    const texts = await codes.locator('code').allTextContents();
    const download = victim.waitForEvent('download');
    await victim.getByRole('button', { name: 'Download .txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('staff-console-recovery-codes.txt');
    const saved = await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        const parts: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => parts.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        stream.on('error', reject);
      }, reject);
    });
    for (const code of texts) expect(saved).toContain(code);
    await victim.getByRole('button', { name: 'Copy' }).waitFor();
    await victim.getByRole('button', { name: 'Print' }).waitFor();
    await shoot(victim, 'recovery-codes');
    await victim.getByLabel('I have saved my recovery codes').check();
    await victim.getByRole('button', { name: 'Continue to the console' }).click();
    await victim.getByRole('navigation', { name: 'Main' }).waitFor();

    // The ADMIN asks to sign them out everywhere: a confirmation first, nothing ended by the click itself.
    await page.getByLabel('Search users').fill(email);
    const row = rows(page).filter({ hasText: email });
    await row.getByRole('button', { name: 'History of Open Tab' }).click();
    await page.getByRole('dialog', { name: 'History of Open Tab' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign Open Tab out everywhere?' });
    await confirm.getByLabel('Your code').waitFor();
    await shoot(page, 'users-sign-out-confirm');
    await page.waitForTimeout(1000);
    expect(new URL(victim.url()).pathname).not.toBe('/auth/login');

    await enterStepUp(page, confirm, 'Sign out everywhere');
    const endedAt = Date.now();
    // The open tab, untouched, leaves by itself: its notification stream heard the sessions end.
    await victim.getByText('Your session was ended by an administrator.').first().waitFor({ timeout: 15_000 });
    await victim.waitForURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });
    expect(Date.now() - endedAt).toBeLessThan(15_000);
    await page.getByRole('dialog', { name: 'History of Open Tab' }).getByText('Signed out everywhere').waitFor();
    await victim.context().close();

    // Their own sessions, and their own 'Sign out everywhere', on Settings.
    await page.goto(`${e2e.stack.url}/settings`);
    await page.getByRole('list', { name: 'Your sessions' }).getByText('this browser').waitFor();
    await shoot(page, 'settings-sessions');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).waitFor();
    await shoot(page, 'settings-sign-out-confirm');
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Cancel' }).click();

    // A bulk change of role asks for the same fresh code as a single one, in its confirmation.
    await page.goto(`${e2e.stack.url}/users?roles=MARKETING`);
    await page.locator('.users-row').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Change role' }).click();
    const bulk = page.getByRole('dialog');
    await bulk.getByLabel('Your code').waitFor();
    await shoot(page, 'users-bulk-role-code');
    await bulk.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  }, 240_000);
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on the list, with a filter on, and in the invite dialog', async () => {
    const page = await e2e.signedInAs('ADMIN', '/users');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Marketing', exact: true }).click();
    await page.getByText(/^All \d+ users shown$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByRole('dialog', { name: 'Invite a staff member' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);
});
