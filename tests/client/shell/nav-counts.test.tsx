// @vitest-environment happy-dom
/**
 * The onboarding counts on the side navigation: one call, shown on the entries (capped 99+), read again on
 * return to the tab and after any registrations write (its invalidation), not only on a reload.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
import { useNavCounts } from '../../../client/src/config/nav-counts.ts';
import { NavCountsContext } from '../../../client/src/shell/nav-counts.ts';
import { SideNav } from '../../../client/src/shell/side-nav.tsx';
import { resetSession, setSession } from '../../../client/src/state/session.ts';
import { useReactRoot } from '../react-dom.ts';

// The back end is out of reach in a unit test: the API client answers the counts call from here.
const api = vi.hoisted(() => vi.fn());
vi.mock('../../../client/src/lib/api.ts', () => ({ api }));

const dom = useReactRoot();
/** The navigation as the signed-in shell provides it, with every area's counts. */
const NavWithCounts = () => (
  <NavCountsContext value={useNavCounts}>
    <SideNav />
  </NavCountsContext>
);
/** The API client's calls of one path (the navigation also reads the new website enquiries). */
const callsOf = (path: string) => api.mock.calls.filter((call) => call[0] === path).length;
const ENQUIRY_COUNTS = 'enquiries/counts/';
/** Answers the registrations counts with `counts` (in turn) and the enquiries counts with `enquiries`. */
function answer(counts: object[], enquiries: object = { new_total: 0, new_by_kind: {} }): void {
  const queue = [...counts];
  api.mockImplementation((path: string) => Promise.resolve(path === ENQUIRY_COUNTS ? enquiries : queue.length > 1 ? queue.shift() : queue[0]));
}
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  api.mockReset();
  resetSession();
  queryCache.clear();
});

describe('onboarding counts in the navigation', () => {
  it('shows each onboarding entry’s count, capped at 99+, from one call', async () => {
    answer([{ counts: { registrations: 150, 'call-schedules': 7, 'due-diligence': 0, 'pending-payments': 99, 'pending-activation': 3 } }], { new_total: 12, new_by_kind: { contactus: 12 } });
    history.replaceState(null, '', '/registrations');
    act(() => setSession({ role: 'ADMIN' }));
    dom.render(<NavWithCounts />);
    await flush();
    expect(callsOf('registrations/counts/')).toBe(1);
    expect(callsOf(ENQUIRY_COUNTS)).toBe(1);
    const badge = (name: string) => {
      const link = [...dom.container.querySelectorAll('a')].find((element) => element.textContent === name);
      const id = link?.getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : undefined;
    };
    expect(badge('Registration')).toBe('99+ waiting');
    expect(badge('Call Schedule')).toBe('7 waiting');
    expect(badge('Plan Approval')).toBe('99 waiting');
    expect(badge('Due Diligence')).toBeUndefined();
    expect(badge('Website Enquiries')).toBe('12 new');
  });

  it('reads the counts again when the user returns to the tab, and not for a role without onboarding pages', async () => {
    answer([{ counts: { registrations: 1, 'call-schedules': 2 } }]);
    act(() => setSession({ role: 'BD_EXEC' }));
    dom.render(<NavWithCounts />);
    await flush();
    expect(callsOf('registrations/counts/')).toBe(1);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(callsOf('registrations/counts/')).toBe(2);

    api.mockClear();
    act(() => setSession({ role: 'HR_MANAGER' }));
    await flush();
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(api).not.toHaveBeenCalled();
  });

  it('reads the counts again as soon as a write invalidates the registrations area', async () => {
    answer([{ counts: { 'due-diligence': 50 } }, { counts: { 'due-diligence': 49 } }]);
    history.replaceState(null, '', '/due-diligence');
    act(() => setSession({ role: 'BD_MANAGER' }));
    dom.render(<NavWithCounts />);
    await flush();
    const badge = () => dom.container.querySelector('.side-nav__count')?.textContent;
    expect(badge()).toBe('50 waiting');
    act(() => queryCache.invalidate(['registrations']));
    await flush();
    expect(callsOf('registrations/counts/')).toBe(2);
    expect(badge()).toBe('49 waiting');
  });

  it('counts new website enquiries on their entry and reads them again when the area is invalidated (a new one arrived live)', async () => {
    let total = 4;
    api.mockImplementation((path: string) => Promise.resolve(path === ENQUIRY_COUNTS ? { new_total: total, new_by_kind: { difc: total } } : { counts: {} }));
    history.replaceState(null, '', '/difc');
    act(() => setSession({ role: 'MARKETING' }));
    dom.render(<NavWithCounts />);
    await flush();
    const badge = () => dom.container.querySelector('.side-nav__count')?.textContent;
    expect(badge()).toBe('4 new');
    // MARKETING sees no onboarding page: only the enquiries are asked for.
    expect(callsOf('registrations/counts/')).toBe(0);
    total = 5;
    act(() => queryCache.invalidate(['enquiries']));
    await flush();
    expect(badge()).toBe('5 new');
  });
});
