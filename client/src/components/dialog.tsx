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
    // The control that opened the dialog gets the focus back when it closes (Escape included): the dialog is
    // gone from the page by then, so the browser's own return of focus has nothing to return from.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    dialog.showModal();
    // showModal focuses the first focusable element (the Close button) unless one carries the autofocus
    // attribute, which React's autoFocus never writes: a field marked data-autofocus, else the first field,
    // else the first control of the content takes the focus instead.
    firstFocus(dialog)?.focus();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
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

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const CONTROLS = `${FIELDS}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/** Where a dialog starts: its marked field, else its first field, else its content's first control. */
function firstFocus(dialog: HTMLDialogElement): HTMLElement | null {
  const body = dialog.querySelector('.dialog__body');
  return dialog.querySelector<HTMLElement>('[data-autofocus]') ?? body?.querySelector<HTMLElement>(FIELDS) ?? body?.querySelector<HTMLElement>(CONTROLS) ?? null;
}

interface FormDialogProps {
  title: string;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  busy: boolean;
  /** A refusal shown above the fields (field errors sit beside their fields). */
  error?: string | null;
  submitDisabled?: boolean;
  /** Why the submit button is disabled, shown beside it (a disabled button alone never says why). */
  disabledReason?: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog around one form: Cancel closes, the submit button submits the form and shows 'Please Wait' while busy. */
export function FormDialog({ title, submitLabel, submitVariant = 'primary', busy, error = null, submitDisabled = false, disabledReason, onSubmit, onClose, children }: FormDialogProps) {
  const formId = `${useId()}-form`;
  const reasonId = `${formId}-reason`;
  const reason = submitDisabled && !busy ? disabledReason : undefined;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          {reason && (
            <span id={reasonId} className="dialog__reason">
              {reason}
            </span>
          )}
          <Button variant="outlined" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy} disabled={submitDisabled} aria-describedby={reason ? reasonId : undefined}>
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
