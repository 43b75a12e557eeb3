/** The console's addresses the back end hands out, each built by common/links.ts, keep the shape the console's lists read. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../common/access.ts';
import {
  chatListPath,
  clientListPath,
  invoiceListPath,
  onboardingListPath,
  requestListPath,
  taskListPath,
  userListPath,
  withQuery,
} from '../../common/links.ts';
import { crmPagePath } from '../../common/contract/crm-paths.ts';
import { enquiryPagePath } from '../../common/contract/enquiries-paths.ts';

describe('console list links', () => {
  it('keeps the query in the order given and leaves absent values out', () => {
    expect(taskListPath()).toBe('/tasks');
    expect(taskListPath({ task: 7 })).toBe('/tasks?task=7');
    expect(taskListPath({ assignee: 'all', task: 7 })).toBe('/tasks?assignee=all&task=7');
    expect(taskListPath({ due: 'overdue' })).toBe('/tasks?due=overdue');
    expect(chatListPath({ filter: 'mine', conversation: 3 })).toBe('/chats?filter=mine&conversation=3');
    expect(requestListPath({ assignee: 'mine', request: 4 })).toBe('/on-demand-requests?assignee=mine&request=4');
    expect(invoiceListPath({ state: 'needs_attention', invoice: 5 })).toBe('/unsynced-inv?state=needs_attention&invoice=5');
    expect(clientListPath({ bookkeeper: 'mine', licence: 30, sort: 'licence_expires_on' })).toBe('/clients?bookkeeper=mine&licence=30&sort=licence_expires_on');
    expect(clientListPath({ sort: 'next_deadline' })).toBe('/clients?sort=next_deadline');
    expect(withQuery(crmPagePath.list, { owner: 12 })).toBe('/crm/list?owner=12');
    expect(withQuery(enquiryPagePath('talktoexpert'), { status: 'new' })).toBe('/talktoexpert?status=new');
  });

  it('encodes values as a component (a space as %20, as the search box writes it)', () => {
    expect(onboardingListPath('call-schedules', { search: 'al noor & co' })).toBe('/call-schedules?search=al%20noor%20%26%20co');
    expect(userListPath({ search: 'a+b@example.test' })).toBe('/users?search=a%2Bb%40example.test');
  });
});

describe('console addresses in the back end', () => {
  it('are never written by hand: no string in backend/src starts with a console page’s path (the builders of common/ make them)', () => {
    const root = fileURLToPath(new URL('../../backend/src', import.meta.url));
    const segments = ROUTES.flatMap((route) => [route.path.slice(1), ...(route.aliases ?? [])]).filter((segment) => segment !== '');
    const escaped = segments.map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    // A quote or backtick, then '/<page>' ending there or going on with '/', '?' or an interpolation.
    const consolePath = new RegExp(`[\`'"]/(${escaped})(?=[/?\`'"]|\\$\\{)`);
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => consolePath.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
    expect(consolePath.test("href: `/registrations/${id}/verification`")).toBe(true);
    expect(consolePath.test("href: '/contactus?status=new'")).toBe(true);
    expect(consolePath.test("url: '/api/registrations/'")).toBe(false);
  });
});
