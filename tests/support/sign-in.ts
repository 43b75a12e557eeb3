/**
 * Signing in through the console's login form, as a user does: the browser tests (through tests/e2e/helpers.ts)
 * and the page-load bench. Apart from the browser tests' helpers, which register vitest hooks when imported.
 */
import type { Page } from 'playwright-core';
import { passSecondFactor } from './totp.ts';

/** Fills in and sends the login form: an attempt, which the console may refuse (see signInThroughForm for one that succeeds). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs `account` in through the login form shown on `page`, up to the signed-in frame: every successful
 * sign-in through the form, so a step added to it lands here once.
 */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await signIn(page, account.email, account.password);
  await passSecondFactor(page, account.email);
  await signedInFrame(page).waitFor();
}

/**
 * The signed-in console, once the profile is in: the side navigation, or on a verification page (whose left
 * column is the stepper) the role under the user's name. The shell renders only for a staff role, both in
 * the same render.
 */
export function signedInFrame(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).or(page.locator('.user-block__role')).first();
}
