import { useId } from 'react';
import { notifyError, notifySuccess } from '../lib/toast.ts';
import { Button } from './button.tsx';

/**
 * A one-time link to hand over (a set-password link: the demo sends no e-mail): read-only, selected on focus,
 * with a Copy button. Shown in a dialog that neither a click beside it nor Escape closes (Dialog's
 * closeOnBackdrop={false}), since the link is not shown again.
 */
export function OneTimeLink({ label, link }: { label: string; link: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess('Link copied');
    } catch (error) {
      notifyError('The browser did not allow copying; select the link and copy it by hand.');
      console.warn('Clipboard write failed', error);
    }
  };
  return (
    <div className="one-time-link">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="one-time-link__row">
        <input id={id} className="field__input one-time-link__input" readOnly value={link} onFocus={(event) => event.target.select()} />
        <Button variant="outlined" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </div>
  );
}
