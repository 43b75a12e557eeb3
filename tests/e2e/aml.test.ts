/**
 * AML due diligence in the browser: on the demo registration waiting for its owners, a reviewer
 * adds an owner, sees them screened against the demo lists (a potential match on the UN list), decides it is
 * a false positive, rates the risk, and approves once the checklist beside the actions is clear. On the demo's
 * PEP case (high risk) the evidence of each owner's source of funds and of wealth is uploaded, an ADMIN other
 * than the one who rated the risk approves the enhanced due diligence, the registration is approved, and the
 * whole AML file downloads as a ZIP. On the Sanctions lists page a compliance officer imports a UN file that
 * would remove an entry, sees it held for approval, and a second compliance officer approves it. The demo's
 * frozen client shows its 'Frozen' badge and banner, a task for it is refused naming the freeze, and the freeze
 * is lifted by a compliance officer and a second approver.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dubaiDate } from '../../common/calendar.ts';
import type { ListVersions, Parties, Screening } from '../../common/contract/aml.ts';
import type { ClientListItem } from '../../common/contract/clients.ts';
import { FROZEN_MESSAGE } from '../../backend/src/lib/aml-freeze.ts';
import type { RegistrationListItem } from '../../common/contract/registrations.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import { DEMO_PASSWORD, demoTotpSecret } from '../../backend/src/demo/accounts.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../../backend/src/modules/security/totp.ts';
import { demoUnVersion } from '../../backend/src/demo/aml-lists.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { signInThroughForm } from '../support/sign-in.ts';
import { shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;
let token: string;
let reviewerToken: string;

async function tokenOf(role: 'ADMIN' | 'REVIEWER'): Promise<string> {
  const { email, password } = e2e.account(role);
  // Its sign-in past the second factor, as the code check leaves it.
  return emulatorIdToken(e2e.stack.authEmulatorHost, email, password);
}

beforeAll(async () => {
  e2e = await startE2E('aml');
  token = await tokenOf('ADMIN');
  reviewerToken = await tokenOf('REVIEWER');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(() => {
  expect(e2e.cspViolations.splice(0)).toEqual([]);
});

async function api<T>(path: string, write?: { method: 'PATCH' | 'PUT' | 'POST'; body: unknown; as?: string }): Promise<T> {
  const response = await fetch(`${e2e.stack.url}/api/${path}`, {
    method: write?.method ?? 'GET',
    headers: { authorization: `Firebase ${write?.as ?? token}`, ...(write ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}) },
    body: write ? JSON.stringify(write.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo's PEP case: the registration whose owners include the seeded PEP. */
async function pepRegistration(): Promise<{ userId: number; parties: Parties }> {
  const list = await api<ListPage<RegistrationListItem>>('registrations/?stage=documents_submitted&status=active&page_size=100');
  for (const item of list.results) {
    const parties = await api<Parties>(`registrations/${item.id}/parties`);
    if (parties.parties.some((party) => party.pep)) return { userId: item.id, parties };
  }
  throw new Error('no PEP case in the demo');
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
    const page = await e2e.signedInAs('ADMIN', `/due-diligence/details/${userId}`);
    page.setDefaultTimeout(20_000);

    const checklist = page.getByRole('region', { name: 'Due diligence checklist' });
    await checklist.getByText("Add the client's owners, directors and signatories").waitFor();

    await page.getByRole('button', { name: 'Add party' }).click();
    const add = page.getByRole('dialog', { name: 'Add a party' });
    await add.getByLabel('Full name (Latin letters)').fill('Yusuf Hussain Khalil');
    await add.getByLabel('Date of birth').fill('1985-06-01');
    await add.getByLabel('Nationality', { exact: true }).selectOption('IQ');
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
    // A score of 90: a second person countersigns (the reviewer, through the API here; in the browser below).
    await screening.getByText('Awaiting second review').waitFor();
    const awaiting = (await api<Screening>(`registrations/${userId}/screening`)).subjects.flatMap((subject) => subject.matches).find((match) => match.state === 'awaiting_second_review')!;
    await api(`registrations/${userId}/screening/${awaiting.id}/countersign`, { method: 'POST', as: reviewerToken, body: { version: awaiting.version, outcome: 'countersign', reason: 'Agreed: born 17 years after the listed person.' } });
    await page.reload();
    await screening.getByText(/False positive by .*, countersigned by .*: Born 1985/).waitFor();

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

  it('a PEP makes it high risk: evidence uploaded, a second ADMIN approves the EDD, the registration is approved, the AML file downloads', async () => {
    const { userId, parties } = await pepRegistration();
    // The sources are stated on the party (its dialog, walked above); the evidence of each is what this walk uploads.
    for (const party of parties.parties) {
      await api(`registrations/${userId}/parties/${party.id}`, { method: 'PATCH', body: { version: party.version, source_of_funds: 'Salary and dividends', source_of_wealth: 'Property and savings' } });
    }
    const page = await e2e.signedInAs('ADMIN', `/due-diligence/details/${userId}`);
    page.setDefaultTimeout(20_000);

    const edd = page.getByRole('region', { name: 'Enhanced due diligence' });
    const checklist = page.getByRole('region', { name: 'Due diligence checklist' });
    // The demo's ADMIN rated this file: the second approval is not offered to them.
    await edd.getByText('Waits for a second administrator to approve it', { exact: false }).waitFor();
    expect(await edd.getByRole('button', { name: 'Approve EDD' }).count()).toBe(0);

    const pdf = { mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 statement') };
    const needing = parties.parties.filter((party) => party.kind === 'person');
    for (const party of needing) {
      for (const topic of ['source of funds', 'source of wealth']) {
        await edd.getByLabel(`Upload evidence of the ${topic} of ${party.name}`).setInputFiles({ name: `${topic.replace(/ /g, '-')}.pdf`, ...pdf });
        await edd.getByRole('button', { name: `Download ${topic.replace(/ /g, '-')}.pdf (${topic} of ${party.name})` }).waitFor();
      }
    }
    await checklist.getByText('evidence of', { exact: false }).first().waitFor({ state: 'detached' });
    await checklist.getByText('Enhanced due diligence: approval by a second ADMIN').waitFor();

    // The reviewer rates the risk again; the ADMIN is then the second person and approves.
    const screening = await api<Screening>(`registrations/${userId}/screening`);
    await api(`registrations/${userId}/risk`, { method: 'PUT', as: reviewerToken, body: { version: screening.version, sector: 'real_estate', services: ['bookkeeping', 'cfo'], face_to_face: true } });
    await page.reload();
    await edd.getByRole('button', { name: 'Approve EDD' }).click();
    await edd.getByText(/^Approved by /).waitFor();
    await checklist.getByText('Ready to approve', { exact: false }).waitFor();

    // The whole file as the ADMIN keeps it: a ZIP.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download AML file (ZIP)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^aml-file-.+\.zip$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('button', { name: 'Approve due diligence' }).click();
    await page.getByRole('dialog', { name: 'Approve due diligence?' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Due diligence approved', { exact: true }).first().waitFor();
    await page.context().close();
  }, 150_000);

  it('a list shrink imported on the Sanctions lists page waits for a second compliance officer, who approves it', async () => {
    const page = await e2e.signedInAs('ADMIN', '/sanctions-lists');
    page.setDefaultTimeout(20_000);
    await page.getByRole('heading', { name: 'Current version' }).waitFor();
    // The demo's own pending file, imported by the other officer: this one may decide it.
    const pending = page.getByRole('region', { name: 'Waiting for approval' });
    await pending.getByRole('button', { name: 'Approve' }).first().waitFor();

    const shrink = demoUnVersion(2, new Date().toISOString()).replace(/\s*<INDIVIDUAL>\s*<DATAID>9900004<\/DATAID>[\s\S]*?<\/INDIVIDUAL>/, '');
    await page.getByRole('button', { name: 'Import a new version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import: UN Security Council Consolidated List' });
    await dialog.getByLabel('File').setInputFiles({ name: 'consolidated-shrink.xml', mimeType: 'application/xml', buffer: Buffer.from(shrink) });
    await dialog.getByText('consolidated-shrink.xml:', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = pending.getByRole('listitem').filter({ hasText: 'consolidated-shrink.xml' });
    await mine.getByText('You imported it: another person approves or rejects it.').waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    // Its changes show by name.
    await page.getByRole('region', { name: /Changes in version/ }).getByText('IVAN PETROVICH MOROZOV').waitFor();
    await shoot(page, 'sanctions-lists-pending');

    const held = (await api<ListVersions>('screening/lists/')).results.find((version) => version.file_name === 'consolidated-shrink.xml')!;
    expect(held).toMatchObject({ state: 'pending', removed: ['KPi.950'] });

    // The second compliance officer signs in and approves it.
    const other = await e2e.openLogin('/sanctions-lists');
    other.setDefaultTimeout(20_000);
    await signInThroughForm(other, { email: 'compliance@example.com', password: DEMO_PASSWORD });
    const theirs = other.getByRole('region', { name: 'Waiting for approval' }).getByRole('listitem').filter({ hasText: 'consolidated-shrink.xml' });
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await other.getByText('List version approved; re-screening started').first().waitFor();
    await theirs.waitFor({ state: 'detached' });
    const row = other.getByRole('region', { name: 'Versions' }).getByRole('row').filter({ hasText: 'consolidated-shrink.xml' });
    await row.getByText('Applied').waitFor();
    await other.getByRole('region', { name: 'Current version' }).getByText('approved by Noor Al Hammadi', { exact: false }).waitFor();
    await shoot(other, 'sanctions-lists-approved');
    const entries = await api<ListPage<unknown>>('screening/lists/un/entries?search=morozov');
    expect(entries.count).toBe(0);
    await other.context().close();
    await page.context().close();
  }, 180_000);
  it('a compliance officer clears a strong hit as a false positive; another ADMIN countersigns it; the timeline and the goAML register show the file', async () => {
    const list = await api<ListPage<RegistrationListItem>>('registrations/?stage=documents_submitted&status=active&page_size=100');
    let userId = 0;
    for (const item of list.results) {
      if ((await api<Parties>(`registrations/${item.id}/parties`)).parties.some((party) => party.name === 'Mohamed Abdulrahman Al Hashimi')) userId = item.id;
    }
    expect(userId).toBeGreaterThan(0);
    const officer = await e2e.signedInAs('ADMIN', `/due-diligence/details/${userId}`);
    officer.setDefaultTimeout(20_000);
    const screening = officer.getByRole('region', { name: 'Sanctions screening' });
    const checklist = officer.getByRole('region', { name: 'Due diligence checklist' });
    await screening.getByText('QDi.901', { exact: false }).first().waitFor();

    await screening.getByRole('button', { name: 'False positive' }).click();
    const decide = officer.getByRole('dialog', { name: 'Mark as a false positive?' });
    await decide.getByText('A strong hit: a second person countersigns it before the approval.', { exact: false }).waitFor();
    await decide.getByLabel('Start from a template').selectOption({ index: 1 });
    const reason = decide.getByLabel('Reason (required)');
    await reason.fill(`${await reason.inputValue()}born 1991, the listed person about 1975.`);
    await decide.getByRole('button', { name: 'False positive' }).click();
    await decide.waitFor({ state: 'detached' });
    await screening.getByText('Awaiting second review').waitFor();
    await checklist.getByText('Countersign the false positive of Mohamed Abdulrahman Al Hashimi (QDi.901): awaiting second review').waitFor();
    // The decider's own countersign is not offered (the server refuses it with 403).
    expect(await screening.getByRole('button', { name: 'Countersign' }).count()).toBe(0);
    await shoot(officer, 'aml-awaiting-second-review');

    // A legal hold keeps the file from the scheduled purge; set by a compliance officer with the reason.
    const kept = officer.getByRole('region', { name: 'Records kept' });
    await kept.getByRole('button', { name: 'Set legal hold' }).click();
    const hold = officer.getByRole('dialog', { name: 'Set a legal hold?' });
    await hold.getByLabel('Reason (required)').fill('Police request 2026/118: keep every record.');
    await hold.getByRole('button', { name: 'Set hold' }).click();
    await hold.waitFor({ state: 'detached' });
    await kept.getByText('Police request 2026/118: keep every record.', { exact: false }).waitFor();
    await kept.scrollIntoViewIfNeeded();
    await shoot(officer, 'aml-legal-hold');

    // Another ADMIN: the demo's reviewer, given the ADMIN role for this walk.
    const [reviewer] = (await api<ListPage<{ id: number; email: string }>>('users/?search=reviewer%40example.com')).results;
    // A role change takes the ADMIN's fresh code (step-up); one a sign-in used this step is refused, so the next is tried.
    const step = TOTP_PERIOD_SECONDS * 1000;
    const codeFor = (ahead: number) => codeAt(demoTotpSecret('admin@example.com'), (Math.floor(Date.now() / step) + ahead) * step);
    await api(`users/${reviewer!.id}`, { method: 'PATCH', body: { role: 'ADMIN', code: codeFor(0) } }).catch(() => api(`users/${reviewer!.id}`, { method: 'PATCH', body: { role: 'ADMIN', code: codeFor(1) } }));
    const second = await e2e.signedInAs('REVIEWER', `/due-diligence/details/${userId}`);
    second.setDefaultTimeout(20_000);
    const secondScreening = second.getByRole('region', { name: 'Sanctions screening' });
    await secondScreening.getByRole('button', { name: 'Countersign' }).click();
    const countersign = second.getByRole('dialog', { name: 'Countersign the false positive?' });
    await countersign.getByLabel('Start from a template').selectOption({ index: 1 });
    await countersign.getByRole('button', { name: 'Countersign' }).click();
    await countersign.waitFor({ state: 'detached' });
    await secondScreening.getByText(/countersigned by Fatima Al Suwaidi/).waitFor();
    await second.getByRole('region', { name: 'Due diligence checklist' }).getByText('Countersign the false positive', { exact: false }).waitFor({ state: 'detached' });
    await second.getByRole('list', { name: 'Activity' }).getByText('Screening: the false positive of Mohamed Abdulrahman Al Hashimi on QDi.901 countersigned').waitFor();
    await shoot(second, 'aml-countersigned');
    await second.context().close();

    // The goAML register: each entry's description beside its filing notes, its client a link, dates as the console shows them.
    await officer.goto(`${e2e.stack.url}/goaml`);
    // The demo has two fund freeze reports (the UAE-list case and the frozen client's UN match): this walk's is the UAE one.
    const row = officer.getByRole('row').filter({ hasText: 'FFR: fund freeze report' }).filter({ hasText: 'Confirmed match on the UAE local list' }).first();
    await row.waitFor();
    expect(await row.getByRole('link').count()).toBe(1);
    expect(await row.textContent()).toMatch(/\d{2}-[A-Z][a-z]{2}-\d{4}/);
    await shoot(officer, 'goaml-register');
    await officer.context().close();
  }, 200_000);
  it('a frozen client shows its badge and banner, a task for it is refused, and a compliance officer and a second approver lift the freeze', async () => {
    const frozen = (await api<ListPage<ClientListItem>>('clients/?page_size=100')).results.find((row) => row.frozen)!;
    expect(frozen).toBeDefined();
    const page = await e2e.signedInAs('ADMIN', `/clients?search=${encodeURIComponent(frozen.legal_name.toLowerCase())}`);
    page.setDefaultTimeout(20_000);
    const row = page.getByRole('row').filter({ hasText: frozen.legal_name });
    await row.getByText('Frozen', { exact: true }).waitFor();
    await shoot(page, 'aml-frozen-clients-list');

    await row.getByRole('link').first().click();
    const banner = page.getByRole('region', { name: 'Frozen' });
    await banner.getByText('by a confirmed sanctions match', { exact: false }).waitFor();
    await shoot(page, 'aml-frozen-client');

    // A write for it is refused, in the freeze's words.
    await page.getByRole('link', { name: 'Tasks' }).first().click();
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByLabel('Client').selectOption({ label: frozen.legal_name });
    await dialog.getByLabel('Title').fill('Prepare the VAT return');
    await dialog.getByLabel('Due date (Dubai)').fill(addDays(dubaiDate(), 3));
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await page.getByText(FROZEN_MESSAGE).first().waitFor();
    await shoot(page, 'aml-frozen-task-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The compliance officer asks, with the reason; their own approval is not offered.
    await page.goBack();
    await banner.getByRole('button', { name: 'Ask to lift the freeze' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask to lift the freeze?' });
    await ask.getByLabel('Reason (required)').fill('The UN delisted the entry on the committee\'s notice of this week.');
    await ask.getByRole('button', { name: 'Ask to lift' }).click();
    await ask.waitFor({ state: 'detached' });
    await banner.getByText('It waits for a second approver', { exact: false }).waitFor();
    expect(await banner.getByRole('button', { name: 'Approve lifting the freeze' }).count()).toBe(0);
    await shoot(page, 'aml-frozen-lift-asked');

    // A second person, the reviewer, approves: the freeze ends.
    const reviewer = await e2e.signedInAs('REVIEWER', `/clients/${frozen.id}`);
    reviewer.setDefaultTimeout(20_000);
    const reviewerBanner = reviewer.getByRole('region', { name: 'Frozen' });
    await reviewerBanner.getByRole('button', { name: 'Approve lifting the freeze' }).click();
    await reviewerBanner.waitFor({ state: 'detached' });
    await reviewer.getByText('Freeze lifted').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: frozen.legal_name }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();
    await reviewer.context().close();
  }, 180_000);
});
