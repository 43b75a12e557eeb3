import { useId, useState } from 'react';
import { SANCTIONS_LIST_LABELS } from '../../../../../common/contract/aml-paths.ts';
import type { ListVersion } from '../../../../../common/contract/aml.ts';
import { sanctionsFields } from '../../../../../common/contract/aml-fields.ts';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { aml, rejectVersion } from '../api.ts';

/** Rejects a pending version with the reason: it never takes effect. */
export function RejectDialog({ version, onClose }: { version: ListVersion; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const reject = useAction({
    run: (_: void, { headers }) => rejectVersion(version.list, version.id, { version: version.version, reason }, headers),
    success: 'List version rejected',
    endpoint: aml.rejectListVersion,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog
      title={`Reject version ${version.id} of the ${SANCTIONS_LIST_LABELS[version.list]}`}
      submitLabel="Reject"
      submitVariant="danger"
      busy={reject.busy}
      error={reject.formError}
      submitDisabled={reason.trim() === ''}
      onSubmit={() => void reject.run()}
      onClose={onClose}
    >
      <TextArea id={`${id}-reason`} field={sanctionsFields.reason} value={reason} onValueChange={setReason} error={reject.fieldErrors.reason} rows={3} data-autofocus />
    </FormDialog>
  );
}
