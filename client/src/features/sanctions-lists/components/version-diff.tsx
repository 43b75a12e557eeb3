import { SANCTIONS_LIST_LABELS } from '../../../../../common/contract/aml-paths.ts';
import type { SanctionsList } from '../../../../../common/contract/aml.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { useVersionDiff } from '../api.ts';

const SECTIONS = [
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['removed', 'Removed'],
] as const;

/** One version's changes by name: what it added, changed and removed (or, pending, would). */
export function VersionDiff({ list, versionId, onClose }: { list: SanctionsList; versionId: number; onClose: () => void }) {
  const diff = useVersionDiff(list, versionId);
  return (
    <section className="panel sanctions-diff" aria-labelledby="sanctions-diff-title">
      <div className="sanctions-section__head">
        <h2 id="sanctions-diff-title" className="sanctions-section__title">
          Changes in version {versionId} of the {SANCTIONS_LIST_LABELS[list]}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Hide changes
        </Button>
      </div>
      {!diff.data ? (
        <LoadingIndicator label="Loading the changes" />
      ) : (
        <div className="sanctions-diff__columns">
          {SECTIONS.map(([key, title]) => (
            <div key={key} className="sanctions-diff__column">
              <h3 className={`sanctions-diff__heading sanctions-diff__heading--${key}`}>
                {title} ({diff.data![key].length})
              </h3>
              {diff.data![key].length === 0 ? (
                <p className="sanctions-muted">None</p>
              ) : (
                <ul className="sanctions-diff__list">
                  {diff.data![key].map((entry) => (
                    <li key={entry.reference}>
                      <span className="sanctions-ref">{entry.reference}</span> {entry.primary_name}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
