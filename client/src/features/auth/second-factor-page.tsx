/**
 * The second step of a staff sign-in, shown in place of any signed-in page while the sign-in
 * lacks its code: the code prompt (or a recovery code, or resetting one's own factor with one), or, for a
 * user without a second factor yet, the enrolment (a QR code for the authenticator app, the secret to type,
 * a code to confirm, then the ten recovery codes, shown once). Loaded only after a password sign-in: the
 * login page's download does without it.
 */
import './second-factor.css';
import { useState, type FormEvent } from 'react';
import type { Enrolment, RecoveryCodes as RecoveryCodeList } from '../../../../common/contract/security.ts';
import { RECOVERY_CODE_COUNT } from '../../../../common/contract/security-paths.ts';
import { securityFields } from '../../../../common/contract/security-fields.ts';
import { Button } from '../../components/button.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { LoadingIndicator } from '../../components/spinner.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { call } from '../../lib/call.ts';
import { currentIdToken } from '../../lib/firebase.ts';
import { readMe } from '../../lib/me.ts';
import { queryCache } from '../../lib/query-cache.ts';
import { formatDubaiDateTime } from '../../lib/dates.ts';
import { useAction } from '../../lib/use-action.ts';
import { security, useSecondFactorStatus } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { session } from '../../state/session.ts';


type Step = 'code' | 'recovery' | 'reset';

/** The code passed: a refreshed token carries it, and the profile read with it lets the shell show the page. */
async function finish(): Promise<void> {
  await currentIdToken(true);
  await readMe();
  // Whatever was refused for want of the code reads again.
  queryCache.invalidate([]);
}
const signOut = () => void import('../../lib/auth.ts').then(({ logout }) => logout());

export function SecondFactorPage() {
  const status = useSecondFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  if (!status.data) {
    return (
      <AuthLayout title="Second step">
        <LoadingIndicator />
      </AuthLayout>
    );
  }
  if (!status.data.enrolled || enrolling) return <EnrolmentStep onStart={() => setEnrolling(true)} />;
  return <CodeStep lockedUntil={status.data.locked_until} onReset={() => setEnrolling(true)} />;
}

/** The lock as the prompt shows it: until when, and the two ways out. */
const lockedText = (until: string) =>
  `Too many wrong codes: codes from your app are refused until ${formatDubaiDateTime(until)}. Use one of your recovery codes, or ask an administrator (ADMIN) to unlock your second factor.`;

function CodeStep({ lockedUntil, onReset }: { lockedUntil: string | null; onReset: () => void }) {
  const [step, setStep] = useState<Step>('code');
  const [value, setValue] = useState('');
  const verify = useAction<string, unknown>({
    run: (input, { headers }) =>
      step === 'reset'
        ? call(security.resetOwn, { body: { recovery_code: input }, headers })
        : call(security.verify, { body: step === 'code' ? { code: input } : { recovery_code: input }, headers }),
    onSuccess: () => (step === 'reset' ? onReset() : void finish()),
  });
  const field = step === 'code' ? 'code' : 'recovery_code';
  // A new attempt clears the last one's refusal.
  const onType = (text: string) => {
    setValue(text);
    verify.reset();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify.run(value);
  };
  const choose = (next: Step) => {
    setStep(next);
    setValue('');
    verify.reset();
  };
  const titles: Record<Step, [string, string]> = {
    code: ['Enter your code', 'Open your authenticator app and enter the six-digit code it shows for this console.'],
    recovery: ['Use a recovery code', 'Enter one of the recovery codes you saved when you set up the second factor. Each works once.'],
    reset: ['Set up a new authenticator', 'Lost your phone? A recovery code removes your current second factor so you can set up a new one.'],
  };
  return (
    <AuthLayout title={titles[step][0]} subtitle={titles[step][1]}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormError message={verify.formError ?? (lockedUntil && step === 'code' ? lockedText(lockedUntil) : null)} />
        {step === 'code' ? (
          <TextField
            id="second-factor-code"
            field={securityFields.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
            value={value}
            onValueChange={onType}
            error={verify.fieldErrors.code}
          />
        ) : (
          <TextField
            id="second-factor-recovery"
            field={securityFields.recoveryCode}
            autoComplete="off"
            required
            autoFocus
            value={value}
            onValueChange={onType}
            error={verify.fieldErrors[field]}
          />
        )}
        <Button type="submit" block loading={verify.busy}>
          {step === 'reset' ? 'Remove and set up again' : 'Verify'}
        </Button>
        <div className="second-factor__choices">
          {step !== 'code' && (
            <Button variant="ghost" onClick={() => choose('code')}>
              Use the code from my app
            </Button>
          )}
          {step !== 'recovery' && (
            <Button variant="ghost" onClick={() => choose('recovery')}>
              Use a recovery code
            </Button>
          )}
          {step !== 'reset' && (
            <Button variant="ghost" onClick={() => choose('reset')}>
              Lost your phone?
            </Button>
          )}
          <Button variant="ghost" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

function EnrolmentStep({ onStart }: { onStart: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<{ list: string[]; issuedAt: Date } | null>(null);
  const [code, setCode] = useState('');
  const start = useAction<void, Enrolment>({
    run: (_input, { headers }) => call(security.startEnrolment, { body: {}, headers }),
    onSuccess: (answer) => {
      onStart();
      setEnrolment(answer);
    },
  });
  const confirm = useAction<string, RecoveryCodeList>({
    run: (input, { headers }) => call(security.confirmEnrolment, { body: { code: input }, headers }),
    onSuccess: (answer) => setCodes({ list: answer.recovery_codes, issuedAt: new Date() }),
  });
  const [saved, setSaved] = useState(false);

  if (codes) {
    return (
      <AuthLayout title="Save your recovery codes" subtitle={`These ${RECOVERY_CODE_COUNT} codes are shown once. Each signs you in once if you lose your phone. Keep them somewhere safe.`}>
        <RecoveryCodes codes={codes.list} email={session.value.email} issuedAt={codes.issuedAt} />
        <div className="auth-form">
          <label className="second-factor__saved">
            <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} /> I have saved my recovery codes
          </label>
          <Button block disabled={!saved} onClick={() => void finish()}>
            Continue to the console
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (!enrolment) {
    return (
      <AuthLayout title="Set up your second factor" subtitle="Staff accounts sign in with a password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others).">
        <div className="auth-form">
          <FormError message={start.formError} />
          <Button block loading={start.busy} onClick={() => void start.run()}>
            Set up now
          </Button>
          <Button variant="ghost" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void confirm.run(code);
  };
  return (
    <AuthLayout title="Scan this code" subtitle="Scan the QR code with your authenticator app, then enter the six-digit code it shows.">
      <div className="second-factor__qr">
        <QrCode value={enrolment.uri} label="QR code for your authenticator app" />
      </div>
      <p className="second-factor__secret">
        Cannot scan? Enter this key: <code data-testid="second-factor-secret">{enrolment.secret.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <FormError message={confirm.formError} />
        <TextField
          id="second-factor-confirm"
          field={securityFields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onValueChange={setCode}
          error={confirm.fieldErrors.code}
        />
        <Button type="submit" block loading={confirm.busy}>
          Confirm
        </Button>
      </form>
    </AuthLayout>
  );
}
