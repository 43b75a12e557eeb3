/**
 * The verification stepper and the due-diligence review in Chromium against the real stack: the stepper at
 * each kind of progress, the detail page's sections, PDF and image previews under the gateway's CSP, assign,
 * return, the client's resubmission (through the gateway, as `npm run demo:resubmit` does) putting it back
 * on the Due Diligence page, approve moving it to the Plan Approval page, and two reviewers acting at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegistrationListItem, RegistrationReview, UserStatusResponse } from '../../common/contract/registrations.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import { CONFLICT_MESSAGE } from '../../common/review.ts';
import type { StaffRole } from '../../common/roles.ts';
import { STAGES } from '../../common/stages.ts';
import { resubmitAsClient } from '../../scripts/lib/client-resubmit.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { startE2E, seriousViolations, type E2E } from './helpers.ts';

let e2e: E2E;
let adminToken: string;

beforeAll(async () => {
  e2e = await startE2E('review');
  const { email, password } = e2e.account('ADMIN');
  adminToken = await apiToken(email, password);
}, 150_000);

/** An ID token from the emulator's REST sign-in, for the test's own API reads. */
async function apiToken(email: string, password: string): Promise<string> {
  // Its sign-in past the second factor, as the code check leaves it.
  return emulatorIdToken(e2e.stack.authEmulatorHost, email, password);
}

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

async function signedInAs(role: StaffRole, path: string): Promise<Page> {
  const page = await e2e.signedInAs(role, path);
  // Below the test's own time-out, so a stuck step names its locator.
  page.setDefaultTimeout(20_000);
  return page;
}

/** A read through the gateway as the ADMIN demo account. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.stack.url}/api/${path}`, { headers: { authorization: `Firebase ${adminToken}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

const registrations = (query: string) => api<ListPage<RegistrationListItem>>(`registrations/?page_size=100&${query}`).then((page) => page.results);
const review = (userId: number) => api<RegistrationReview>(`registrations/${userId}/review`);

/** The registration of a demo client account (the seed gives client@example.com one that waits on due diligence). */
async function registrationOf(email: string): Promise<RegistrationReview> {
  for (const item of await registrations('stage=documents_submitted&status=active')) {
    const candidate = await review(item.id);
    if (candidate.client.email === email) return candidate;
  }
  throw new Error(`no due-diligence registration of ${email}`);
}

/** The registration's row on an onboarding list page, found through the page's own search. */
async function listRow(page: Page, path: string, registration: RegistrationReview) {
  await page.goto(`${e2e.stack.url}${path}?search=${encodeURIComponent(registration.legal_name.toLowerCase())}`);
  const row = page.locator('.data-table__body [role="row"]', { hasText: registration.registration_id });
  await row.waitFor();
  return row;
}

const stepper = (page: Page) => page.getByRole('navigation', { name: 'Registration verification' });

async function stepperState(page: Page) {
  await stepper(page).getByRole('list').first().waitFor();
  return stepper(page).evaluate((nav) =>
    [...nav.querySelectorAll('.stepper__step')].map((item) => ({
      title: item.querySelector('.stepper__title')?.textContent ?? '',
      ticked: item.querySelector('.stepper__marker svg') !== null,
      href: item.querySelector('a.stepper__title')?.getAttribute('href') ?? null,
      current: item.getAttribute('aria-current') === 'step',
      sub: item.querySelector('.stepper__sub')?.textContent ?? null,
      subHref: item.querySelector('.stepper__sub')?.getAttribute('href') ?? null,
    })),
  );
}

describe('verification stepper', () => {
  it('shows ticks and links for completed steps, plain pending steps and the selected step, at each kind of progress', async () => {
    const page = await signedInAs('ADMIN', '/');
    for (const stage of ['signed_up', 'meeting_scheduled', 'documents_submitted', 'account_activated'] as const) {
      const userId = await pick(stage);
      await page.goto(`${e2e.stack.url}/registrations/${userId}/verification/?step=signed_up`);
      const steps = await stepperState(page);
      const reached = STAGES.indexOf(stage);
      expect(steps.map((step) => step.title)).toEqual(['Signed Up', 'Completed Registration', 'Profile Verified', 'Meeting Scheduled', 'Documents Submitted', 'Payment Completed', 'Account Activated']);
      steps.forEach((step, index) => {
        const done = index <= reached;
        expect(step.ticked, `${stage}: ${step.title}`).toBe(done);
        expect(step.href, `${stage}: ${step.title}`).toBe(done ? `/registrations/${userId}/verification/?step=${STAGES[index]}` : null);
        expect(step.current).toBe(index === 0);
        expect(step.sub).toBeNull();
      });
      if (reached > 0) {
        await stepper(page).getByRole('link', { name: 'Completed Registration' }).click();
        await page.waitForURL(/step=completed_registration/);
        expect((await stepperState(page))[1]!.current).toBe(true);
        await expect.poll(() => page.getByRole('heading', { name: 'Company profile' }).isVisible()).toBe(true);
      }
      if (reached < STAGES.length - 1) {
        await page.goto(`${e2e.stack.url}/registrations/${userId}/verification/?step=account_activated`);
        await page.getByText('The client has not reached this step yet.').waitFor();
      }
    }
  });

  it('shows the return sub-entry with the latest status text when the resubmitted or return flag is set, linking to the return view', async () => {
    const page = await signedInAs('ADMIN', '/');
    const resubmitted = await findResubmitted();
    const status = await api<UserStatusResponse>(`users/${resubmitted}/status`);
    const latest = status.current_status.at(-1)!.status_text;
    await page.goto(`${e2e.stack.url}/registrations/${resubmitted}/verification/?step=documents_submitted&resubmitted=true`);
    const steps = await stepperState(page);
    expect(steps[1]).toMatchObject({ sub: latest, subHref: `/registrations/${resubmitted}/verification/?step=completed_registration&return=true` });
    expect(steps.filter((step) => step.sub !== null)).toHaveLength(1);
    await stepper(page).getByRole('link', { name: latest }).click();
    await page.waitForURL(/step=completed_registration&return=true/);
    await page.getByRole('heading', { name: 'Status history' }).waitFor();
    expect((await stepperState(page))[1]).toMatchObject({ current: true, sub: latest });
    await page.getByRole('link', { name: 'Back to Due Diligence' }).waitFor();
  });
});

/** A registration at `stage`, active, by the list's status label. */
async function pick(stage: (typeof STAGES)[number]): Promise<number> {
  const labels: Record<string, string[]> = {
    signed_up: ['Registration Incomplete'],
    meeting_scheduled: ['Meeting Scheduled'],
    documents_submitted: ['Pending Due Diligence'],
    account_activated: ['Active'],
  };
  const item = (await registrations(`status=active`)).find((candidate) => labels[stage]!.includes(candidate.status));
  if (!item) throw new Error(`no registration at ${stage}`);
  return item.id;
}

/** The seeded registration that was returned and resubmitted. */
async function findResubmitted(): Promise<number> {
  for (const item of await registrations('stage=documents_submitted&status=active')) {
    const status = await api<UserStatusResponse>(`users/${item.id}/status`);
    if (status.current_status.some((entry) => entry.status_text.startsWith('Resubmitted'))) return item.id;
  }
  throw new Error('no resubmitted registration in the demo data');
}

describe('due-diligence detail', () => {
  it('shows the header, company profile, documents and activity, and previews a PDF and an image with no CSP violation', async () => {
    const page = await signedInAs('BD_MANAGER', '/');
    const userId = await pick('documents_submitted');
    const data = await review(userId);
    await page.goto(`${e2e.stack.url}/due-diligence/details/${userId}`);
    await page.getByRole('heading', { name: data.legal_name, level: 1 }).waitFor();
    await page.getByText(data.registration_id, { exact: true }).waitFor();
    await page.getByText(/\d+ (days?|hours?) in due diligence/).waitFor();
    for (const name of ['Company profile', 'Documents', 'Activity']) await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.locator('.review-facts').getByText(data.profile!.trade_licence_number).waitFor();
    // The reviewer's checks sit above the profile: the licence number, its expiry and the TRN, each passed or failed.
    await page.getByRole('list', { name: 'Profile checks' }).getByText(data.profile!.trade_licence_number).waitFor();
    // The timeline is its own call: on a busy machine it may come well after the record.
    await expect.poll(() => page.locator('.timeline__item[data-kind="stage_reached"]').count(), { timeout: 15_000 }).toBe(5);

    const pdf = data.documents.find((document) => document.content_type === 'application/pdf')!;
    await page.getByRole('button', { name: `Preview ${pdf.file_name}` }).click();
    const frame = page.locator('iframe.file-preview__frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);

    const png = data.documents.find((document) => document.content_type === 'image/png')!;
    await page.getByRole('button', { name: `Preview ${png.file_name}` }).click();
    const image = page.locator('img.file-preview__image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(428);

    // The activity filter keeps one kind.
    await page.getByLabel('Filter the activity by type').selectOption('document_uploaded');
    await expect.poll(() => page.locator('.timeline__item[data-kind="stage_reached"]').count()).toBe(0);
    expect(await page.locator('.timeline__item[data-kind="document_uploaded"]').count()).toBe(data.documents.length);
  });

  it('assigns to me, posts a comment with Ctrl+Enter, returns with a reason, takes the resubmission and approves into Plan Approval', async () => {
    const target = await registrationOf(e2e.account('CLIENT').email);
    const page = await signedInAs('ADMIN', `/due-diligence/details/${target.user_id}`);
    await page.getByRole('heading', { name: target.legal_name, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect.poll(() => page.getByTestId('assignee').textContent()).toBe(e2e.account('ADMIN').displayName);
    await page.getByText(`Assigned to ${e2e.account('ADMIN').displayName}`).first().waitFor();

    const comment = page.getByLabel('Internal comment');
    await comment.fill('   ');
    await comment.press('Control+Enter');
    expect(await page.getByRole('button', { name: 'Post comment' }).isDisabled()).toBe(true);
    await comment.fill('Licence activity checked against the register.');
    await comment.press('Control+Enter');
    await page.locator('.timeline__comment', { hasText: 'Licence activity checked against the register.' }).waitFor();
    expect(await comment.inputValue()).toBe('');

    await page.getByRole('button', { name: 'Return for correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return for correction?' });
    await dialog.getByLabel('Reason').selectOption('name_mismatch');
    expect(await dialog.getByRole('button', { name: 'Return' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/Comment for the client/).fill('The passport name differs from the licence.');
    await dialog.getByRole('button', { name: 'Return' }).click();
    await page.getByText('Returned for correction', { exact: true }).first().waitFor();
    await page.locator('.status-chip', { hasText: 'Returned for Correction' }).waitFor();
    expect((await review(target.user_id)).queue).toBe('registrations');

    await page.goto(`${e2e.stack.url}/registrations/${target.user_id}/verification/?step=completed_registration&return=true`);
    expect((await stepperState(page))[1]!.sub).toBe('Returned: Name mismatch');

    // The client corrects and resubmits through the gateway (what `npm run demo:resubmit` runs).
    const { email, password } = e2e.account('CLIENT');
    await resubmitAsClient({ gatewayUrl: e2e.stack.url, emulatorHost: e2e.stack.authEmulatorHost, email, password });

    await page.goto(`${e2e.stack.url}/registrations/${target.user_id}/verification/?step=documents_submitted&resubmitted=true`);
    expect((await stepperState(page))[1]!.sub).toBe('Resubmitted');
    await page.goto(`${e2e.stack.url}/due-diligence/details/${target.user_id}`);
    await page.getByText('Resubmitted by the client').waitFor();
    await page.getByText('Uploaded Trade licence (trade-licence-renewed.pdf)').waitFor();
    await page.locator('.status-chip', { hasText: 'Pending Due Diligence' }).waitFor();
    expect((await review(target.user_id)).queue).toBe('due-diligence');
    const row = await listRow(page, '/due-diligence', target);
    expect(await row.locator('.status-chip').textContent()).toBe('Pending Due Diligence');
    await page.goto(`${e2e.stack.url}/due-diligence/details/${target.user_id}`);

    await page.getByRole('button', { name: 'Approve due diligence' }).click();
    await page.getByRole('dialog', { name: 'Approve due diligence?' }).getByRole('button', { name: 'Approve' }).click();
    await page.locator('.status-chip', { hasText: 'Pending Plan Approval' }).waitFor();
    await page.getByText('Due diligence approved', { exact: true }).first().waitFor();
    expect((await review(target.user_id)).queue).toBe('pending-payments');
    await page.getByLabel('Filter the activity by type').waitFor();
    const kinds = await page.locator('.timeline__item').evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    expect(kinds.slice(-6)).toEqual(['assigned', 'comment_added', 'returned', 'document_uploaded', 'resubmitted', 'approved']);
    await listRow(page, '/pending-payments', target);
    await page.goto(`${e2e.stack.url}/due-diligence?search=${encodeURIComponent(target.legal_name.toLowerCase())}`);
    await page.getByText('No data to display').waitFor();
  }, 120_000);

  it('two reviewers at once: the second, stale one gets the conflict message, the page shows the fresh state and nothing is lost', async () => {
    const userId = (await registrations('stage=documents_submitted&status=active')).filter((item) => item.status === 'Pending Due Diligence').at(-1)!.id;
    const first = await signedInAs('ADMIN', `/due-diligence/details/${userId}`);
    const second = await signedInAs('BD_MANAGER', `/due-diligence/details/${userId}`);
    for (const page of [first, second]) await page.getByRole('button', { name: 'Approve due diligence' }).waitFor();

    await first.getByRole('button', { name: 'Assign to me' }).click();
    await expect.poll(() => first.getByTestId('assignee').textContent()).toBe(e2e.account('ADMIN').displayName);

    await second.getByRole('button', { name: 'Return for correction' }).click();
    const dialog = second.getByRole('dialog', { name: 'Return for correction?' });
    await dialog.getByLabel(/Comment for the client/).fill('Blurred passport scan.');
    await dialog.getByRole('button', { name: 'Return' }).click();
    await second.getByText(CONFLICT_MESSAGE).waitFor();
    await expect.poll(() => second.getByTestId('assignee').textContent()).toBe(e2e.account('ADMIN').displayName);

    const after = await review(userId);
    expect(after).toMatchObject({ review_state: null, assignee: { email: e2e.account('ADMIN').email } });
    // On the fresh version the second reviewer's decision goes through.
    await second.getByRole('button', { name: 'Return for correction' }).click();
    await dialog.getByLabel(/Comment for the client/).fill('Blurred passport scan.');
    await dialog.getByRole('button', { name: 'Return' }).click();
    await second.locator('.status-chip', { hasText: 'Returned for Correction' }).waitFor();
    expect((await review(userId)).assignee?.email).toBe(e2e.account('ADMIN').email);
  }, 90_000);
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on the detail page (preview open) and the verification page', async () => {
    const userId = await pick('documents_submitted');
    const page = await signedInAs('ADMIN', `/due-diligence/details/${userId}`);
    await page.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Preview .*\.png$/ }).first().click();
    await page.locator('img.file-preview__image').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${e2e.stack.url}/registrations/${userId}/verification/?step=documents_submitted&resubmitted=true`);
    await stepperState(page);
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);
});
