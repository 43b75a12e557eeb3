// @vitest-environment happy-dom
/** The shell's components rendered with React into happy-dom, driven through the session and notification signals. */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Button } from '../../../client/src/components/button.tsx';
import { SideNav } from '../../../client/src/shell/side-nav.tsx';
import { TopBar } from '../../../client/src/shell/top-bar.tsx';
import { notifications } from '../../../client/src/features/notifications/model.ts';
import { resetSession, setSession } from '../../../client/src/state/session.ts';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();
const { render, texts } = dom;

beforeEach(() => {
  resetSession();
  notifications.value = [];
  history.replaceState(null, '', '/');
});

describe('side navigation', () => {
  it('shows an 8-row skeleton while there are no tabs (no role yet)', () => {
    render(<SideNav />);
    expect(dom.container.querySelectorAll('.skeleton-row')).toHaveLength(8);
    expect(dom.container.querySelector('nav')).toBeNull();
  });

  it('shows the role’s entries once the session has a role, and highlights by first segment and alias', () => {
    history.replaceState(null, '', '/fundability/12');
    render(<SideNav />);
    act(() => setSession({ role: 'MARKETING' }));
    expect(texts('nav a')).toEqual(['CRM', 'Website Enquiries', 'Timesheet']);
    expect(texts('.side-nav__link--active')).toEqual(['Website Enquiries']);
  });

  it('opens the group holding the current page, lets the user toggle groups, and marks the exact link current', () => {
    history.replaceState(null, '', '/unsynced-inv');
    act(() => setSession({ role: 'BD_EXEC' }));
    render(<SideNav />);
    const [onboarding, invoice] = [...dom.container.querySelectorAll<HTMLButtonElement>('nav button')];
    expect(onboarding?.getAttribute('aria-expanded')).toBe('false');
    expect(invoice?.getAttribute('aria-expanded')).toBe('true');
    expect(dom.container.querySelector('a[aria-current="page"]')?.textContent).toBe('Unsynced Inv');
    act(() => onboarding?.click());
    expect(onboarding?.getAttribute('aria-expanded')).toBe('true');
    expect(texts('nav a')).toEqual(['Home', 'Website Enquiries', 'Registration', 'Call Schedule', 'Unsynced Inv', 'Timesheet']);
    act(() => invoice?.click());
    expect(dom.container.querySelector(`#${CSS.escape(invoice!.getAttribute('aria-controls')!)}`)?.hasAttribute('hidden')).toBe(true);
  });
});

describe('top bar', () => {
  it("shows 'Unknow User' and 'User' when the profile has neither", () => {
    render(<TopBar title="Home" />);
    expect(texts('.user-block__name')).toEqual(['Unknow User']);
    expect(texts('.user-block__role')).toEqual(['User']);
    expect(texts('h1')).toEqual(['Home']);
  });

  it('shows the display name and the capitalised role label', () => {
    act(() => setSession({ display_name: 'Sara Khoury', role: 'BD_MANAGER' }));
    render(<TopBar title="Home" />);
    expect(texts('.user-block__name')).toEqual(['Sara Khoury']);
    expect(texts('.user-block__role')).toEqual(['Bd Manager']);
  });

  it("shows 'Back To Home' instead of the title on deeper pages", () => {
    history.replaceState(null, '', '/due-diligence/details/4');
    render(<TopBar title="Due Diligence" />);
    expect(dom.container.querySelector('h1')).toBeNull();
    expect(texts('button.back-link')).toEqual(['Back To Home']);
  });

  it('caps the bell badge at 99+ and hides it at zero', () => {
    render(<TopBar title="Home" />);
    expect(dom.container.querySelector('.badge')).toBeNull();
    act(() => {
      notifications.value = Array.from({ length: 120 }, (_, index) => ({ id: `${index}`, room: 'r', title: '', body: '', receivedAt: index }));
    });
    expect(texts('.badge')).toEqual(['99+']);
  });

  it('offers nothing to act on in an empty notification panel', () => {
    render(<TopBar title="Home" />);
    act(() => dom.container.querySelector<HTMLButtonElement>('button[aria-label="Notifications"]')?.click());
    expect(texts('.notification-panel__empty')).toEqual(['No notifications yet']);
    expect(dom.container.querySelector('.notification-panel__mark-all')).toBeNull();
    expect(dom.container.querySelector('.notification-panel__footer')).toBeNull();
  });

  it('toggles the 350 px notification panel between compact and expanded', () => {
    notifications.value = [{ id: '1', room: 'r', title: 'Assigned', body: 'A registration', receivedAt: 1, read: true }];
    render(<TopBar title="Home" />);
    const bell = dom.container.querySelector<HTMLButtonElement>('button[aria-label="Notifications"]');
    act(() => bell?.click());
    const panel = dom.container.querySelector('.notification-panel');
    expect(panel?.classList.contains('notification-panel--expanded')).toBe(false);
    const toggle = () => [...dom.container.querySelectorAll<HTMLButtonElement>('.notification-panel__footer button')][0];
    act(() => toggle()?.click());
    expect(panel?.classList.contains('notification-panel--expanded')).toBe(true);
    expect(toggle()?.textContent).toBe('hide');
    act(() => bell?.click());
    expect(dom.container.querySelector('.notification-panel')).toBeNull();
  });
});

describe('buttons', () => {
  it("show 'Please Wait' with a spinner and are disabled while loading", () => {
    render(<Button loading>Sign in</Button>);
    const button = dom.container.querySelector('button');
    expect(button?.textContent).toBe('Please Wait');
    expect(button?.disabled).toBe(true);
    expect(button?.querySelector('.spinner')).not.toBeNull();
    render(<Button>Sign in</Button>);
    expect(dom.container.querySelector('button')?.textContent).toBe('Sign in');
  });
});
