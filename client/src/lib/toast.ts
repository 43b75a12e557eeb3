/**
 * Error and success toasts (spec sections 8 and 9). A fixed toast id per kind keeps at most one of each
 * on screen; a newer message replaces the shown one.
 */
import { toast, type ToastContainerProps } from 'react-toastify/unstyled';
import { errorMessage } from './errors.ts';

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
  if (toast.isActive(kind)) toast.update(kind, { render: message, type: kind, delay: 0 });
  else toast[kind](message, { toastId: kind });
}

export function notifyError(error: unknown): void {
  show('error', errorMessage(error));
}

export function notifySuccess(message: string): void {
  show('success', message);
}
