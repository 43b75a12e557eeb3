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

/**
 * The toast shown of each kind. Each message gets its own id and the one before is dismissed: a fixed id
 * reused while its toast was still leaving showed the old text again instead of the new one.
 */
const shown: Record<Kind, string | null> = { error: null, success: null };
let serial = 0;

function show(kind: Kind, message: string): void {
  toastsStarted.value = true;
  import('react-toastify/unstyled').then(
    ({ toast }) => {
      const current = shown[kind];
      if (current !== null && toast.isActive(current)) {
        toast.update(current, { render: message, type: kind, delay: 0 });
        return;
      }
      if (current !== null) toast.dismiss(current);
      serial += 1;
      shown[kind] = `${kind}-${serial}`;
      toast[kind](message, { toastId: shown[kind] });
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

/** A refusal the console itself decides (no call was made): shown as an error toast. */
export function notifyRefused(message: string): void {
  show('error', message);
}
