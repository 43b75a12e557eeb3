import { useRef, useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { FORGOT_PASSWORD_PATH } from '../../../../common/access.ts';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { authErrorMessage, isProviderError } from '../../lib/auth-messages.ts';
import { RETURN_PARAM, destinationAfterSignIn } from '../../lib/routing.ts';
import { authStatus, session, sessionEndNotice } from '../../state/session.ts';
import { AuthLayout } from './auth-layout.tsx';

export function LoginPage() {
  useSignals();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref, not the state: the second click of a double click arrives before the re-render that disables.
  const signingIn = useRef(false);

  if (authStatus.value === 'signed-in') {
    const returnTo = new URLSearchParams(search).get(RETURN_PARAM);
    return <Redirect to={destinationAfterSignIn(session.value.role, returnTo)} replace />;
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn.current) return;
    signingIn.current = true;
    setError(null);
    sessionEndNotice.value = null;
    setSubmitting(true);
    try {
      // The auth flow (and Firebase with it) loads after the first render, so the form shows without it.
      const { signIn } = await import('../../lib/auth.ts');
      await signIn(email, password);
    } catch (failure) {
      // Profile failures are already shown as an error toast by the auth flow; provider errors are shown here.
      if (isProviderError(failure)) setError(authErrorMessage(failure));
      setSubmitting(false);
      signingIn.current = false;
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Use your staff account to open the console.">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {/* Why the last session ended (the account was disabled while signed in), until the next attempt. */}
        <FormError message={error ?? sessionEndNotice.value} />
        <TextField id="login-email" label="Email" type="email" autoComplete="username" required value={email} onValueChange={setEmail} />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <Link className="auth-form__aside" href={FORGOT_PASSWORD_PATH}>
          Forgot password?
        </Link>
        <Button type="submit" block loading={submitting}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
