/**
 * The ADMIN's fresh code (step-up) before a change an unattended, signed-in laptop must not be enough for:
 * a role, another's second factor, another's sessions. The server checks and spends it; a code refused for
 * its form costs no attempt, a wrong one counts towards the lock as at sign-in.
 */
import { useId, useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog.tsx';
import { StepUpField } from '../../../components/step-up-field.tsx';
import type { EndpointHandle } from '../../../lib/endpoints.ts';
import { useAction } from '../../../lib/use-action.ts';

export { StepUpField };

/** A confirmation that takes the code: nothing happens on the first click, and a second click while it runs is ignored. */
export function StepUpDialog<T>({
  title,
  submitLabel,
  danger = false,
  success,
  endpoint,
  run,
  onDone,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  danger?: boolean;
  success: string;
  /** The write's endpoint: what it changes is read again. */
  endpoint: EndpointHandle;
  run: (code: string, headers: Record<string, string>) => Promise<T>;
  onDone: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const action = useAction<string, T>({
    run: (input, { headers }) => run(input, headers),
    success,
    endpoint,
    onSuccess: onDone,
  });
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      submitVariant={danger ? 'danger' : 'primary'}
      busy={action.busy}
      error={action.formError}
      onSubmit={() => void action.run(code.trim())}
      onClose={onClose}
    >
      {children}
      <StepUpField id={`${id}-code`} value={code} error={action.fieldErrors.code} onChange={setCode} />
    </FormDialog>
  );
}
