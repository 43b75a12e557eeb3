/**
 * The onboarding pipeline through the console in Chromium against the real stack: one registration walked
 * from completed_registration to an active client by the roles of each page (the client's submit through
 * the API, as `npm run demo:submit` does), each step in its timeline and the stepper, the navigation's
 * counts after each step; and two consoles booking the same host's slot at once, the second refused with
 * the other call named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegistrationCounts, RegistrationListItem, RegistrationReview, TimelineEvent } from '../../common/contract/registrations.ts';
import type { Plan } from '../../common/contract/plans.ts';
import type { Page as ListPage, PersonRef } from '../../common/contract/shared.ts';
import { weekdayOf } from '../../common/dubai-time.ts';
import { addDays, dubaiDate } from '../../common/calendar.ts';
import { dueDiligenceDetailPath, verificationPath } from '../../common/links.ts';
import { formatFils } from '../../common/money.ts';
import type { OnboardingPage } from '../../common/onboarding.ts';
import { cyclePrice } from '../../common/pricing.ts';
import type { StaffRole } from '../../common/roles.ts';
import { submitAsClient } from '../../scripts/lib/client-resubmit.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { badgeLabel } from '../../client/src/lib/badge.ts';
import { startE2E, type E2E } from './helpers.ts';

let e2e: E2E;
let adminToken: string;

beforeAll(async () => {
  e2e = await startE2E('pipeline');
  const { email, password } = e2e.account('ADMIN');
  adminToken = await emulatorIdToken(e2e.stack.authEmulatorHost, email, password);
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

/** A read through the gateway as the ADMIN demo account. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.stack.url}/api/${path}`, { headers: { authorization: `Firebase ${adminToken}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}
/** A write as ADMIN through the gateway, for what the walk does not click through (its own tests do). */
async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const response = await fetch(`${e2e.stack.url}/api/${path}`, {
    method,
    headers: { authorization: `Firebase ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const review = (userId: number) => api<RegistrationReview>(`registrations/${userId}/review`);
const kinds = async (userId: number) => (await api<TimelineEvent[]>(`registrations/${userId}/events`)).map((event) => event.kind);

/** A page signed in as the role, on `path`; `timezoneId` sets the browser's own zone (Dubai time is entered whatever it is). */
async function signedInAs(role: StaffRole, path: string, timezoneId?: string): Promise<Page> {
  const page = await e2e.signedInAs(role, path, timezoneId ? { timezoneId } : {});
  page.setDefaultTimeout(20_000);
  return page;
}

/** A start on the n-th working day from today (Dubai), as the booking form's date input takes it. */
function workingDay(ahead: number): string {
  let day = dubaiDate(Date.now());
  for (let left = ahead; left > 0; ) {
    day = addDays(day, 1);
    if (weekdayOf(day) <= 5) left -= 1;
  }
  return day;
}

/** Waits until the side navigation shows exactly the counts the back end answers now for `pages`. */
async function expectNavCounts(page: Page, pages: readonly OnboardingPage[]): Promise<void> {
  const { counts } = await api<RegistrationCounts>('registrations/counts/');
  const hrefs: Record<OnboardingPage, string> = {
    registrations: '/registrations',
    'call-schedules': '/call-schedules',
    'due-diligence': '/due-diligence',
    'pending-payments': '/pending-payments',
    'pending-activation': '/pending-activation',
  };
  const expected = Object.fromEntries(pages.map((key) => [hrefs[key], counts[key] ? badgeLabel(counts[key]) : '']));
  await page.waitForFunction((want) => {
    for (const [href, label] of Object.entries(want)) {
      const link = document.querySelector(`.side-nav a[href^="${href}"]`);
      const badge = link?.parentElement?.querySelector('.side-nav__count')?.firstChild?.textContent ?? '';
      if (!link || badge !== label) return false;
    }
    return true;
  }, expected);
}

/** The dialog a button opened, by its title. */
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor();
}

/** The registration's row on a list page, found through the page's own search. */
async function listRow(page: Page, path: string, registration: Pick<RegistrationReview, 'legal_name' | 'registration_id'>) {
  await page.goto(`${e2e.stack.url}${path}?search=${encodeURIComponent(registration.legal_name.toLowerCase())}`);
  const row = page.locator('.data-table__body [role="row"]', { hasText: registration.registration_id });
  await row.waitFor();
  return row;
}

describe('one registration from completed_registration to an active client', () => {
  it('is walked through the console by the right roles, every step in the timeline, the stepper and the nav counts', async () => {
    const waiting = await api<ListPage<RegistrationListItem>>('registrations/?stage=completed_registration&status=active&page_size=100');
    let registration: RegistrationReview | undefined;
    for (const item of waiting.results) {
      const candidate = await review(item.id);
      if (candidate.client.email === 'client3@example.com') registration = candidate;
    }
    if (!registration) throw new Error('no completed_registration of client3@example.com in the demo data');
    let userId = registration.user_id;
    const onboarding: OnboardingPage[] = ['registrations', 'call-schedules', 'due-diligence', 'pending-payments', 'pending-activation'];

    // BD_EXEC, whose browser runs on New York time, verifies the profile on its verification page (with an
    // override when a check fails).
    const exec = await signedInAs('BD_EXEC', verificationPath(userId, 'completed_registration'), 'America/New_York');
    await exec.getByRole('button', { name: 'Verify profile' }).click();
    const verify = dialog(exec, 'Verify profile');
    await verify.getByRole('list', { name: 'Profile checks' }).waitFor();
    if (registration.profile_checks.some((check) => !check.passed)) {
      await verify.getByLabel(/Verify despite/).check();
      await verify.getByLabel(/Reason for the override/).fill('Renewal receipt seen on the call.');
    }
    await verify.getByRole('button', { name: 'Verify profile' }).click();
    await expectToast(exec, 'verified');
    await exec.getByRole('button', { name: 'Book call' }).waitFor();
    expect((await review(userId)).phase).toBe('profile_verified');

    // ... books the call in Dubai time with itself as host: 09:15 entered is 09:15 in Dubai, not in New York.
    await exec.getByRole('button', { name: 'Book call' }).click();
    const book = dialog(exec, 'Book the onboarding call');
    await book.getByLabel('Date').fill(workingDay(25));
    await book.getByLabel('Time (Dubai)').fill('09:15');
    await book.getByLabel('Video link (https)').fill('https://meet.example.com/walk-through');
    await book.getByRole('button', { name: 'Book call' }).click();
    await expectToast(exec, 'Call booked');
    const booked = await review(userId);
    expect(booked).toMatchObject({ phase: 'call_booked', meeting: { mode: 'video', duration_minutes: 30, host: { email: e2e.account('BD_EXEC').email } } });
    expect(booked.meeting?.starts_at).toBe(new Date(`${workingDay(25)}T09:15:00+04:00`).toISOString());

    // A call is held or missed only once it has started, so its future row offers neither: bookings are for
    // a later working day, so the walk goes on with client5@example.com, whose call the demo held and whose
    // documents it awaits (marking a started call held is the Call Schedule's own test and the back end's).
    const callRow = await listRow(exec, '/call-schedules', registration);
    await expectNavCounts(exec, ['registrations', 'call-schedules']);
    expect(await callRow.getByRole('button', { name: `Mark held: ${registration.legal_name}` }).count()).toBe(0);
    expect(await kinds(userId)).toEqual(expect.arrayContaining(['verified', 'meeting_booked']));
    const awaiting = await api<ListPage<RegistrationListItem>>('registrations/?stage=meeting_scheduled&status=active&page_size=100');
    registration = undefined;
    for (const item of awaiting.results) {
      const candidate = await review(item.id);
      if (candidate.client.email === 'client5@example.com') registration = candidate;
    }
    if (!registration) throw new Error('no registration of client5@example.com awaiting documents in the demo data');
    userId = registration.user_id;

    // The client uploads the requested documents and submits them (the client app's part).
    await submitAsClient({ gatewayUrl: e2e.stack.url, emulatorHost: e2e.stack.authEmulatorHost, email: 'client5@example.com' });
    expect((await review(userId)).phase).toBe('due_diligence');

    // The AML file the approval needs (the reviewer's clicks through it are tests/e2e/aml.test.ts):
    // the owner screened clear and the risk rated.
    const owner = { kind: 'person', name: 'Nadia Fernandes', name_ar: null, date_of_birth: '1984-02-02', nationality: 'PT', residence: 'AE', id_type: null, id_number: null, id_expires_on: null, roles: ['shareholder', 'manager'], share_percent: 100, owner_party_id: null, pep: false, pep_details: null, source_of_funds: null, source_of_wealth: null, jurisdiction: null, registration_number: null };
    await send('POST', `registrations/${userId}/parties`, owner);
    const aml = await api<{ version: number }>(`registrations/${userId}/screening`);
    await send('PUT', `registrations/${userId}/risk`, { version: aml.version, sector: 'technology', services: ['bookkeeping'], face_to_face: true });

    // BD_MANAGER approves due diligence, then sets, approves and is paid for the plan on Plan Approval.
    const manager = await signedInAs('BD_MANAGER', dueDiligenceDetailPath(userId));
    await expectNavCounts(manager, onboarding);
    await manager.getByRole('button', { name: 'Approve due diligence' }).click();
    await dialog(manager, 'Approve due diligence?').getByRole('button', { name: 'Approve' }).click();
    await expectToast(manager, 'Due diligence approved');
    await expectNavCounts(manager, onboarding);

    const [plan] = (await api<Plan[]>('plans/')).filter((candidate) => candidate.active);
    const planRow = await listRow(manager, '/pending-payments', registration);
    await planRow.getByRole('button', { name: `Set plan: ${registration.legal_name}` }).click();
    const setPlan = dialog(manager, 'Set plan');
    await setPlan.getByLabel('Plan', { exact: true }).selectOption(String(plan!.id));
    await setPlan.getByLabel('Billing cycle').selectOption('quarterly');
    await setPlan.getByLabel('Extra discount (%)').fill('20');
    // Above 15 % is an administrator's: said beside the field, the button stays off.
    await setPlan.getByText('A discount above 15 % needs an administrator.').waitFor();
    await setPlan.getByLabel('Extra discount (%)').fill('10');
    const quote = cyclePrice(plan!.monthly_price_fils, 'quarterly', 1_000);
    await setPlan.getByTestId('plan-total').getByText(formatFils(quote.total_fils)).waitFor();
    await setPlan.getByLabel(/^Note/).fill('Ten per cent agreed for a two-year commitment.');
    await setPlan.getByRole('button', { name: 'Set plan' }).click();
    await expectToast(manager, 'Plan set');
    await planRow.getByText(formatFils(quote.total_fils)).waitFor();

    await planRow.getByRole('button', { name: `Approve plan: ${registration.legal_name}` }).click();
    await dialog(manager, 'Approve plan?').getByRole('button', { name: 'Approve plan' }).click();
    await expectToast(manager, 'payment requested');
    await planRow.getByText('Awaiting Payment').waitFor();

    await planRow.getByRole('button', { name: `Record payment: ${registration.legal_name}` }).click();
    const payment = dialog(manager, 'Record payment');
    expect(await payment.getByLabel('Amount (AED)').inputValue()).toBe((quote.total_fils / 100).toFixed(2));
    await payment.getByLabel('Reference').fill('FT-2026-0042');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(manager, 'Payment recorded');
    await expectNavCounts(manager, onboarding);

    // ... and activates the account on Activation.
    const team = await api<{ bookkeepers: PersonRef[]; reviewers: PersonRef[] }>('registrations/account-team/');
    const activationRow = await listRow(manager, '/pending-activation', registration);
    await activationRow.getByRole('button', { name: `Activate account: ${registration.legal_name}` }).click();
    const activate = dialog(manager, 'Activate account?');
    await activate.getByLabel('Bookkeeper').selectOption(String(team.bookkeepers[0]!.id));
    await activate.getByLabel('Reviewer').selectOption(String(team.reviewers[0]!.id));
    await activate.getByRole('button', { name: 'Activate account' }).click();
    await expectToast(manager, 'is now an active client');
    await expectNavCounts(manager, onboarding);

    const done = await review(userId);
    expect(done).toMatchObject({ stage: 'account_activated', phase: 'activated', queue: null, activation: { bookkeeper: { id: team.bookkeepers[0]!.id } } });
    expect(await kinds(userId)).toEqual(
      expect.arrayContaining(['submitted', 'approved', 'plan_set', 'plan_approved', 'payment_recorded', 'activated']),
    );

    // The stepper shows seven ticks, and the last step's page its record.
    await manager.goto(`${e2e.stack.url}${verificationPath(userId, 'account_activated')}`);
    await manager.getByRole('region', { name: 'Activation' }).getByText(team.bookkeepers[0]!.display_name ?? team.bookkeepers[0]!.email).waitFor();
    expect(await manager.locator('.stepper__step--done').count()).toBe(7);
    await manager.goto(`${e2e.stack.url}${verificationPath(userId, 'meeting_scheduled')}`);
    await manager.getByRole('region', { name: 'Onboarding call' }).getByText('Held').waitFor();
  }, 300_000);
});

describe('two consoles booking the same host at the same time', () => {
  it('lets one through and shows the other the conflict naming the first call', async () => {
    const verified = (await api<ListPage<RegistrationListItem>>('registrations/?stage=profile_verified&status=active&page_size=100')).results;
    const [first, second] = verified.filter((item) => item.phase === 'profile_verified');
    if (!first || !second) throw new Error('two profile_verified registrations are needed');
    const host = e2e.account('BD_MANAGER');
    const hosts = await api<PersonRef[]>('registrations/hosts/');
    const hostId = hosts.find((person) => person.email === host.email)!.id;
    const day = workingDay(30);

    const open = async (role: StaffRole, item: RegistrationListItem) => {
      const page = await signedInAs(role, verificationPath(item.id, 'profile_verified'));
      await page.getByRole('button', { name: 'Book call' }).click();
      const form = dialog(page, 'Book the onboarding call');
      await form.getByLabel('Date').fill(day);
      await form.getByLabel('Time (Dubai)').fill('11:00');
      await form.getByLabel('Host').selectOption(String(hostId));
      await form.getByLabel('Mode').selectOption('office');
      await form.getByLabel('Office location').fill('Office 1204, Business Bay, Dubai');
      return { page, form };
    };
    const a = await open('ADMIN', first);
    const b = await open('BD_EXEC', second);
    await Promise.all([a.form.getByRole('button', { name: 'Book call' }).click(), b.form.getByRole('button', { name: 'Book call' }).click()]);

    // Exactly one call was booked; the other form stays open with the reason, naming the call that won.
    const outcomes = await Promise.all([review(first.id), review(second.id)]);
    const winner = outcomes.findIndex((state) => state.phase === 'call_booked');
    expect(outcomes.map((state) => state.phase).sort()).toEqual(['call_booked', 'profile_verified']);
    const loser = winner === 0 ? b : a;
    const won = winner === 0 ? first : second;
    const refusal = loser.form.locator('.form-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`with ${won.legal_name} (${won.registration_id})`);
    await (winner === 0 ? a : b).page.locator('.Toastify__toast', { hasText: 'Call booked' }).waitFor();
  }, 180_000);
});
