/**
 * The ADMIN's fresh code (step-up) before a change an unattended, signed-in laptop must not be enough for:
 * a role (one user's or in bulk), another's second factor, another's sessions. The server checks and spends it.
 */
import { TextField } from './text-field.tsx';

export function StepUpField({ id, value, error, onChange }: { id: string; value: string; error: string | undefined; onChange: (code: string) => void }) {
  return (
    <TextField
      id={id}
      label="Your code"
      hint="The six-digit code your authenticator app shows now: changes like this one need a fresh code."
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      value={value}
      onValueChange={onChange}
      error={error}
    />
  );
}
