import { useId, useState } from 'react';
import { MAX_LIST_FILE_BYTES, MAX_LIST_FILE_LABEL, SANCTIONS_LIST_LABELS, type SanctionsList } from '../../../../../common/contract/aml-paths.ts';
import type { ImportResult } from '../../../../../common/contract/aml.ts';
import { sanctionsFields } from '../../../../../common/contract/aml-fields.ts';
import { FormDialog } from '../../../components/dialog.tsx';
import { FieldFrame, describedBy } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { aml, importList } from '../api.ts';

const ACCEPT: Record<SanctionsList, string> = { un: '.xml,application/xml,text/xml', 'uae-local': '.csv,text/csv' };
const FORMAT: Record<SanctionsList, string> = { un: 'the UN\'s XML as published', 'uae-local': 'the EOCN sheet saved as CSV (UTF-8)' };

/** Picks a list file, reads it as text and imports it; a shrink beyond the limit comes back pending (202). */
export function ImportDialog({ list, onClose, onImported }: { list: SanctionsList; onClose: () => void; onImported: (result: ImportResult) => void }) {
  const id = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useAction<void, ImportResult>({
    run: (_input, { headers }) => importList(list, { content: file?.content ?? '', file_name: file?.name }, headers),
    success: (result) =>
      result.version.state === 'pending'
        ? 'Held for a second person\'s approval: it would remove too many entries'
        : result.changed
          ? 'List version imported; re-screening started'
          : 'Same entries as the current version: nothing changed',
    endpoint: aml.importList,
    onSuccess: (result) => {
      onImported(result);
      onClose();
    },
  });
  const pick = (picked: File | undefined) => {
    setFile(null);
    setProblem(null);
    if (!picked) return;
    // Checked before reading, so an oversized file is never read or sent.
    if (picked.size > MAX_LIST_FILE_BYTES) return setProblem(`${picked.name} is larger than ${MAX_LIST_FILE_LABEL}, the largest list file accepted.`);
    void picked.text().then(
      (content) => setFile({ name: picked.name, content }),
      () => setProblem(`${picked.name} could not be read.`),
    );
  };
  const hint = `${FORMAT[list]}, at most ${MAX_LIST_FILE_LABEL}`;
  const error = problem ?? upload.fieldErrors.content;
  return (
    <FormDialog
      title={`Import: ${SANCTIONS_LIST_LABELS[list]}`}
      submitLabel="Import"
      busy={upload.busy}
      error={upload.formError}
      submitDisabled={!file}
      onSubmit={() => void upload.run()}
      onClose={onClose}
    >
      <FieldFrame id={`${id}-file`} label={sanctionsFields.file.label} hint={hint} error={error}>
        <input id={`${id}-file`} type="file" accept={ACCEPT[list]} aria-describedby={describedBy(`${id}-file`, { hint, error })} onChange={(event) => pick(event.target.files?.[0])} />
      </FieldFrame>
      {file && <p className="sanctions-muted">{file.name}: {file.content.length.toLocaleString('en-US')} characters read.</p>}
    </FormDialog>
  );
}
