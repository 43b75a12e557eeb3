/**
 * The Tasks screens a bookkeeper lacked in Chromium against the real stack: a task edited from its
 * dialog (title, due date, priority, reviewer, description, checklist); a saved view updated with the list's
 * current filters; a reviewer's queue ('Waiting for my review') on Home, Tasks and Clients; recurring tasks
 * created, paused, resumed and edited on the Tasks page's Recurring view and seen on the client's tab; time logged
 * on a task ('Log time'), seen in the bookkeeper's week on the Timesheet page, the week submitted and approved by
 * an ADMIN. Set SCREENSHOT_DIR=<folder> to keep screenshots at 1440 and 1024 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('tasks');
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});


const rows = (page: Page) => page.getByRole('table', { name: 'Tasks' }).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton):not(.data-table__row--full)');

describe('editing a task', () => {
  it('changes title, due date, priority, reviewer, description and checklist from the task dialog', async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/tasks?assignee=all&status=to_do');
    await rows(page).first().waitFor();
    await rows(page).first().locator('.tasks-list__name button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Timeline').waitFor();
    await dialog.getByRole('button', { name: 'Edit task' }).click();
    const form = dialog.getByRole('form', { name: 'Edit task' });
    await form.getByLabel('Title').fill('Reconcile the March bank statements');
    await form.getByLabel('Due date (Dubai)').fill('2031-03-12');
    await form.getByLabel('Priority').selectOption({ label: 'Urgent' });
    await form.getByLabel('Reviewer').selectOption({ label: 'Fatima Al Suwaidi' });
    await form.getByLabel('Description').fill('Both accounts, with the card statement.');
    await form.getByRole('button', { name: 'Add item' }).click();
    const items = form.getByRole('textbox', { name: /^Checklist item / });
    await items.last().fill('Match the card payments');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'task-edit');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Task saved.').waitFor();
    await page.getByRole('dialog', { name: 'Reconcile the March bank statements' }).waitFor();
    await dialog.getByText('12-Mar-2031').waitFor();
    await dialog.getByText('Both accounts, with the card statement.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Match the card payments' }).waitFor();
    await expect(dialog.locator('.task-detail__facts').textContent()).resolves.toContain('Fatima Al Suwaidi');
    await expect(dialog.locator('.task-detail__facts').textContent()).resolves.toContain('Urgent');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${e2e.stack.url}/tasks?assignee=all&search=reconcile%20the%20march`);
    await rows(page).filter({ hasText: 'Reconcile the March bank statements' }).filter({ hasText: '12-Mar-2031' }).first().waitFor();
    await page.close();
  });
});

describe('logging time', () => {
  it("logs time on a task with 'Log time', shows it in the bookkeeper's week, submits the week, and an ADMIN approves it", async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/tasks?assignee=all&status=to_do');
    await rows(page).first().waitFor();
    await rows(page).first().locator('.tasks-list__name button').click();
    const task = page.getByRole('dialog').first();
    await task.getByText('Timeline').waitFor();
    const client = (await task.locator('.task-detail__facts dd').first().textContent())!.trim();
    await task.getByRole('button', { name: 'Log time' }).click();
    const log = page.getByRole('dialog', { name: 'Log time' });
    await log.getByLabel('Time').fill('1:47');
    await log.getByLabel('Note').fill('Walkthrough of the November close');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'log-time');
    await log.getByRole('button', { name: 'Log time' }).click();
    await page.getByText(`1:47 logged on ${client}`).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.stack.url}/timesheet`);
    await page.getByRole('heading', { name: /^My week/ }).waitFor();
    const entry = page.locator('.timesheet__entry').filter({ hasText: 'Walkthrough of the November close' });
    await expect(entry.textContent()).resolves.toContain('1:47');
    await page.getByRole('table').getByRole('rowheader', { name: client }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'timesheet-week');
    await page.getByRole('button', { name: 'Submit week' }).click();
    await page.getByText(/submitted for approval/).waitFor();
    await page.locator('.timesheet__head').getByText('Submitted', { exact: true }).waitFor();
    await page.close();

    const admin = await e2e.signedInAs('ADMIN', '/timesheet');
    // The demo ADMIN's timer runs in the top bar.
    await admin.getByRole('group', { name: 'Timer' }).getByRole('button', { name: 'Stop' }).waitFor();
    const waiting = admin.getByRole('region', { name: /Waiting for approval/ });
    await waiting.getByRole('link', { name: /^Rohan Mehta · / }).last().waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await shoot(admin, 'timesheet-admin');
    const week = await admin.evaluate(() => document.querySelector('.timesheet__week')?.textContent ?? '');
    await waiting.getByRole('link', { name: `Rohan Mehta · ${week}` }).click();
    await admin.getByRole('heading', { name: /^Rohan Mehta/ }).waitFor();
    await admin.locator('.timesheet__entry').filter({ hasText: 'Walkthrough of the November close' }).waitFor();
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText(`Week ${week} approved`).waitFor();
    await admin.locator('.timesheet__head').getByText('Approved', { exact: true }).waitFor();
    await admin.close();
  });
});

describe('saved views', () => {
  it("updates the shown view with the list's changed filters", async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/tasks?due=overdue');
    await page.getByRole('table', { name: 'Tasks' }).locator('.data-table__body [role="row"]').first().waitFor();
    const bar = page.getByRole('group', { name: 'Saved views' });
    await bar.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel('Name').fill('My overdue');
    await save.getByRole('button', { name: 'Save' }).click();
    await bar.getByRole('button', { name: 'My overdue', pressed: true }).waitFor();
    // The 'saved' toast sits over the bar's right end, where 'Update view' appears: let it go first.
    await page.getByText("View 'My overdue' saved.").waitFor({ state: 'hidden' });
    // No update is offered while the list shows the view as saved.
    expect(await bar.getByRole('button', { name: /^Update view/ }).count()).toBe(0);

    await page.getByLabel('Status').selectOption({ label: 'In progress' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'in_progress');
    const update = bar.getByRole('button', { name: "Update view 'My overdue'" });
    await update.waitFor();
    await shoot(page, 'view-changed');
    await update.click();
    await page.getByText("View 'My overdue' updated.").waitFor();
    await bar.getByRole('button', { name: 'My overdue', pressed: true }).waitFor();

    // On the server: the plain list applies it with the new filter.
    await page.goto(`${e2e.stack.url}/tasks`);
    await bar.getByRole('button', { name: 'My overdue' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'in_progress' && url.searchParams.get('due') === 'overdue');
    // A view shared by someone else is copied, never updated.
    await bar.getByRole('button', { name: 'Unassigned and overdue' }).click();
    await bar.getByRole('button', { name: 'Unassigned and overdue', pressed: true }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'To do' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'to_do');
    await bar.getByRole('button', { name: 'Save view' }).waitFor();
    expect(await bar.getByRole('button', { name: /^Update view/ }).count()).toBe(0);
    await page.close();
  });
});

describe('waiting for my review', () => {
  it("shows a reviewer the tasks and monthly reports sent for their review, on Home, Tasks and Clients", async () => {
    const page = await e2e.signedInAs('REVIEWER', '/');
    const tasksBlock = page.getByRole('region', { name: 'Tasks waiting for my review' });
    const reportsBlock = page.getByRole('region', { name: 'Reports waiting for my review' });
    // The demo bookkeeper's task in review names the demo reviewer.
    await tasksBlock.getByRole('link', { name: /File VAT return for the quarter/ }).waitFor();
    await reportsBlock.locator('.home__item').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'home-reviews');

    await tasksBlock.getByRole('link', { name: 'Open list' }).click();
    await page.waitForURL((url) => url.pathname === '/tasks' && url.searchParams.get('review') === 'mine');
    await page.getByRole('button', { name: 'Waiting for my review', pressed: true }).waitFor();
    await rows(page).filter({ hasText: 'File VAT return for the quarter' }).first().waitFor();
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes('In review'))).toBe(true);
    await shoot(page, 'tasks-reviews');
    // Off again: the filter leaves the URL.
    await page.getByRole('button', { name: 'Waiting for my review', pressed: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('review'));

    await page.goto(`${e2e.stack.url}/`);
    const count = Number(await reportsBlock.locator('.home__block-count').textContent());
    expect(count).toBeGreaterThan(0);
    await reportsBlock.getByRole('link', { name: 'Open list' }).click();
    await page.waitForURL((url) => url.pathname === '/clients' && url.searchParams.get('review') === 'mine');
    const reports = page.getByRole('table', { name: 'Reports waiting for my review' }).locator('.data-table__body [role="row"]:not(.data-table__row--skeleton):not(.data-table__row--full)');
    await reports.first().waitFor();
    await page.getByText(new RegExp(`^Showing 1-\\d+ of ${count}$`)).waitFor();
    await shoot(page, 'clients-reviews');
    await reports.first().locator('a').first().click();
    await page.waitForURL((url) => /^\/clients\/\d+$/.test(url.pathname) && url.searchParams.get('tab') === 'reports' && url.searchParams.has('month'));
    await page.getByRole('button', { name: 'Approve' }).first().waitFor();
    await page.close();
  });
});

describe('recurring tasks', () => {
  it("creates, pauses, resumes and edits a client's monthly VAT prep, with its next dates, on Tasks and on the client's page", async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/tasks');
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Recurring' }).click();
    await page.waitForURL((url) => url.searchParams.get('layout') === 'recurring');
    const table = page.getByRole('table', { name: 'Recurring tasks' });
    const templateRows = table.locator('.data-table__body [role="row"]:not(.data-table__row--skeleton):not(.data-table__row--full)');
    // The demo bookkeeper's templates (monthly close, payroll, the quarterly VAT return).
    await templateRows.first().waitFor();

    await page.getByRole('button', { name: 'New recurring task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New recurring task' });
    const client = dialog.getByLabel('Client');
    await expect.poll(() => client.locator('option').count()).toBeGreaterThan(1);
    const clientId = await client.locator('option').nth(1).getAttribute('value');
    const clientName = (await client.locator('option').nth(1).textContent())!;
    await client.selectOption(clientId!);
    await dialog.getByLabel('Title').fill('Monthly VAT prep');
    await dialog.getByLabel('Due on day').fill('15');
    await dialog.getByLabel('Created days before').fill('5');
    await dialog.getByLabel('Assignee').selectOption({ label: 'Rohan Mehta' });
    await dialog.getByLabel('Checklist (one item a line)').fill('Collect purchase invoices\nReconcile input VAT');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'recurring-new');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText(/^'Monthly VAT prep' created: the first task is made on /).waitFor();
    const row = templateRows.filter({ hasText: 'Monthly VAT prep' }).filter({ hasText: clientName });
    await row.getByText('Monthly on the 15th, created 5 days before').waitFor();
    await expect.poll(() => row.getByRole('list', { name: 'Next tasks of Monthly VAT prep' }).locator('li').count()).toBe(3);
    await shoot(page, 'recurring-list');

    await row.getByRole('button', { name: 'Pause Monthly VAT prep' }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByText('None while paused').waitFor();
    await row.getByRole('button', { name: 'Resume Monthly VAT prep' }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Monthly VAT prep', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Monthly VAT prep' });
    await edit.getByLabel('Title').fill('Monthly VAT prep and review');
    await edit.getByLabel('Repeats').selectOption({ label: 'Quarterly' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText("'Monthly VAT prep and review' saved.").waitFor();
    await templateRows.filter({ hasText: 'Monthly VAT prep and review' }).getByText('Quarterly on the 15th, created 5 days before').waitFor();

    // The client's own tab lists the same template, and only that client's.
    await page.goto(`${e2e.stack.url}/clients/${clientId}?tab=recurring`);
    const tab = page.getByRole('table', { name: 'Recurring tasks' });
    await tab.getByRole('button', { name: 'Monthly VAT prep and review', exact: true }).waitFor();
    await shoot(page, 'recurring-client-tab');
    await page.close();
  });
});

describe('capacity', () => {
  it("shows an ADMIN each person's weeks with the overbooked ones marked, a week's tasks to reassign, and a client's budget", async () => {
    const page = await e2e.signedInAs('ADMIN', '/capacity');
    await page.getByRole('heading', { name: 'Planned work against capacity' }).waitFor();
    await page.locator('.capacity__tag--over').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'capacity');
    await page.locator('.capacity__cell--over .capacity__open').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Assign to').first().waitFor();
    await shoot(page, 'capacity-week');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${e2e.stack.url}/clients/1?tab=budget`);
    await page.getByRole('heading', { name: /^Budget for / }).waitFor();
    await page.getByRole('heading', { name: 'Time by staff member' }).waitFor();
    await shoot(page, 'client-budget');
    await page.close();
  });

  it('lets a manager who plans the weeks reassign a task from a week, though the Tasks page is not theirs', async () => {
    const page = await e2e.signedInAs('BD_MANAGER', '/capacity');
    await page.getByRole('heading', { name: 'Planned work against capacity' }).waitFor();
    await page.locator('.capacity__cell--over .capacity__open').first().click();
    const dialog = page.getByRole('dialog');
    const choice = dialog.getByLabel('Assign to').first();
    await choice.waitFor();
    const holder = await choice.inputValue();
    const other = await choice.locator('option').evaluateAll((options, current) => options.map((option) => (option as HTMLOptionElement).value).find((value) => value !== current), holder);
    await choice.selectOption(other!);
    await page.getByText(/^Task reassigned to /).waitFor();
    await shoot(page, 'capacity-week-manager');
    await page.close();
  });
});
