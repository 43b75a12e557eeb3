import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';

/** The set-password link to hand over (the demo sends no e-mail), with a copy button. */
export function SetPasswordLink({ email, link }: { email: string; link: string }) {
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
    <div className="set-password-link">
      <p className="users-dialog__note">
        Send this link to {email}. It opens the console's set-password page; after choosing a password they sign in with it. The link works once.
      </p>
      <label className="field__label" htmlFor={id}>
        Set-password link
      </label>
      <div className="set-password-link__row">
        <input id={id} className="field__input set-password-link__input" readOnly value={link} onFocus={(event) => event.target.select()} />
        <Button variant="outlined" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </div>
  );
}
