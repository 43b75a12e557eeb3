import { useState, type FormEvent } from 'react';
import { sendPasswordResetEmail } from 'firebase/auth';
import { Link } from 'wouter';
import { LOGIN_PATH, SET_PASSWORD_PATH } from '../../../../common/access.ts';
import { MAX_EMAIL_LENGTH } from '../../../../common/contract/http.ts';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/text-field.tsx';
import { CountedTextField } from '../../components/counted-field.tsx';
import { whenAuthReady } from '../../lib/auth.ts';
import { authErrorMessage } from '../../lib/auth-messages.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * 'Forgot password?': the provider e-mails a reset link that opens the console's set-password page. The
 * answer is the same whether or not the address has an account. The demo sends no e-mail: there the page
 * also shows the link the Auth emulator made, as the Users page shows an invitation's link.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [demoLink, setDemoLink] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError('Enter your email address.');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(address);
      setDemoLink(await emulatorResetLink(address));
      setSentTo(address);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title="Check your email">
        <div className="auth-form">
          <p role="status">
            If an account exists for {sentTo}, we have sent it a link to reset the password. The link opens this console's set-password page.
          </p>
          {demoLink && (
            <p className="auth-demo-note">
              Demo: no e-mail is sent. <Link href={demoLink}>Open the reset link</Link>
            </p>
          )}
          <Link className="button button--outlined auth-form__link-button" href={LOGIN_PATH}>
            Back to sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot password" subtitle="Enter your email and we will send you a link to set a new password.">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormError message={error} />
        <CountedTextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          near limit={MAX_EMAIL_LENGTH}
          value={email}
          onValueChange={setEmail}
        />
        <Button type="submit" block loading={submitting}>
          Send reset link
        </Button>
        <Link className="auth-form__aside" href={LOGIN_PATH}>
          Back to sign in
        </Link>
      </form>
    </AuthLayout>
  );
}

/**
 * Asks the provider to e-mail a password-reset link (here, not in lib/auth.ts, so the login route does not
 * download it). An unknown address is not an error: the page answers the same either way.
 */
async function requestPasswordReset(email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(await whenAuthReady(), email);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw error;
  }
}

interface EmulatorOobCode {
  email?: string;
  oobCode?: string;
  requestType?: string;
}

/**
 * Demo only (Auth is connected to an emulator only in demo mode): the newest reset code the emulator holds for
 * the address, through its documented REST endpoint, as a console set-password link. null elsewhere.
 */
async function emulatorResetLink(email: string): Promise<string | null> {
  const auth = await whenAuthReady();
  const emulator = auth.emulatorConfig;
  if (!emulator) return null;
  try {
    const origin = `${emulator.protocol}://${emulator.host}${emulator.port === null ? '' : `:${emulator.port}`}`;
    const response = await fetch(`${origin}/emulator/v1/projects/${encodeURIComponent(auth.app.options.projectId ?? '')}/oobCodes`);
    if (!response.ok) return null;
    const { oobCodes = [] } = (await response.json()) as { oobCodes?: EmulatorOobCode[] };
    const code = oobCodes.findLast((entry) => entry.requestType === 'PASSWORD_RESET' && entry.email?.toLowerCase() === email.toLowerCase());
    return code?.oobCode ? `${SET_PASSWORD_PATH}?${new URLSearchParams({ mode: 'resetPassword', oobCode: code.oobCode })}` : null;
  } catch {
    return null;
  }
}
