/** The notification model's server side: the unread count keeps the newest request's answer, and items map with their room. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '../../../../common/contract/notifications.ts';

const answers: ((value: unknown) => void)[] = [];
// The API client is replaced so the test decides when each answer arrives (the server is not the subject here).
vi.mock('../../../../client/src/lib/api.ts', () => ({
  api: vi.fn(() => new Promise((resolve) => answers.push(resolve))),
}));

const { refreshUnreadCount, toItem } = await import('../../../../client/src/features/notifications/notification-center.ts');
const { notificationCount, removeRoom, addNotification, notifications, unreadCount } = await import('../../../../client/src/features/notifications/model.ts');

beforeEach(() => {
  answers.length = 0;
  unreadCount.value = null;
  notifications.value = [];
});

describe('unread count', () => {
  it('drops an answer that arrives after a newer request’s', async () => {
    const older = refreshUnreadCount();
    const newer = refreshUnreadCount();
    answers[1]!({ unread: 3 });
    await newer;
    answers[0]!({ unread: 7 });
    await older;
    expect(unreadCount.value).toBe(3);
    expect(notificationCount.value).toBe(3);
  });
});

describe('notification items', () => {
  it('carry a room (the page they open), and removing a room removes all of its items', () => {
    const record = (id: number, link: string | null): NotificationRecord => ({
      id,
      kind: 'resubmitted',
      title: `n${id}`,
      body: '',
      link,
      created_at: new Date(Date.UTC(2026, 10, 23, 10, id)).toISOString(),
      read_at: null,
    });
    for (const item of [record(1, '/due-diligence/details/4'), record(2, '/settings'), record(3, '/due-diligence/details/4')]) addNotification(toItem(item));
    expect(notifications.value.map((item) => item.id)).toEqual(['3', '2', '1']);
    expect(notifications.value[0]).toMatchObject({ room: '/due-diligence/details/4', read: false });
    removeRoom('/due-diligence/details/4');
    expect(notifications.value.map((item) => item.id)).toEqual(['2']);
  });
});
