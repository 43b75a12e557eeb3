// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { effect } from '@preact/signals-react';
import {
  DEFAULT_SESSION,
  TOKEN_STORAGE_KEY,
  resetSession,
  session,
  setSession,
  updateAccessToken,
} from '../../../client/src/state/session.ts';
import { addNotification, notificationCount, notifications, removeRoom } from '../../../client/src/features/notifications/model.ts';

beforeEach(() => {
  resetSession();
  localStorage.clear();
});

describe('session store', () => {
  it('starts from the spec defaults', () => {
    expect(session.value).toEqual(DEFAULT_SESSION);
    expect(session.value.authState).toBe(false);
    expect(session.value.is_vat_registered).toBe(false);
  });

  it('set all: stores the settings, becomes authenticated and mirrors the token to localStorage', () => {
    setSession({ access_token: 'abc', email: 'admin@example.com', role: 'ADMIN', clientId: 7, photo_url: 'https://x/p.png' });
    expect(session.value).toMatchObject({ authState: true, access_token: 'abc', email: 'admin@example.com', role: 'ADMIN', clientId: 7 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
  });

  it('update access token: changes only the token (and its expiry), in memory and in localStorage', () => {
    setSession({ access_token: 'abc', email: 'admin@example.com', role: 'ADMIN' });
    const before = session.value;
    updateAccessToken('def', 1_800_000_000_000);
    expect(session.value).toEqual({ ...before, access_token: 'def', expirationTime: 1_800_000_000_000 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('def');
  });

  it('reset: back to defaults and the stored token removed', () => {
    setSession({ access_token: 'abc', role: 'ADMIN' });
    resetSession();
    expect(session.value).toEqual(DEFAULT_SESSION);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('notifies subscribers once per action', () => {
    const seen: boolean[] = [];
    const stop = effect(() => {
      seen.push(session.value.authState);
    });
    setSession({ role: 'REVIEWER' });
    resetSession();
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it('picks the stored token up when the page loads again', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'from-last-visit');
    vi.resetModules();
    const fresh = await import('../../../client/src/state/session.ts');
    expect(fresh.session.value.access_token).toBe('from-last-visit');
    expect(fresh.session.value.authState).toBe(false);
  });
});

describe('notification state', () => {
  it('removing a room removes every item of it and nothing else', () => {
    notifications.value = [];
    addNotification({ id: '1', room: 'client-4', title: 'a', body: '', receivedAt: 1 });
    addNotification({ id: '2', room: 'client-9', title: 'b', body: '', receivedAt: 2 });
    addNotification({ id: '3', room: 'client-4', title: 'c', body: '', receivedAt: 3 });
    addNotification({ id: '3', room: 'client-4', title: 'c again', body: '', receivedAt: 4 });
    expect(notificationCount.value).toBe(3);
    removeRoom('client-4');
    expect(notifications.value.map((item) => item.id)).toEqual(['2']);
    expect(notificationCount.value).toBe(1);
  });
});
