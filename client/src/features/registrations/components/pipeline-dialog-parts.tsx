/** What every pipeline dialog shares: its write, its first line naming the registration, its select fields. */
import { SelectControl } from '../../../components/select.tsx';
import type { RegistrationReview } from '../../../../../common/contract/registrations.ts';
import { FieldFrame } from '../../../components/text-field.tsx';
import { queryCache } from '../../../lib/query-cache.ts';
import type { EndpointHandle } from '../../../lib/endpoints.ts';
import { useAction } from '../../../lib/use-action.ts';
import { registrationKeys } from '../api.ts';
import { type ActionTarget } from '../model.ts';

/**
 * useAction for one dialog's write (its endpoint): the answer shown at once, the dialog closed, every view the
 * endpoint changes read again (every registrations view first). A 409 closes it over the page showing the latest version, unless `keepOnConflict`: a booking
 * refused for the host's other call keeps the form, with the reason, to pick another time.
 */
export function useDialogAction<I>(
  endpoint: EndpointHandle,
  target: ActionTarget,
  onClose: () => void,
  success: string,
  run: (input: I, headers: Record<string, string>) => Promise<RegistrationReview>,
  keepOnConflict = false,
) {
  return useAction<I, RegistrationReview>({
    run: (input, { headers }) => run(input, headers),
    success,
    endpoint,
    onSuccess: (answer) => {
      queryCache.setData(registrationKeys.review(target.id), answer);
      onClose();
    },
    onConflict: keepOnConflict ? undefined : onClose,
  });
}

/** The dialog's first line: which registration it acts on. */
export function Subject({ target }: { target: ActionTarget }) {
  return (
    <p className="pipeline-dialog__subject">
      {target.legal_name} <span className="pipeline-dialog__muted">({target.registration_id})</span>
    </p>
  );
}

export function SelectField<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <SelectControl id={id} className="field__input" value={String(value)} aria-invalid={error ? true : undefined} onChange={onChange}>
        {value === '' && <option value="">Choose...</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectControl>
    </FieldFrame>
  );
}
