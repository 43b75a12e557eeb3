import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import './dialog.css';

interface DialogProps {
  title: string;
  /** Escape, the close button and the backdrop all call it; the parent unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** The action buttons. */
  footer?: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: showModal gives the focus trap, Escape, the inert page
 * behind and the top layer, so none of that is hand-written. Mount it to open it.
 */
export function Dialog({ title, onClose, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the dialog element itself, not its content, is a click on the backdrop.
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => onCloseRef.current()}>
            <Icon name="close" size={18} />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
