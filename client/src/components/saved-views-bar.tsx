import { useId, useState } from 'react';
import type { SavedViewsState } from '../lib/use-saved-views.ts';
import { Button } from './button.tsx';
import { FormDialog } from './dialog.tsx';
import { TextField } from './text-field.tsx';
import './saved-views-bar.css';

/**
 * A list's saved views above it (issue 22): the user's own and the team's shared ones as chips (the one
 * showing now is pressed), 'Save view' to store the current filters, search and sort under a name, and for
 * the one showing: make it the default, delete it (own), or copy it (someone else's shared view).
 */
export function SavedViewsBar({ views }: { views: SavedViewsState }) {
  const [saving, setSaving] = useState<{ name: string } | null>(null);
  const current = views.current;
  return (
    <div className="saved-views" role="group" aria-label="Saved views">
      <span className="saved-views__label">Views</span>
      <ul className="saved-views__list">
        {views.views.map((view) => (
          <li key={view.id}>
            <button
              type="button"
              className={view.id === current?.id ? 'saved-views__chip saved-views__chip--current' : 'saved-views__chip'}
              aria-pressed={view.id === current?.id}
              title={view.mine ? undefined : `Shared by ${view.owner.display_name ?? view.owner.email}`}
              onClick={() => views.apply(view)}
            >
              {view.name}
              {view.is_default && <span className="saved-views__tag">default</span>}
              {!view.mine && <span className="saved-views__tag">team</span>}
              {view.mine && view.shared && <span className="saved-views__tag">shared</span>}
            </button>
          </li>
        ))}
      </ul>
      {current?.mine && (
        <>
          <Button variant="ghost" loading={views.setDefault.busy} onClick={() => void views.setDefault.run(current)}>
            {current.is_default ? 'Unset default' : 'Make default'}
          </Button>
          <Button variant="ghost" loading={views.remove.busy} onClick={() => void views.remove.run(current)}>
            Delete view
          </Button>
        </>
      )}
      {current && !current.mine && (
        <Button variant="ghost" onClick={() => setSaving({ name: `${current.name} (copy)` })}>
          Copy view
        </Button>
      )}
      {views.changed && (
        <Button variant="outlined" loading={views.updateQuery.busy} onClick={() => void views.updateQuery.run(views.changed!)}>
          Update view '{views.changed.name}'
        </Button>
      )}
      {!current && (
        <Button variant="outlined" onClick={() => setSaving({ name: '' })}>
          Save view
        </Button>
      )}
      {saving && <SaveViewDialog views={views} initialName={saving.name} onClose={() => setSaving(null)} />}
    </div>
  );
}

function SaveViewDialog({ views, initialName, onClose }: { views: SavedViewsState; initialName: string; onClose: () => void }) {
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
        <TextField id={`${id}-name`} label="Name" value={name} maxLength={60} onValueChange={setName} error={save.fieldErrors.name} />
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
