import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LOGIN_PATH, SET_PASSWORD_PATH } from '../../../../common/access.ts';
import { MAX_EMAIL_LENGTH } from '../../../../common/contract/http.ts';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { authErrorMessage } from '../../lib/auth-messages.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
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
      const { requestPasswordReset } = await import('../../lib/auth.ts');
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
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          maxLength={MAX_EMAIL_LENGTH}
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

interface EmulatorOobCode {
  email?: string;
  oobCode?: string;
  requestType?: string;
}

/**
 * Demo only (the gateway names an emulator only in demo mode): the newest reset code the emulator holds for
 * the address, through its documented REST endpoint, as a console set-password link. null elsewhere.
 */
async function emulatorResetLink(email: string): Promise<string | null> {
  const config = runtimeConfig();
  if (!config?.authEmulatorUrl) return null;
  try {
    const response = await fetch(`${config.authEmulatorUrl}/emulator/v1/projects/${encodeURIComponent(config.firebase.projectId)}/oobCodes`);
    if (!response.ok) return null;
    const { oobCodes = [] } = (await response.json()) as { oobCodes?: EmulatorOobCode[] };
    const code = oobCodes.findLast((entry) => entry.requestType === 'PASSWORD_RESET' && entry.email?.toLowerCase() === email.toLowerCase());
    return code?.oobCode ? `${SET_PASSWORD_PATH}?${new URLSearchParams({ mode: 'resetPassword', oobCode: code.oobCode })}` : null;
  } catch {
    return null;
  }
}
