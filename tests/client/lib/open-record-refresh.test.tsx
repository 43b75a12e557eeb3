// @vitest-environment happy-dom
/**
 * An open record follows the notification stream with no code per page: a notification whose link names the
 * page on screen (the task the reviewer returned, the client whose report was approved, the request whose
 * quote was accepted) reads again what the page watches; one naming another record changes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '../../../common/contract/notifications.ts';
import { linkNamesOpenPage, publishNotification } from '../../../client/src/lib/notification-events.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';

const notification = (link: string | null): NotificationRecord => ({ id: 1, kind: 'test', title: 'Returned', body: '', link, created_at: '2026-11-28T05:00:00Z', read_at: null });

afterEach(() => queryCache.clear());

/** A watched entry, as a mounted page's useQuery makes it; resolves how many times it was read. */
function watched(key: readonly unknown[]) {
  const read = vi.fn(() => Promise.resolve({ status: 'in_review' }));
  const entry = queryCache.entry(key);
  entry.queryFn = read;
  entry.subscribe(() => undefined);
  return read;
}

describe('open records follow the notification stream', () => {
  it('reads the open task again when a notification names it', () => {
    history.replaceState(null, '', '/tasks?task=12');
    const task = watched(['tasks', 'task', 12]);
    publishNotification(notification('/tasks?task=12'));
    expect(task).toHaveBeenCalledTimes(1);
    publishNotification(notification('/tasks?task=13'));
    publishNotification(notification('/on-demand-requests?request=12'));
    publishNotification(notification(null));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("reads the client's page again whichever tab is open when its report changes", () => {
    history.replaceState(null, '', '/clients/5?tab=reports');
    const reports = watched(['clients', 'reports', 5]);
    publishNotification(notification('/clients/5'));
    publishNotification(notification('/clients/6?tab=reports'));
    expect(reports).toHaveBeenCalledTimes(1);
  });

  it('matches by path and record parameters only', () => {
    expect(linkNamesOpenPage('/on-demand-requests?request=3', { pathname: '/on-demand-requests', search: '?request=3&status=open' })).toBe(true);
    expect(linkNamesOpenPage('/on-demand-requests?request=3', { pathname: '/on-demand-requests', search: '?request=4' })).toBe(false);
    expect(linkNamesOpenPage('/clients/5?tab=reports', { pathname: '/clients/5', search: '?tab=overview' })).toBe(true);
    expect(linkNamesOpenPage('/clients/5', { pathname: '/clients/50', search: '' })).toBe(false);
  });
});
