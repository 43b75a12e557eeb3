import { Suspense, useState } from 'react';
import type { SavedViewsState } from '../lib/use-saved-views.ts';
import { Button } from './button.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { personName } from '../lib/user-name.ts';
import './saved-views-bar.css';

/** The save dialog loads when first opened: every list page carries the bar, few save a view. */
const SaveViewDialog = lazyPage<{ views: SavedViewsState; initialName: string; onClose: () => void }>(() => import('./save-view-dialog.tsx').then((module) => module.SaveViewDialog));

/**
 * A list's saved views above it: the user's own and the team's shared ones as chips (the one
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
              title={view.mine ? undefined : `Shared by ${personName(view.owner)}`}
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
      {saving && (
        <Suspense fallback={null}>
          <SaveViewDialog views={views} initialName={saving.name} onClose={() => setSaving(null)} />
        </Suspense>
      )}
    </div>
  );
}
