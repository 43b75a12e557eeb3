import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { confirmPasswordReset, validatePassword, verifyPasswordResetCode, type PasswordValidationStatus } from 'firebase/auth';
import { LOGIN_PATH } from '../../../../common/access.ts';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { LoadingIndicator } from '../../components/spinner.tsx';
import { authErrorMessage } from '../../lib/auth-messages.ts';
import { whenAuthReady } from '../../lib/auth.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { AuthLayout } from './auth-layout.tsx';

/** The provider's default policy when its own policy cannot be read. */
const DEFAULT_MIN_LENGTH = 6;

type LinkState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'invalid'; message: string };

/** Completes Firebase's password-reset or invite link (?mode=resetPassword&oobCode=...). */
export function SetPasswordPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const oobCode = new URLSearchParams(search).get('oobCode');
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!oobCode) return;
    let current = true;
    whenAuthReady()
      .then((auth) => verifyPasswordResetCode(auth, oobCode))
      .then(
        (email) => current && setLink({ kind: 'valid', email }),
        (failure: unknown) => current && setLink({ kind: 'invalid', message: authErrorMessage(failure) }),
      );
    return () => {
      current = false;
    };
  }, [oobCode]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!oobCode) return;
    setError(null);
    if (password !== confirmation) {
      setError('The two passwords do not match.');
      return;
    }
    setSubmitting(true);
    try {
      const problem = await policyProblem(password);
      if (problem) {
        setError(problem);
        return;
      }
      await confirmPasswordReset(await whenAuthReady(), oobCode, password);
      notifySuccess('Your password is set. Please sign in.');
      navigate(LOGIN_PATH, { replace: true });
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const state: LinkState = oobCode ? link : { kind: 'invalid', message: 'This link is incomplete. Open the link from your email again.' };

  return (
    <AuthLayout title="Set your password" subtitle={state.kind === 'valid' ? `For ${state.email}` : undefined}>
      {state.kind === 'checking' && <LoadingIndicator label="Checking your link" />}
      {state.kind === 'invalid' && <FormError message={state.message} />}
      {state.kind === 'valid' && (
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <FormError message={error} />
          <TextField
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${DEFAULT_MIN_LENGTH} characters, or what your organisation's policy requires.`}
            value={password}
            onValueChange={setPassword}
          />
          <TextField
            id="confirm-password"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onValueChange={setConfirmation}
          />
          <Button type="submit" block loading={submitting}>
            Set password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

/** The provider's password policy, checked before submitting; its default minimum when it cannot be read. */
async function policyProblem(password: string): Promise<string | null> {
  let status: PasswordValidationStatus;
  try {
    status = await validatePassword(await whenAuthReady(), password);
  } catch (error) {
    console.warn('Could not read the password policy; applying the default minimum length', error);
    return password.length >= DEFAULT_MIN_LENGTH ? null : `Use at least ${DEFAULT_MIN_LENGTH} characters.`;
  }
  if (status.isValid) return null;
  const policy = status.passwordPolicy.customStrengthOptions;
  const unmet = [
    status.meetsMinPasswordLength === false && `at least ${policy.minPasswordLength ?? DEFAULT_MIN_LENGTH} characters`,
    status.meetsMaxPasswordLength === false && `at most ${policy.maxPasswordLength} characters`,
    status.containsLowercaseLetter === false && 'a lowercase letter',
    status.containsUppercaseLetter === false && 'an uppercase letter',
    status.containsNumericCharacter === false && 'a number',
    status.containsNonAlphanumericCharacter === false && 'a symbol',
  ].filter(Boolean);
  return `The password needs ${unmet.join(', ')}.`;
}
