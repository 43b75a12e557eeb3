import { useState, type KeyboardEvent } from 'react';
import type { TimelineEvent } from '../../../../common/contract/registrations.ts';
import { REGISTRATION_EVENT_KINDS, type RegistrationEventKind } from '../../../../common/events.ts';
import { MAX_COMMENT_LENGTH } from '../../../../common/review.ts';
import { Button } from '../../components/button.tsx';
import { formatFull } from '../../lib/dates.ts';
import { EVENT_KIND_LABELS, eventSummary } from './format.ts';

interface TimelineProps {
  events: TimelineEvent[] | undefined;
  loading: boolean;
  /** Posts an internal comment; resolves true when it was saved. */
  onComment: (text: string) => Promise<boolean>;
}

/** Every event of the registration, oldest first, filterable by kind, with the internal comment box under it. */
export function TimelineSection({ events, loading, onComment }: TimelineProps) {
  const [filter, setFilter] = useState<RegistrationEventKind | 'all'>('all');
  const shown = (events ?? []).filter((event) => filter === 'all' || event.kind === filter);
  return (
    <section className="panel review-section" aria-labelledby="review-timeline">
      <div className="review-section__head">
        <h2 id="review-timeline" className="review-section__title">
          Activity
        </h2>
        <label className="review-filter">
          <span>Show</span>
          <select value={filter} onChange={(event) => setFilter(event.target.value as RegistrationEventKind | 'all')} aria-label="Filter the activity by type">
            <option value="all">All activity</option>
            {REGISTRATION_EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {EVENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {loading && !events ? <p className="review-section__note">Loading activity...</p> : null}
      {events && shown.length === 0 ? <p className="review-section__note">No activity of this type.</p> : null}
      <ol className="timeline" aria-label="Activity">
        {shown.map((event) => (
          <li key={event.id} className={`timeline__item timeline__item--${event.kind}`} data-kind={event.kind}>
            <span className="timeline__dot" aria-hidden="true" />
            <div className="timeline__body">
              <p className="timeline__summary">{eventSummary(event)}</p>
              {event.kind === 'comment_added' || event.kind === 'returned' ? <p className="timeline__comment">{event.data.comment}</p> : null}
              <p className="timeline__meta">
                {event.actor ? (event.actor.display_name ?? event.actor.email) : 'System'} · <time dateTime={event.created_at}>{formatFull(event.created_at)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <CommentBox onComment={onComment} />
    </section>
  );
}

function CommentBox({ onComment }: { onComment: TimelineProps['onComment'] }) {
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const blank = text.trim() === '';
  const post = async () => {
    if (blank || posting) return;
    setPosting(true);
    const saved = await onComment(text);
    setPosting(false);
    if (saved) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void post();
    }
  };
  return (
    <div className="comment-box">
      <label htmlFor="review-comment" className="field__label">
        Internal comment
      </label>
      <textarea
        id="review-comment"
        className="comment-box__input"
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        placeholder="Add a note for the team (Ctrl+Enter posts)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="comment-box__actions">
        <span className="comment-box__hint">Only staff see comments.</span>
        <Button onClick={() => void post()} loading={posting} disabled={blank}>
          Post comment
        </Button>
      </div>
    </div>
  );
}
