/**
 * The console in Chromium against the real stack (gateway with its CSP, reference back end, Auth emulator):
 * sign-in per role, navigation, guard, 404, deep links, logout, wrong password, accessibility and CSP.
 */
import { LAST_ACTIVITY_KEY } from '../../client/src/lib/idle-watch.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { forbiddenPageMessage } from '../../common/access.ts';
import type { StaffRole } from '../../common/roles.ts';
import { signIn, signInThroughForm, startE2E, visibleNavigation, seriousViolations, type E2E } from './helpers.ts';
import { EXPECTED_NAVIGATION } from '../support/expected-navigation.ts';
import { emulatorFetch } from '../../scripts/lib/emulator-fetch.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('console');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** A call to the Auth emulator's REST API (the same API Firebase's servers offer). */
async function identity(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await emulatorFetch(`http://${e2e.stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: (await response.json()) as unknown };
}

describe('sign-in per staff role', () => {
  it.each(Object.keys(EXPECTED_NAVIGATION) as StaffRole[])('%s lands on its first entry and sees exactly its navigation', async (role) => {
    const page = await e2e.signedInAs(role);
    await page.waitForURL((url) => url.pathname === EXPECTED_NAVIGATION[role].lands);
    expect(await visibleNavigation(page)).toEqual(EXPECTED_NAVIGATION[role].entries);
    const { displayName } = e2e.account(role);
    await expect(page.locator('.user-block__name').textContent()).resolves.toBe(displayName);
    await page.context().close();
  });
});

describe('guard and routing', () => {
  it('redirects a forbidden route to the role’s first entry, saying why', async () => {
    const page = await e2e.signedInAs('MARKETING');
    await page.goto(`${e2e.stack.url}/users`);
    await page.waitForURL((url) => url.pathname === '/crm');
    await expect(page.locator('.top-bar__title').textContent()).resolves.toBe('CRM');
    await page.getByText(forbiddenPageMessage('Users')).waitFor();
    await page.context().close();
  });

  it('shows the not-found page on an unknown path, with a way home', async () => {
    const page = await e2e.signedInAs('BOOKKEEPER');
    await page.goto(`${e2e.stack.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.getByText('404', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("The page you are looking for doesn't exist.").isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Take me home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.context().close();
  });

  it('returns to a deep link after sign-in, with Back To Home on the deeper page', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/due-diligence/details/4`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(pathOf(page)).toBe('/auth/login?next=%2Fdue-diligence%2Fdetails%2F4');
    await signInThroughForm(page, e2e.account('BD_MANAGER'));
    await page.waitForURL((url) => url.pathname === '/due-diligence/details/4');
    await page.getByRole('button', { name: 'Back To Home' }).waitFor();
    const highlighted = page.locator('.side-nav__link--active');
    await expect(highlighted.textContent()).resolves.toBe('Due Diligence');
    await page.context().close();
  });

  it('does not follow a deep link the role may not open', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/users`);
    await page.locator('#login-email').waitFor();
    await signInThroughForm(page, e2e.account('HR_MANAGER'));
    await page.waitForURL((url) => url.pathname === '/unsynced-inv');
    await page.context().close();
  });

  it('logs out to /auth/login, after which protected pages send you back there', async () => {
    const page = await e2e.signedInAs('REVIEWER');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.locator('#login-email').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${e2e.stack.url}/tasks`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(pathOf(page)).toBe('/auth/login?next=%2Ftasks');
    await page.locator('#login-email').waitFor();
    await page.context().close();
  });

  it('says so when the password is wrong, and keeps the user on the login page', async () => {
    const page = await e2e.openLogin();
    await signIn(page, e2e.account('ADMIN').email, 'not-the-password');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Incorrect email or password.');
    expect(pathOf(page)).toBe('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' }).isEnabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('answers an unknown e-mail exactly as a wrong password, so the page does not tell which staff e-mails exist', async () => {
    const page = await e2e.openLogin();
    await signIn(page, `nobody-${Date.now()}@example.com`, 'not-the-password');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Incorrect email or password.');
    await page.context().close();
  });

  it('resets a forgotten password through the provider, answering the same whether the account exists or not', async () => {
    const email = `forgot-${Date.now()}@example.com`;
    expect((await identity('accounts:signUp', { email, password: 'old-password-1' })).ok).toBe(true);
    const page = await e2e.openLogin();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgot-password');

    // An unknown address: the same answer, and (in the demo) no link, since no code was made.
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/^If an account exists for nobody-\d+@example\.com, we have sent it a link/);
    expect(await page.getByRole('link', { name: 'Open the reset link' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      `If an account exists for ${email}, we have sent it a link to reset the password. The link opens this console's set-password page.`,
    );
    await page.getByRole('link', { name: 'Open the reset link' }).click();
    await page.waitForURL((url) => url.pathname === '/users/set-password' && url.searchParams.get('mode') === 'resetPassword');
    await page.getByText(`For ${email}`).waitFor();
    await page.getByLabel('New password').fill('new-password-2');
    await page.getByLabel('Confirm password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect((await identity('accounts:signInWithPassword', { email, password: 'old-password-1', returnSecureToken: true })).ok).toBe(false);
    expect((await identity('accounts:signInWithPassword', { email, password: 'new-password-2', returnSecureToken: true })).ok).toBe(true);
    await page.context().close();
  });

  it('tells a disabled account so', async () => {
    const email = `disabled-${Date.now()}@example.com`;
    const created = await identity('accounts:signUp', { email, password: 'some-password' });
    const localId = (created.body as { localId?: string }).localId;
    const disabled = await identity(`projects/${e2e.stack.projectId}/accounts:update`, { localId, disableUser: true }, { authorization: 'Bearer owner' });
    expect(disabled.ok).toBe(true);
    const page = await e2e.openLogin();
    await signIn(page, email, 'some-password');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('This account has been disabled. Please contact your administrator.');
    await page.context().close();
  });

  it('signs a provider account without a staff user out again, with the access-denied toast', async () => {
    const email = `no-staff-user-${Date.now()}@example.com`;
    expect((await identity('accounts:signUp', { email, password: 'some-password' })).ok).toBe(true);
    const page = await e2e.openLogin();
    await signIn(page, email, 'some-password');
    const toast = page.locator('.Toastify__toast--error');
    await expect(toast.textContent()).resolves.toBe('Access Denied - You do not have permission to access this resource.');
    await expect(page.getByRole('button', { name: 'Sign in' }).isEnabled()).resolves.toBe(true);
    expect(pathOf(page)).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('refreshes the ID token 5 minutes before it expires, staying signed in', async () => {
    const { page } = await e2e.newPage();
    // A controllable clock from the start, so the hour of the token's life can be skipped.
    await page.clock.install();
    await page.goto(`${e2e.stack.url}/auth/login`);
    await signInThroughForm(page, e2e.account('BOOKKEEPER'));
    const first = await page.evaluate(() => localStorage.getItem('token'));
    // An hour without input would be the idle sign-out's: this test is about the refresh, so the
    // shared last-input time is put after the skip.
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() + 2 * 3_600_000)), LAST_ACTIVITY_KEY);
    await page.clock.fastForward('54:00');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(first);
    await page.clock.fastForward('01:30');
    await page.waitForFunction((previous) => localStorage.getItem('token') !== previous, first);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/users/me', { headers: { authorization: `Firebase ${localStorage.getItem('token')}` } });
      return response.status;
    });
    expect(status).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(page.locator('.top-bar__title').textContent()).resolves.toBe('Tasks');
    expect(pathOf(page)).toBe('/tasks');
    await page.context().close();
  });

  it('opens Search everywhere with Ctrl+K and from the top bar with the focus in its field, every time', async () => {
    const page = await e2e.signedInAs('ADMIN');
    await page.goto(`${e2e.stack.url}/faqs`);
    await page.locator('.top-bar__title').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Search everywhere' });
    const field = dialog.getByRole('combobox', { name: 'Search everywhere' });
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    for (let round = 0; round < 2; round += 1) {
      await page.keyboard.press('Control+k');
      await dialog.waitFor();
      await expect.poll(focusedLabel).toBe('Search everywhere');
      // What the user types goes into the field at once, without clicking into it.
      await page.keyboard.type('faq');
      await expect(field.inputValue()).resolves.toBe('faq');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /Search everywhere/ }).click();
      await dialog.waitFor();
      await expect.poll(focusedLabel).toBe('Search everywhere');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.context().close();
  });

  it('keeps the signed-in session across a reload, with the access token in localStorage', async () => {
    const page = await e2e.signedInAs('ADMIN');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\./);
    await page.goto(`${e2e.stack.url}/faqs`);
    await expect(page.locator('.top-bar__title').textContent()).resolves.toBe('FAQs');
    await page.context().close();
  });
});

describe('set-password link', () => {
  it('checks the policy, sets the password from the e-mailed link, and the new password signs in', async () => {
    const email = `set-password-${Date.now()}@example.com`;
    expect((await identity('accounts:signUp', { email, password: 'first-password' })).ok).toBe(true);
    expect((await identity('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email })).ok).toBe(true);
    const codes = (await (await emulatorFetch(`http://${e2e.stack.authEmulatorHost}/emulator/v1/projects/${e2e.stack.projectId}/oobCodes`)).json()) as {
      oobCodes: { email: string; oobCode: string }[];
    };
    const oobCode = codes.oobCodes.findLast((code) => code.email === email)?.oobCode;
    expect(oobCode).toBeTruthy();

    const { page } = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/users/set-password?mode=resetPassword&oobCode=${oobCode}`);
    await page.getByText(`For ${email}`).waitFor();
    await page.getByLabel('New password').fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('6 characters');

    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Confirm password').fill('second-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect((await identity('accounts:signInWithPassword', { email, password: 'second-password' })).ok).toBe(true);
    expect((await identity('accounts:signInWithPassword', { email, password: 'first-password' })).ok).toBe(false);
    await page.context().close();
  });

  it('says so when the link is not valid', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/users/set-password?mode=resetPassword&oobCode=not-a-code`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('This link is invalid or has already been used. Ask for a new one.');
    await page.context().close();
  });
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on the login page', async () => {
    const page = await e2e.openLogin();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('finds no serious or critical violation on the shell, with groups and notifications open', async () => {
    const page = await e2e.signedInAs('ADMIN');
    await visibleNavigation(page);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('region', { name: 'Notifications', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);
});
