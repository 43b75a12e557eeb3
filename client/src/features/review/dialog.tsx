import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Resolves when the action has finished (or failed); the button shows 'Please Wait' meanwhile. */
  busy: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A modal confirmation on the native dialog element (focus trap, Escape and backdrop handled by the browser). */
export function Dialog({ open, title, children, confirmLabel, busy, confirmDisabled = false, onConfirm, onClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="review-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id={titleId} className="review-dialog__title">
          {title}
        </h2>
        <div className="review-dialog__body">{children}</div>
        <div className="review-dialog__actions">
          <Button variant="outlined" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
