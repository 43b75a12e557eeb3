import { useState, type KeyboardEvent } from 'react';
import type { TimelineEvent } from '../../../../../common/contract/registrations.ts';
import { AML_TIMELINE_KINDS, REGISTRATION_EVENT_KINDS, type AmlTimelineKind, type RegistrationEventKind } from '../../../../../common/events.ts';
import { MAX_COMMENT_LENGTH } from '../../../../../common/review.ts';
import { AuditLink } from '../../../components/audit-link.tsx';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { SelectControl } from '../../../components/select.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { queryCache } from '../../../lib/query-cache.ts';
import { useAction } from '../../../lib/use-action.ts';
import { personName } from '../../../lib/user-name.ts';
import { addComment, registrationKeys } from '../api.ts';
import { AML_TIMELINE_LABELS, EVENT_KIND_LABELS, eventSummary } from '../model.ts';

interface TimelineProps {
  userId: number;
  /** The registration's own id, for the link to its audit trail. */
  registrationId: number;
  events: TimelineEvent[] | undefined;
  loading: boolean;
}

/** Every event of the registration, oldest first, filterable by kind, with the internal comment box under it. */
export function TimelineSection({ userId, registrationId, events, loading }: TimelineProps) {
  const [filter, setFilter] = useState<RegistrationEventKind | AmlTimelineKind | 'all'>('all');
  const shown = (events ?? []).filter((event) => filter === 'all' || event.kind === filter);
  return (
    <section className="panel review-section" aria-labelledby="review-timeline">
      <div className="review-section__head">
        <h2 id="review-timeline" className="review-section__title">
          Activity
        </h2>
        <label className="review-filter">
          <span>Show</span>
          <SelectControl value={filter} onChange={(next) => setFilter(next as RegistrationEventKind | AmlTimelineKind | 'all')} aria-label="Filter the activity by type">
            <option value="all">All activity</option>
            {REGISTRATION_EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {EVENT_KIND_LABELS[kind]}
              </option>
            ))}
            {AML_TIMELINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {AML_TIMELINE_LABELS[kind]}
              </option>
            ))}
          </SelectControl>
        </label>
      </div>
      <AuditLink entity="registration" record={registrationId} />
      {loading && !events ? <p className="review-section__note">Loading activity...</p> : null}
      {events && shown.length === 0 ? <p className="review-section__note">No activity of this type.</p> : null}
      <ol className="timeline" aria-label="Activity">
        {shown.map((event) => (
          <li key={event.id} className={`timeline__item timeline__item--${event.kind}`} data-kind={event.kind}>
            <span className="timeline__dot" aria-hidden="true" />
            <div className="timeline__body">
              <p className="timeline__summary">{eventSummary(event)}</p>
              {event.kind === 'comment_added' || event.kind === 'returned' ? <p className="timeline__comment">{event.data.comment}</p> : null}
              {(AML_TIMELINE_KINDS as readonly string[]).includes(event.kind) && 'reason' in event.data ? <p className="timeline__comment">{event.data.reason}</p> : null}
              <p className="timeline__meta">
                {event.actor ? personName(event.actor) : 'System'} · <time dateTime={event.created_at}>{formatFull(event.created_at)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <CommentBox userId={userId} />
    </section>
  );
}

/** The internal comment: posting answers the whole timeline, which replaces the one shown. */
function CommentBox({ userId }: { userId: number }) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const posting = useAction<string, TimelineEvent[]>({
    run: (comment, { headers }) => addComment(userId, comment, headers),
    success: 'Comment posted',
    onSuccess: (timeline) => {
      queryCache.setData(registrationKeys.timeline(userId), timeline);
      setText('');
    },
  });
  const post = () => {
    if (!blank) void posting.run(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      post();
    }
  };
  return (
    <div className="comment-box">
      <TextArea
        id="review-comment"
        label="Internal comment"
        rows={3}
        limit={MAX_COMMENT_LENGTH}
        error={posting.fieldErrors.text}
        placeholder="Add a note for the team (Ctrl+Enter posts)"
        value={text}
        onValueChange={setText}
        onKeyDown={onKeyDown}
      />
      <div className="comment-box__actions">
        <span className="comment-box__hint">Only staff see comments.</span>
        <Button onClick={post} loading={posting.busy} disabled={blank}>
          Post comment
        </Button>
      </div>
    </div>
  );
}
