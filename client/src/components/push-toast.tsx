/**
 * The push toasts' host: top-right, 24 rem wide, each toast closing itself after its duration with a 300 ms
 * exit. 'Remind Later' runs its callback and closes; X or Escape closes; dragging sideways past 80 % of the
 * toast's width dismisses it. Announced politely (errors and warnings assertively) to screen readers.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from './icon.tsx';
import { PUSH_TOAST_DRAG_THRESHOLD, PUSH_TOAST_EXIT_MS, pushToasts, removePushToast, type PushToast } from '../lib/push-toast.ts';
import './push-toast.css';

export function PushToastHost() {
  useSignals();
  return (
    <div className="push-toasts" role="region" aria-label="Push notifications">
      {pushToasts.value.map((toast) => (
        <PushToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function PushToastItem({ toast }: { toast: PushToast }) {
  const [leaving, setLeaving] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; width: number; pointerId: number } | null>(null);

  useEffect(() => {
    if (leaving) {
      const timer = setTimeout(() => removePushToast(toast.id), PUSH_TOAST_EXIT_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setLeaving(true), toast.duration);
    return () => clearTimeout(timer);
  }, [leaving, toast.id, toast.duration]);

  const close = () => setLeaving(true);
  const setOffset = (px: number) => element.current?.style.setProperty('--push-toast-drag', `${px}px`);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { startX: event.clientX, width: event.currentTarget.getBoundingClientRect().width, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.classList.add('push-toast--dragging');
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) setOffset(event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.classList.remove('push-toast--dragging');
    const distance = Math.abs(event.clientX - start.startX);
    if (start.width > 0 && distance >= start.width * PUSH_TOAST_DRAG_THRESHOLD) {
      removePushToast(toast.id);
      return;
    }
    setOffset(0);
  };

  const urgent = toast.variant === 'error' || toast.variant === 'warning';
  return (
    <div
      ref={element}
      className={`push-toast push-toast--${toast.variant}${leaving ? ' push-toast--leaving' : ''}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="push-toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <span className="push-toast__icon" aria-hidden="true">
        <Icon name="bell" size={18} />
      </span>
      <div className="push-toast__text">
        {toast.onOpen ? (
          <button
            type="button"
            className="push-toast__title push-toast__open"
            onClick={() => {
              toast.onOpen?.();
              close();
            }}
          >
            {toast.title}
          </button>
        ) : (
          <p className="push-toast__title">{toast.title}</p>
        )}
        {toast.body && <p className="push-toast__body">{toast.body}</p>}
        {toast.onRemind && (
          <button
            type="button"
            className="push-toast__remind"
            onClick={() => {
              toast.onRemind?.();
              close();
            }}
          >
            Remind Later
          </button>
        )}
      </div>
      <button type="button" className="icon-button push-toast__close" aria-label="Dismiss notification" onClick={close}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
