// @vitest-environment happy-dom
/**
 * An open record follows the notification stream with no code per page: a notification whose link names the
 * page on screen (the task the reviewer returned, the client whose report was approved, the request whose
 * quote was accepted) reads again what the page watches; one naming another record changes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord, RecordSubject } from '../../../common/contract/notifications.ts';
import { keysOfSubject, linkNamesOpenPage, publishNotification } from '../../../client/src/lib/notification-events.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
// The areas' api.ts register what each record's change makes stale when they load, as the pages load them.
import { clientKeys } from '../../../client/src/features/clients/api.ts';
import { tasks } from '../../../client/src/features/tasks/api.ts';
import { requestKeys } from '../../../client/src/features/on-demand-requests/api.ts';
import { invoiceKeys } from '../../../client/src/features/unsynced-inv/api.ts';
import { crmKeys } from '../../../client/src/features/crm/api.ts';
import { enquiryKeys } from '../../../client/src/features/contactus/api.ts';
import { careers } from '../../../client/src/features/careers/api.ts';
import { chatKeys } from '../../../client/src/features/chats/api.ts';
import { registrationKeys } from '../../../client/src/features/registrations/api.ts';
import { amlKeys } from '../../../client/src/features/registrations/aml-api.ts';
import { matchesKey } from '../../../client/src/lib/query-cache.ts';
import { keyOf } from '../../../client/src/lib/endpoints.ts';

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

const about = (subject: RecordSubject, link: string | null = '/'): NotificationRecord => ({ ...notification(link), subject });

describe('a record named by the stream reads again wherever it is open', () => {
  it('maps each record to the keys of the views that show it', () => {
    const covers = (subject: RecordSubject, key: readonly unknown[]) => keysOfSubject(subject).some((prefix) => matchesKey(key, prefix));
    expect(covers({ entity: 'monthly_report', id: 40, client_id: 5 }, clientKeys.reports(5))).toBe(true);
    expect(covers({ entity: 'monthly_report', id: 40, client_id: 5 }, clientKeys.reports(6))).toBe(false);
    expect(covers({ entity: 'monthly_report', id: 40, client_id: 5 }, clientKeys.reviewQueue(1))).toBe(true);
    expect(covers({ entity: 'client', id: 5, client_id: 5 }, clientKeys.client(5))).toBe(true);
    expect(covers({ entity: 'task', id: 12, client_id: 5 }, keyOf(tasks.task, { params: { taskId: 12 } }))).toBe(true);
    expect(covers({ entity: 'task', id: 12, client_id: 5 }, keyOf(tasks.task, { params: { taskId: 13 } }))).toBe(false);
    expect(covers({ entity: 'service_request', id: 3, client_id: 5 }, requestKeys.request(3))).toBe(true);
    expect(covers({ entity: 'invoice', id: 8, client_id: 5 }, invoiceKeys.invoice(8))).toBe(true);
    expect(covers({ entity: 'lead', id: 2, client_id: null }, crmKeys.lead(2))).toBe(true);
    expect(covers({ entity: 'enquiry', id: 2, client_id: null }, enquiryKeys.detail(2))).toBe(true);
    expect(covers({ entity: 'job_post', id: 2, client_id: null }, keyOf(careers.job, { params: { id: 2 } }))).toBe(true);
    expect(covers({ entity: 'job_application', id: 2, client_id: null }, keyOf(careers.application, { params: { id: 2 } }))).toBe(true);
    expect(covers({ entity: 'conversation', id: 2, client_id: null }, chatKeys.conversation(2))).toBe(true);
    expect(keysOfSubject({ entity: 'faq', id: 1, client_id: null })).toEqual([]);
  });

  it("reads the open registration's page again when any registration changes (its pages are keyed by the client's user)", () => {
    history.replaceState(null, '', '/home');
    const review = watched(registrationKeys.review(31));
    const timeline = watched(registrationKeys.timeline(31));
    const screening = watched(amlKeys.screening(31));
    const hosts = watched(registrationKeys.hosts);
    publishNotification(about({ entity: 'registration', id: 9, client_id: null }, null));
    expect(review).toHaveBeenCalledTimes(1);
    expect(timeline).toHaveBeenCalledTimes(1);
    expect(screening).not.toHaveBeenCalled();
    publishNotification(about({ entity: 'aml_match', id: 4, client_id: null }, null));
    expect(screening).toHaveBeenCalledTimes(1);
    expect(hosts).not.toHaveBeenCalled();
  });

  it("reads the bookkeeper's open report again when the reviewer's approval links elsewhere", () => {
    history.replaceState(null, '', '/clients/5');
    const reports = watched(clientKeys.reports(5));
    const other = watched(clientKeys.reports(6));
    publishNotification(about({ entity: 'monthly_report', id: 40, client_id: 5 }, '/somewhere-else'));
    expect(reports).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('reads an open task again from a notification without a link', () => {
    history.replaceState(null, '', '/home');
    const task = watched(keyOf(tasks.task, { params: { taskId: 12 } }));
    publishNotification(about({ entity: 'task', id: 12, client_id: 5 }, null));
    expect(task).toHaveBeenCalledTimes(1);
  });
});

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
