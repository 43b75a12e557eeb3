// @vitest-environment happy-dom
/** The error and success toasts rendered by react-toastify into happy-dom: settings of spec section 9, one of each kind at a time. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../client/src/lib/errors.ts';
import { TOAST_CONTAINER_PROPS, notifyError, notifySuccess } from '../../client/src/lib/toast.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<ToastContainer {...TOAST_CONTAINER_PROPS} />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const toasts = () => [...container.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent?.trim());
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('toasts', () => {
  it('use the spec’s settings', () => {
    expect(TOAST_CONTAINER_PROPS).toEqual({
      position: 'top-right',
      autoClose: 2000,
      hideProgressBar: true,
      closeOnClick: true,
      pauseOnHover: true,
      draggable: true,
    });
  });

  it('show at most one error and one success toast, the newest message replacing the shown one', async () => {
    act(() => notifyError(new ApiError('Network error. Please check your internet connection.', 'network', undefined, undefined)));
    await settle();
    act(() => notifyError('Upload failed'));
    act(() => notifySuccess('Saved'));
    await settle();
    act(() => notifySuccess('Saved again'));
    await settle();
    expect(toasts()).toHaveLength(2);
    expect(toasts()).toEqual(expect.arrayContaining(['Upload failed', 'Saved again']));
    expect(container.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    // With hideProgressBar the timer stays in the DOM (it drives auto-close) but is marked hidden.
    expect([...container.querySelectorAll('.Toastify__progress-bar--wrp')].map((bar) => bar.getAttribute('data-hidden'))).toEqual(['true', 'true']);
  });
});
