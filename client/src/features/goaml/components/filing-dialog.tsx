import { useId, useState } from 'react';
import { MAX_REGISTER_NOTES, REGISTER_TYPE_LABELS } from '../../../../../common/contract/aml-register-paths.ts';
import type { RegisterEntry } from '../../../../../common/contract/aml.ts';
import { registerFields } from '../../../../../common/contract/aml-register-fields.ts';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { aml, updateEntry } from '../api.ts';

/** Records the filing of one register entry (date filed, goAML reference) or changes its notes. */
export function FilingDialog({ entry, onClose }: { entry: RegisterEntry; onClose: () => void }) {
  const id = useId();
  const [filedOn, setFiledOn] = useState(entry.filed_on ?? '');
  const [reference, setReference] = useState(entry.goaml_reference ?? '');
  const [notes, setNotes] = useState(entry.notes);
  const save = useAction({
    run: (_: void, { headers }) => updateEntry(entry.id, { version: entry.version, filed_on: filedOn || null, goaml_reference: reference.trim() || null, notes }, headers),
    success: 'Register entry saved',
    endpoint: aml.updateRegisterEntry,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={`${REGISTER_TYPE_LABELS[entry.type]}: ${entry.client.legal_name}`} submitLabel="Save" busy={save.busy} error={save.formError} onSubmit={() => void save.run()} onClose={onClose}>
      {entry.description && (
        <p>
          <strong>Description:</strong> {entry.description}
        </p>
      )}
      <TextField id={`${id}-filed`} field={registerFields.filedOn} type="date" value={filedOn} onValueChange={setFiledOn} error={save.fieldErrors.filed_on} />
      <TextField id={`${id}-reference`} field={registerFields.goamlReference} value={reference} onValueChange={setReference} error={save.fieldErrors.goaml_reference} />
      <TextArea id={`${id}-notes`} label="Filing notes" value={notes} onValueChange={setNotes} limit={MAX_REGISTER_NOTES} error={save.fieldErrors.notes} rows={4} />
    </FormDialog>
  );
}
