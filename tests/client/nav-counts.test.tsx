// @vitest-environment happy-dom
/**
 * The onboarding counts on the side navigation: one call, shown on the entries (capped 99+), read again on
 * return to the tab and after any registrations write (its invalidation), not only on a reload.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryCache } from '../../client/src/lib/query-cache.ts';
import { SideNav } from '../../client/src/shell/side-nav.tsx';
import { resetSession, setSession } from '../../client/src/state/session.ts';
import { useReactRoot } from './react-dom.ts';

// The back end is out of reach in a unit test: the API client answers the counts call from here.
const api = vi.hoisted(() => vi.fn());
vi.mock('../../client/src/lib/api.ts', () => ({ api }));

const dom = useReactRoot();
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  api.mockReset();
  resetSession();
  queryCache.clear();
});

describe('onboarding counts in the navigation', () => {
  it('shows each onboarding entry’s count, capped at 99+, from one call', async () => {
    api.mockResolvedValue({ counts: { registrations: 150, 'call-schedules': 7, 'due-diligence': 0, 'pending-payments': 99, 'pending-activation': 3 } });
    history.replaceState(null, '', '/registrations');
    act(() => setSession({ role: 'ADMIN' }));
    dom.render(<SideNav />);
    await flush();
    expect(api).toHaveBeenCalledTimes(1);
    expect(api.mock.calls[0]?.[0]).toBe('registrations/counts/');
    const badge = (name: string) => {
      const link = [...dom.container.querySelectorAll('a')].find((element) => element.textContent === name);
      const id = link?.getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : undefined;
    };
    expect(badge('Registration')).toBe('99+ waiting');
    expect(badge('Call Schedule')).toBe('7 waiting');
    expect(badge('Plan Approval')).toBe('99 waiting');
    expect(badge('Due Diligence')).toBeUndefined();
  });

  it('reads the counts again when the user returns to the tab, and not for a role without onboarding pages', async () => {
    api.mockResolvedValue({ counts: { registrations: 1, 'call-schedules': 2 } });
    act(() => setSession({ role: 'BD_EXEC' }));
    dom.render(<SideNav />);
    await flush();
    expect(api).toHaveBeenCalledTimes(1);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(api).toHaveBeenCalledTimes(2);

    api.mockClear();
    act(() => setSession({ role: 'HR_MANAGER' }));
    await flush();
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(api).not.toHaveBeenCalled();
  });

  it('reads the counts again as soon as a write invalidates the registrations area', async () => {
    api.mockResolvedValueOnce({ counts: { 'due-diligence': 50 } }).mockResolvedValueOnce({ counts: { 'due-diligence': 49 } });
    history.replaceState(null, '', '/due-diligence');
    act(() => setSession({ role: 'BD_MANAGER' }));
    dom.render(<SideNav />);
    await flush();
    const badge = () => dom.container.querySelector('.side-nav__count')?.textContent;
    expect(badge()).toBe('50 waiting');
    act(() => queryCache.invalidate(['registrations']));
    await flush();
    expect(api).toHaveBeenCalledTimes(2);
    expect(badge()).toBe('49 waiting');
  });
});
