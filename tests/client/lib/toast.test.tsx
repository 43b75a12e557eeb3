// @vitest-environment happy-dom
/** The error and success toasts rendered by react-toastify into happy-dom: settings of spec section 9, one of each kind at a time. */
import { act } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../client/src/lib/errors.ts';
import { TOAST_CONTAINER_PROPS, notifyError, notifySuccess } from '../../../client/src/lib/toast.ts';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();

beforeEach(() => {
  dom.render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
});

const toasts = () => dom.texts('.Toastify__toast');
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
    expect(dom.container.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    // With hideProgressBar the timer stays in the DOM (it drives auto-close) but is marked hidden.
    expect([...dom.container.querySelectorAll('.Toastify__progress-bar--wrp')].map((bar) => bar.getAttribute('data-hidden'))).toEqual(['true', 'true']);
  });
});
