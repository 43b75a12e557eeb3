/**
 * The service desk's three pages in Chromium against the real stack (gateway, back end, Auth emulator), with
 * the client's side played through the API as the demo commands do: a task dragged across the board (and
 * moved with the keyboard); a client's request appearing in the inbox, quoted, accepted by the client and
 * converted into tasks; the bookkeeper and the client chatting live with the unread count moving; a
 * reminder firing as a toast; a saved view of the Tasks list and a bulk status change over all matching
 * tasks. Set SCREENSHOT_DIR=<folder> to keep screenshots of each page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../../common/contract/endpoint.ts';
import { chatsRoutes } from '../../common/contract/chats-paths.ts';
import type { ConversationItem, MessagePage } from '../../common/contract/chats.ts';
import type { ClientListItem } from '../../common/contract/clients.ts';
import type { MyRequest } from '../../common/contract/requests.ts';
import { requestsRoutes } from '../../common/contract/requests-paths.ts';
import type { Page as ListPage } from '../../common/contract/shared.ts';
import { DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { seriousViolations, shoot, startE2E, type E2E } from './helpers.ts';

let e2e: E2E;

beforeAll(async () => {
  // Reminders fire within a second here (the default timer is 15 s); the back end inherits this variable.
  process.env.SERVICE_DESK_JOBS_INTERVAL_MS = '1000';
  e2e = await startE2E('service-desk');
}, 150_000);

afterAll(async () => {
  delete process.env.SERVICE_DESK_JOBS_INTERVAL_MS;
  await e2e?.stop();
});


/** The client's side through the gateway, as `npm run demo:chat` and `demo:request` do. */
async function asClient<T>(path: string, body?: unknown): Promise<T> {
  const token = await emulatorIdToken(e2e.stack.authEmulatorHost, 'client@example.com', DEMO_PASSWORD);
  const response = await fetch(`${e2e.stack.url}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Firebase ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A staff GET through the gateway, as the ADMIN past its second factor. */
async function asAdmin<T>(path: string): Promise<T> {
  const { email, password } = e2e.account('ADMIN');
  const token = await emulatorIdToken(e2e.stack.authEmulatorHost, email, password);
  const response = await fetch(`${e2e.stack.url}/api/${path}`, { headers: { authorization: `Firebase ${token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

describe('tasks', () => {
  it('drags a task across the board, and moves one with the keyboard', async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/tasks');
    await page.getByRole('table', { name: 'Tasks' }).locator('.data-table__body [role="row"]').first().waitFor();
    await shoot(page, 'tasks-list');
    await page.getByRole('button', { name: 'Board' }).click();
    const todo = page.locator('[data-status="to_do"]');
    const progress = page.locator('[data-status="in_progress"]');
    const card = todo.locator('.task-card').first();
    await card.waitFor();
    const taskId = await card.getAttribute('data-task-id');
    await shoot(page, 'tasks-board');
    const from = (await card.boundingBox())!;
    const to = (await progress.boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 30);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 40, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => progress.locator(`[data-task-id="${taskId}"]`).count()).toBe(1);

    // Keyboard: focus a card, Space, Right, Space moves it one column on.
    // After the first move's write and the board's read again, so the card keeps its place while it moves.
    await page.waitForTimeout(1000);
    const nextId = await todo.locator('.task-card').first().getAttribute('data-task-id');
    const next = todo.locator(`[data-task-id="${nextId}"]`);
    await next.focus();
    // dnd-kit measures the columns when the drag starts; each key waits a moment as a person would.
    for (const key of ['Space', 'ArrowRight', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => progress.locator(`[data-task-id="${nextId}"]`).count()).toBe(1);

    await progress.locator(`[data-task-id="${taskId}"] .task-card__title`).click();
    await page.getByRole('dialog').getByText('Timeline').waitFor();
    await shoot(page, 'task-dialog');
    await page.close();
  });

  it('saves a view of the Tasks list, and moves every task matching it from its second page as one job', async () => {
    const page = await e2e.signedInAs('ADMIN', '/tasks?assignee=all&status=to_do&page=2');
    const table = page.getByRole('table', { name: 'Tasks' });
    await table.locator('.data-table__body [role="row"]').first().waitFor();
    await page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel('Name').fill('To do, everyone');
    await save.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'To do, everyone', pressed: true }).waitFor();

    await table.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    const selectAll = page.getByRole('button', { name: /^Select all \d+ matching$/ });
    const total = Number((await selectAll.textContent())!.match(/\d+/)![0]);
    await selectAll.click();
    await page.getByText(`All ${total} tasks matching selected`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'tasks-selected');
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Change status…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change status in bulk' });
    await dialog.getByText(`Change status ${total} tasks`).waitFor();
    await dialog.getByLabel('Move to').selectOption({ label: 'In progress' });
    await dialog.getByRole('button', { name: 'Change status' }).click();
    const results = page.getByRole('region', { name: 'Bulk action results' });
    await results.getByText(new RegExp(`Change status: ${total} of ${total} tasks \\(finished\\)`)).waitFor({ timeout: 60_000 });
    // The demo's frozen client's tasks are refused (409 CLIENT_FROZEN, so skipped): nothing may be done for it until the freeze is lifted.
    const frozen = (await asAdmin<ListPage<ClientListItem>>('clients/?page_size=100')).results.filter((client) => client.frozen);
    let held = 0;
    for (const client of frozen) held += (await asAdmin<ListPage<unknown>>(`tasks/?assignee=all&status=to_do&client=${client.id}`)).count;
    await results.getByText(`${total - held} done · ${held} skipped · 0 failed`).waitFor();
    // Chats: the conversations' own checkboxes, the selection bar and 'Next unassigned' pass axe too.
    await page.goto(`${e2e.stack.url}/chats`);
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Resolve…' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await shoot(page, 'tasks-bulk-done');

    // The saved view is on the server: the plain list offers it, and it opens the same filter (now empty).
    await page.goto(`${e2e.stack.url}/tasks`);
    await page.getByRole('button', { name: 'To do, everyone' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'to_do' && url.searchParams.get('assignee') === 'all');
    await page.getByRole('button', { name: 'To do, everyone', pressed: true }).waitFor();
    await expect.poll(() => table.locator('.data-table__body [role="row"]').filter({ hasText: 'To do' }).count()).toBe(held);
    await page.close();
  }, 180_000);
});

describe('on-demand requests', () => {
  it("shows a client's request, quotes it, and converts it into tasks once the client accepts", async () => {
    const mine = await asClient<MyRequest>(requestOf(requestsRoutes.mine).path, { type: 'noc_letter', details: 'No-objection letter for our accountant, Mr. Suresh Kumar, for a Schengen visa.' });
    const page = await e2e.signedInAs('BOOKKEEPER', '/on-demand-requests');
    const row = page.getByRole('table', { name: 'Requests' }).getByRole('button', { name: 'No-objection letter' }).first();
    await row.waitFor();
    await shoot(page, 'requests-inbox');
    await page.goto(`${e2e.stack.url}/on-demand-requests?request=${mine.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Mr. Suresh Kumar').waitFor();
    await dialog.getByLabel('Fee (AED, before VAT)').fill('350');
    await dialog.getByRole('button', { name: 'Quote a fee' }).click();
    await dialog.getByText('AED 367.50').first().waitFor();
    await expect.poll(async () => (await dialog.getByRole('button', { name: 'Convert to tasks' }).isDisabled())).toBe(true);
    await asClient(requestOf(requestsRoutes.acceptQuote, { requestId: mine.id }).path, {});
    await page.reload();
    await page.getByRole('dialog').getByText(/\(accepted by the client\)/).waitFor();
    await shoot(page, 'request-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Convert to tasks' }).click();
    await page.getByRole('dialog').locator('.request-detail__task').first().waitFor();
    await page.close();
  });
});

describe('chats', () => {
  it('receives a client message live with the unread count, answers it, and shows a reminder firing as a toast', async () => {
    const page = await e2e.signedInAs('BOOKKEEPER', '/chats');
    const list = page.getByRole('complementary', { name: 'Conversations' });
    await list.locator('.chat-row').first().waitFor();
    const token = await emulatorIdToken(e2e.stack.authEmulatorHost, 'bookkeeper@example.com', DEMO_PASSWORD);
    const conversations = (await (await fetch(`${e2e.stack.url}/api/${requestOf(chatsRoutes.list).path}?page_size=50`, { headers: { authorization: `Firebase ${token}` } })).json()) as ListPage<ConversationItem>;
    const mine = (await asClient<MessagePage>(requestOf(chatsRoutes.mine).path)).results[0]!.conversation_id;
    expect(conversations.results.map((item) => item.id)).toContain(mine);
    // Another conversation open: the client's message shows in the list's unread count and the nav badge.
    const other = conversations.results.find((item) => item.id !== mine)!;
    await list.locator(`[data-conversation="${other.id}"]`).click();
    const badge = page.locator('.side-nav__item', { hasText: 'Chats' }).locator('.side-nav__count');
    const unread = async () => ((await badge.count()) === 0 ? 0 : Number.parseInt((await badge.textContent()) ?? '0', 10));
    const before = await unread();
    const sentAt = Date.now();
    await asClient(requestOf(chatsRoutes.myMessages).path, { body: 'Hello from Layla, did you receive the March invoices? https://example.com/invoices' });
    await expect.poll(() => list.locator(`[data-conversation="${mine}"] .chat-row__unread`).count(), { timeout: 10_000 }).toBe(1);
    console.log(`chat message to the staff list: ${Date.now() - sentAt} ms`);
    await expect.poll(unread).toBeGreaterThan(before);
    await list.locator(`[data-conversation="${mine}"]`).click();
    const log = page.getByRole('log');
    await log.getByText('did you receive the March invoices?').waitFor();
    await expect(log.getByRole('link', { name: 'https://example.com/invoices' }).getAttribute('rel')).resolves.toContain('noopener');
    await expect.poll(() => list.locator(`[data-conversation="${mine}"] .chat-row__unread`).count()).toBe(0);
    // Live in the open conversation too.
    const liveAt = Date.now();
    await asClient(requestOf(chatsRoutes.myMessages).path, { body: 'Also, <b>not bold</b> please.' });
    await log.getByText('Also, <b>not bold</b> please.').waitFor({ timeout: 10_000 });
    console.log(`chat message into the open conversation: ${Date.now() - liveAt} ms`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Yes, all received. Thank you!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await asClient<MessagePage>(requestOf(chatsRoutes.mine).path)).results.at(-1)?.body).toBe('Yes, all received. Thank you!');
    await shoot(page, 'chats');
    // A reminder two seconds ahead fires as a toast.
    await fetch(`${e2e.stack.url}/api/${requestOf(chatsRoutes.reminders).path}`, {
      method: 'POST',
      headers: { authorization: `Firebase ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conversation_id: mine, kind: 'me', at: new Date(Date.now() + 2000).toISOString() }),
    });
    await page.getByRole('region', { name: 'Push notifications' }).getByText(/^Reminder: /).waitFor({ timeout: 20_000 });
    await page.close();
  });
});
