/**
 * Push toasts (spec sections 4 and 9): a custom toast for push messages, beside the error and success
 * toasts. Variants info, success, warning, error; 5000 ms by default, then a 300 ms exit; a sound at
 * volume 0.8 (a browser that blocks playback only costs a warning).
 */
import { signal } from '@preact/signals-react';

export type PushToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface PushToastOptions {
  variant?: PushToastVariant;
  title: string;
  body?: string;
  /** Auto-close after this many ms; default 5000. */
  duration?: number;
  /** Shows 'Remind Later', which calls this and closes the toast. */
  onRemind?: () => void;
  /** Makes the toast's text a button that calls this and closes it (e.g. open the notification's page). */
  onOpen?: () => void;
  /** Play the sound; default true. */
  sound?: boolean;
}

export interface PushToast extends Required<Pick<PushToastOptions, 'variant' | 'title' | 'duration'>> {
  id: number;
  body: string;
  onRemind: (() => void) | undefined;
  onOpen: (() => void) | undefined;
}

export const PUSH_TOAST_DURATION_MS = 5000;
export const PUSH_TOAST_EXIT_MS = 300;
export const PUSH_TOAST_DRAG_THRESHOLD = 0.8;
export const PUSH_TOAST_VOLUME = 0.8;
export const PUSH_TOAST_SOUND_URL = '/sounds/notification.wav';

export const pushToasts = signal<readonly PushToast[]>([]);

let nextId = 1;

export function showPushToast(options: PushToastOptions): number {
  const toast: PushToast = {
    id: nextId++,
    variant: options.variant ?? 'info',
    title: options.title,
    body: options.body ?? '',
    duration: options.duration ?? PUSH_TOAST_DURATION_MS,
    onRemind: options.onRemind,
    onOpen: options.onOpen,
  };
  pushToasts.value = [...pushToasts.value, toast];
  if (options.sound !== false) playSound();
  return toast.id;
}

export function removePushToast(id: number): void {
  pushToasts.value = pushToasts.value.filter((toast) => toast.id !== id);
}

function playSound(): void {
  try {
    const audio = new Audio(PUSH_TOAST_SOUND_URL);
    audio.volume = PUSH_TOAST_VOLUME;
    audio.play().catch((error: unknown) => console.warn('Notification sound was blocked', error));
  } catch (error) {
    console.warn('Notification sound was blocked', error);
  }
}
