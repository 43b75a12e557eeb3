/**
 * AML due diligence in the browser (issue 31): on the demo registration waiting for its owners, a reviewer
 * adds an owner, sees them screened against the demo lists (a potential match on the UN list), decides it is
 * a false positive, rates the risk, and approves once the checklist beside the actions is clear.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Parties } from '../../common/contract/aml.ts';
import type { RegistrationListItem } from '../../common/contract/registrations.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { signInThroughForm, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;
let token: string;

beforeAll(async () => {
  e2e = await startE2E('aml');
  const { email, password } = e2e.account('ADMIN');
  // Its sign-in past the second factor (issue 33), as the code check leaves it.
  token = await emulatorIdToken(e2e.stack.authEmulatorHost, email, password);
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.stack.url}/api/${path}`, { headers: { authorization: `Firebase ${token}` } });
  return (await response.json()) as T;
}

/** The demo's registration waiting for its owners: the one in due diligence without parties. */
async function walkRegistration(): Promise<number> {
  const list = await api<ListPage<RegistrationListItem>>('registrations/?stage=documents_submitted&status=active&page_size=100');
  for (const item of list.results) {
    if ((await api<Parties>(`registrations/${item.id}/parties`)).parties.length === 0) return item.id;
  }
  throw new Error('no registration without parties in the demo');
}

describe('AML due diligence', () => {
  it('adds an owner, sees the screening, decides a potential match, rates the risk and approves', async () => {
    const userId = await walkRegistration();
    const { page } = await e2e.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${e2e.stack.url}/auth/login`);
    await signInThroughForm(page, e2e.account('ADMIN'));
    await page.goto(`${e2e.stack.url}/due-diligence/details/${userId}`);

    const checklist = page.getByRole('region', { name: 'Due diligence checklist' });
    await checklist.getByText("Add the client's owners, directors and signatories").waitFor();

    await page.getByRole('button', { name: 'Add party' }).click();
    const add = page.getByRole('dialog', { name: 'Add a party' });
    await add.getByLabel('Full name (Latin letters)').fill('Yusuf Hussain Khalil');
    await add.getByLabel('Date of birth').fill('1985-06-01');
    await add.getByLabel('Nationality (country code, e.g. AE)').fill('IQ');
    await add.getByLabel('Manager').check();
    await add.getByLabel('Share (%)').fill('100');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'detached' });

    const screening = page.getByRole('region', { name: 'Sanctions screening' });
    await screening.getByText('QDi.902', { exact: false }).first().waitFor();
    await screening.getByText('Date of birth differs (1968-03-14)').waitFor();
    await expect(checklist.getByText('Decide the potential match of Yusuf Hussain Khalil (QDi.902)').isVisible()).resolves.toBe(true);

    await screening.getByRole('button', { name: 'False positive' }).click();
    const decide = page.getByRole('dialog', { name: 'Mark as a false positive?' });
    await decide.getByLabel('Reason (required)').fill('Born 1985; the listed person was born in 1968.');
    await decide.getByRole('button', { name: 'False positive' }).click();
    await decide.waitFor({ state: 'detached' });
    await screening.getByText(/False positive by .*: Born 1985/).waitFor();

    await page.getByRole('button', { name: 'Rate risk' }).click();
    const rate = page.getByRole('dialog', { name: 'Rate the risk' });
    await rate.getByLabel('Sector').selectOption('technology');
    await rate.getByRole('button', { name: 'Rate' }).click();
    await rate.waitFor({ state: 'detached' });
    await checklist.getByText('Ready to approve', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Approve due diligence' }).click();
    await page.getByRole('dialog', { name: 'Approve due diligence?' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Due diligence approved', { exact: true }).first().waitFor();
    await page.context().close();
  }, 150_000);
});
