import { useId, useState } from 'react';
import { MAX_VIEW_NAME_LENGTH } from '../../../common/contract/work-paths.ts';
import type { SavedViewsState } from '../lib/use-saved-views.ts';
import { CountedTextField } from './counted-field.tsx';
import { FormDialog } from './dialog.tsx';

/** Saves the list's filters, search and sort as a named view (see SavedViewsBar). */
export function SaveViewDialog({ views, initialName, onClose }: { views: SavedViewsState; initialName: string; onClose: () => void }) {
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const id = useId();
  const save = views.save;
  return (
    <FormDialog
      title="Save view"
      submitLabel="Save"
      busy={save.busy}
      error={save.formError}
      submitDisabled={name.trim() === ''}
      onSubmit={() => void save.run({ name: name.trim(), shared, is_default: isDefault }).then((view) => view && onClose())}
      onClose={onClose}
    >
      <div className="saved-views__form">
        <CountedTextField id={`${id}-name`} label="Name" value={name} near limit={MAX_VIEW_NAME_LENGTH} onValueChange={setName} error={save.fieldErrors.name} />
        <p className="saved-views__summary">Saves this list's filters, search and sort{views.query ? '' : ' (the plain list)'}.</p>
        <label className="saved-views__check">
          <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
          Open this view first
        </label>
        {views.canShare && (
          <label className="saved-views__check">
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
            Share with the team
          </label>
        )}
      </div>
    </FormDialog>
  );
}
