// @vitest-environment happy-dom
/**
 * A user deactivated while signed in learns why on the login page they are sent to: the provider's refusal
 * ('auth/user-disabled') is kept as the page's notice, not only in a two-second toast lost in the page
 * change, and a session dropped without a reason still says it ended.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../../client/src/features/auth/login-page.tsx';
import { tellReason } from '../../../../client/src/lib/session-end-reason.ts';
import { authStatus, sessionEndNotice } from '../../../../client/src/state/session.ts';
import { useReactRoot } from '../../react-dom.ts';

vi.mock('../../../../client/src/lib/toast.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const dom = useReactRoot();
afterEach(() => {
  sessionEndNotice.value = null;
});

describe('the reason a session ended', () => {
  it('is said on the login page after the account was disabled', async () => {
    await act(() => tellReason({ code: 'auth/user-disabled' }));
    authStatus.value = 'signed-out';
    dom.render(<LoginPage />);
    expect(dom.texts('[role="alert"]')).toEqual(['This account has been disabled. Please contact your administrator.']);
  });

  it('is not shown to someone who simply opens the login page', () => {
    authStatus.value = 'signed-out';
    dom.render(<LoginPage />);
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
  });
});
