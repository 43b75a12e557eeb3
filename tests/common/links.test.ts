/** The console's addresses the back end hands out, each built by common/links.ts, keep the shape the console's lists read. */
import { describe, expect, it } from 'vitest';
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
