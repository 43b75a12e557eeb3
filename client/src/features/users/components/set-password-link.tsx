import { OneTimeLink } from '../../../components/one-time-link.tsx';

/** The set-password link to hand over (the demo sends no e-mail), with a copy button. */
export function SetPasswordLink({ email, link }: { email: string; link: string }) {
  return (
    <div className="set-password-link">
      <p className="users-dialog__note">
        Send this link to {email}. It opens the console's set-password page; after choosing a password they sign in with it. The link works once.
      </p>
      <OneTimeLink label="Set-password link" link={link} />
    </div>
  );
}
