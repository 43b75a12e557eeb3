// @vitest-environment happy-dom
/**
 * One-time set-password links and sign-in: the dialog showing a link does not close on Escape (nor a click
 * beside it), the link comes with a Copy button wherever it is shown, and a double click on 'Sign in' sends
 * one sign-in.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../../client/src/components/dialog.tsx';
import { OneTimeLink } from '../../../../client/src/components/one-time-link.tsx';
import { LoginPage } from '../../../../client/src/features/auth/login-page.tsx';
import { authStatus } from '../../../../client/src/state/session.ts';
import { useReactRoot } from '../../react-dom.ts';

const signIn = vi.hoisted(() => vi.fn(() => new Promise<void>(() => undefined)));
vi.mock('../../../../client/src/lib/auth.ts', () => ({ signIn }));
vi.mock('../../../../client/src/lib/toast.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const dom = useReactRoot();

describe('one-time link dialogs', () => {
  it('stay open on Escape when they show something once, and close on it otherwise', () => {
    const onClose = vi.fn();
    dom.render(
      <Dialog title="Invited" onClose={onClose} closeOnBackdrop={false}>
        <OneTimeLink label="Set-password link" link="https://console.example/users/set-password?oobCode=x" />
      </Dialog>,
    );
    const escape = () => act(() => dom.container.querySelector('dialog')?.dispatchEvent(new Event('cancel', { cancelable: true })));
    escape();
    expect(onClose).not.toHaveBeenCalled();
    dom.render(
      <Dialog title="Other" onClose={onClose}>
        <p>Nothing to lose</p>
      </Dialog>,
    );
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('show the link with a Copy button', () => {
    dom.render(<OneTimeLink label="Set-password link for lead@example.com" link="https://console.example/x" />);
    expect(dom.container.querySelector<HTMLInputElement>('input[readonly]')?.value).toBe('https://console.example/x');
    expect(dom.texts('button')).toContain('Copy link');
  });
});

describe('sign-in', () => {
  it('sends one sign-in for a double click', async () => {
    authStatus.value = 'signed-out';
    dom.render(<LoginPage />);
    const form = dom.container.querySelector('form')!;
    await act(async () => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await Promise.resolve();
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(signIn).toHaveBeenCalledTimes(1);
  });
});
