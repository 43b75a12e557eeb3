/**
 * The second step of a staff sign-in in the browser tests, with real codes: a demo account's code
 * from its demo secret (demo/accounts.ts), as `npm run demo:code` prints it; an account without a second
 * factor yet enrols on the page (the key it shows, a code from it, the recovery codes acknowledged).
 *
 * A code is good once per 30-second step, and several tests sign the same demo account in within one: a code
 * refused as used is followed by the next step's (the server allows one step of clock drift), and when that
 * is used too, the next step is waited for; one refused as not current (sent across a step's end) by the
 * current step's.
 *
 * The demo accounts are shared by every browser file's stack through the run's one Auth emulator, and a passed
 * code is marked on the account's custom claim (read, then written): when two files' stacks pass the same
 * account's code at once, one write can drop the other's mark, and that sign-in, though its code was
 * accepted, is asked for a code again (its profile says the second factor is missing). That is answered as a
 * used code is: with the next one. In production one database's lock on the account orders these writes.
 */
import type { Page, Response } from 'playwright-core';
import { API_BASE } from '../../common/contract/http.ts';
import { requestOf } from '../../common/contract/endpoint.ts';
import { usersRoutes } from '../../common/contract/users-paths.ts';
import type { Me } from '../../common/contract/users.ts';
import { demoTotpSecret } from '../../backend/src/demo/accounts.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../../backend/src/modules/security/totp.ts';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/**
 * A passed code refreshes the token through the run's one Auth emulator, which every test file shares, and
 * reads the profile before the prompt goes: on a loaded machine that once took over 30 s.
 */
const OUTCOME_TIMEOUT_MS = 60_000;
const ME_PATH = `${API_BASE}${requestOf(usersRoutes.me).path}`;

/** A profile read saying the sign-in still lacks its code: after a code was accepted, its mark was lost. */
async function asksAgain(response: Response): Promise<boolean> {
  if (new URL(response.url()).pathname !== ME_PATH || !response.ok()) return false;
  return ((await response.json()) as Me).second_factor_missing;
}

/** After the password was sent: answers the code prompt or enrols, whichever the console shows; nothing when it shows neither. */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  const prompt = page.locator('#second-factor-code');
  const setUp = page.getByRole('button', { name: 'Set up now' });
  const signedIn = page.getByRole('navigation', { name: 'Main' }).or(page.locator('.user-block__role'));
  const refused = page.locator('.auth-form [role="alert"]').or(page.locator('.Toastify__toast--error'));
  await prompt.or(setUp).or(signedIn).or(refused).first().waitFor({ timeout: OUTCOME_TIMEOUT_MS });
  if (await setUp.isVisible()) return enrol(page);
  if (!(await prompt.isVisible())) return;
  await enterCode(page, demoTotpSecret(email));
}

async function enterCode(page: Page, secret: string): Promise<void> {
  const prompt = page.locator('#second-factor-code');
  // The form's own alert (typing clears it), not the toast, which outlives the attempt.
  const used = page.locator('.auth-form [role="alert"]').filter({ hasText: 'used already' });
  // The code field's own error: a code of a step outside the server's window (sent across a step's end).
  const wrong = page.locator('.auth-form').getByText('is not the current code');
  let ahead = 0;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const step = Math.floor(Date.now() / STEP_MS) + ahead;
    await prompt.fill(codeAt(secret, step * STEP_MS));
    // Only a passed code reads the profile again (the prompt had read it before): set before the click.
    const askedAgain = page.waitForResponse(asksAgain, { timeout: OUTCOME_TIMEOUT_MS }).then(
      () => 'asked again' as const,
      () => 'timeout' as const,
    );
    await page.getByRole('button', { name: 'Verify' }).click();
    const outcome = await Promise.race([
      askedAgain,
      prompt.waitFor({ state: 'detached', timeout: OUTCOME_TIMEOUT_MS }).then(
        () => 'passed' as const,
        () => 'timeout' as const,
      ),
      used.waitFor({ timeout: OUTCOME_TIMEOUT_MS }).then(
        () => 'used' as const,
        () => 'timeout' as const,
      ),
      wrong.waitFor({ timeout: OUTCOME_TIMEOUT_MS }).then(
        () => 'wrong' as const,
        () => 'timeout' as const,
      ),
    ]);
    if (outcome === 'passed') return;
    if (outcome === 'timeout') {
      const shown = await page.locator('.auth-form').innerText().catch(() => '(no form)');
      throw new Error(`the second factor gave no answer within ${OUTCOME_TIMEOUT_MS / 1000} s; the form shows: ${shown.replace(/\s+/g, ' ')}`);
    }
    if (outcome === 'wrong') ahead = 0;
    // Used, or passed but its mark lost: this step's code is spent.
    else if (ahead === 0) ahead = 1;
    else {
      // Both this step's code and the next one's were used: wait for the step after.
      await page.waitForTimeout(STEP_MS - (Date.now() % STEP_MS) + 200);
    }
  }
  throw new Error('the second factor refused every code');
}

async function enrol(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set up now' }).click();
  const secret = (await page.getByTestId('second-factor-secret').textContent())!.replace(/\s/g, '');
  await page.locator('#second-factor-confirm').fill(codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
}
