import { useEffect, useId, useRef, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import { FormError } from './text-field.tsx';
import './dialog.css';

interface DialogProps {
  title: string;
  /** Escape, the close button and the backdrop all call it; the parent unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** The action buttons. */
  footer?: ReactNode;
  /**
   * false for a dialog that shows something once (a one-time link): neither a click beside it nor Escape
   * closes it (the link would be lost), only its own buttons do.
   */
  closeOnBackdrop?: boolean;
  /** While an action runs nothing closes the dialog, so its answer is not lost. */
  busy?: boolean;
}

/**
 * The one modal dialog, on the native <dialog> element (a field marked `data-autofocus` starts with the focus): showModal gives the focus trap, Escape, the inert
 * page behind and the top layer, so none of that is hand-written. Mount it to open it.
 *
 * The second click of a double click never acts inside it: a double click on the button that opened the
 * dialog, or on a submit whose answer replaced the dialog's content, would otherwise land on whatever now
 * sits under the pointer (the confirm button, 'Done' over a one-time link).
 */
export function Dialog({ title, onClose, children, footer, closeOnBackdrop = true, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const close = () => {
    if (!busyRef.current) onCloseRef.current();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    // showModal focuses the first focusable element (the Close button) unless one carries the autofocus
    // attribute, which React's autoFocus never writes: a field marked data-autofocus takes the focus instead.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => dialog.close();
  }, []);

  const ignoreRepeatClicks = (event: MouseEvent) => {
    if (event.detail > 1) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (closeOnBackdrop) close();
      }}
      onClickCapture={ignoreRepeatClicks}
      onClick={(event) => {
        // A click on the dialog element itself, not its content, is a click on the backdrop.
        if (event.target === ref.current && closeOnBackdrop) close();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" disabled={busy} onClick={close}>
            <Icon name="close" size={18} />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}

interface FormDialogProps {
  title: string;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  busy: boolean;
  /** A refusal shown above the fields (field errors sit beside their fields). */
  error?: string | null;
  submitDisabled?: boolean;
  /** Why the submit button is disabled, said beside it (and read with it). */
  submitDisabledReason?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog around one form: Cancel closes, the submit button submits the form and shows 'Please Wait' while busy. */
export function FormDialog({ title, submitLabel, submitVariant = 'primary', busy, error = null, submitDisabled = false, submitDisabledReason = null, onSubmit, onClose, children }: FormDialogProps) {
  const formId = `${useId()}-form`;
  const why = submitDisabled && submitDisabledReason ? submitDisabledReason : null;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          {why && (
            <p id={`${formId}-why`} className="dialog__why" role="status">
              {why}
            </p>
          )}
          <Button variant="outlined" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy} disabled={submitDisabled} aria-describedby={why ? `${formId}-why` : undefined}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="dialog__form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <FormError message={error} />
        {children}
      </form>
    </Dialog>
  );
}
