/**
 * Error and success toasts (spec sections 8 and 9). A fixed toast id per kind keeps at most one of each
 * on screen; a newer message replaces the shown one. react-toastify loads with the first toast, so the
 * login page's first download does without it: `toastsStarted` tells the app to mount the container then,
 * and react-toastify queues a toast raised before its container is mounted.
 */
import { signal } from '@preact/signals-react';
import type { ToastContainerProps } from 'react-toastify/unstyled';
import { errorMessage } from './errors.ts';

export const toastsStarted = signal(false);

export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: 2000,
  hideProgressBar: true,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
} satisfies ToastContainerProps;

type Kind = 'error' | 'success';

function show(kind: Kind, message: string): void {
  toastsStarted.value = true;
  import('react-toastify/unstyled').then(
    ({ toast }) => {
      if (toast.isActive(kind)) toast.update(kind, { render: message, type: kind, delay: 0 });
      else toast[kind](message, { toastId: kind });
    },
    (error: unknown) => console.error(`Could not show the ${kind} toast '${message}'`, error),
  );
}

export function notifyError(error: unknown): void {
  show('error', errorMessage(error));
}

export function notifySuccess(message: string): void {
  show('success', message);
}
