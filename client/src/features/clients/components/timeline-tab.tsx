import { CLIENT_TIMELINE_GROUPS, CLIENT_TIMELINE_GROUP_LABELS } from '../../../../../common/clients.ts';
import type { ClientDetail } from '../../../../../common/contract/clients.ts';
import { AuditLink } from '../../../components/audit-link.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { useTimeline } from '../api.ts';

import { useSearchParam } from '../use-search-param.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

/** Every event of the client, newest first, filtered by group. */
export function TimelineTab({ client }: { client: ClientDetail }) {
  const [raw, setGroup] = useSearchParam('group');
  const group = CLIENT_TIMELINE_GROUPS.find((candidate) => candidate === raw) ?? null;
  const timeline = useTimeline(client.id, group);
  const events = timeline.data;
  return (
    <section className="panel client-section" aria-labelledby="client-timeline">
      <div className="client-section__head">
        <h2 id="client-timeline" className="client-section__title">
          Timeline
        </h2>
        <AuditLink entity="client" record={client.id} />
        <FilterSelect label="Show" value={group ?? ''} onChange={(value) => setGroup(value || null)}>
          <option value="">Everything</option>
          {CLIENT_TIMELINE_GROUPS.map((value) => (
            <option key={value} value={value}>
              {CLIENT_TIMELINE_GROUP_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {!events ? (
        <LoadingIndicator label="Loading the timeline" />
      ) : events.length === 0 ? (
        <EmptyState message="Nothing has happened of this kind yet." />
      ) : (
        <ol className={timeline.isPlaceholder ? 'client-timeline client-timeline--stale' : 'client-timeline'}>
          {events.map((event) => (
            <li key={event.id} className="client-timeline__event">
              <span className={`client-timeline__dot client-timeline__dot--${event.group}`} aria-hidden="true" />
              <div>
                <p className="client-timeline__summary">{event.summary}</p>
                <span className="client-muted">
                  {formatFull(event.created_at)}, {personName(event.actor, 'the system')} · {CLIENT_TIMELINE_GROUP_LABELS[event.group]}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
