import { useState } from 'react';
import { useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { routeByKey } from '../../../../common/access.ts';
import type { RegistrationReview } from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { CONFLICT_MESSAGE, RETURN_REASONS, RETURN_REASON_LABELS, type ReturnReason } from '../../../../common/review.ts';
import { STAGE_TITLES } from '../../../../common/stages.ts';
import { AppLink } from '../../components/app-link.tsx';
import { Button } from '../../components/button.tsx';
import { StatusChip, statusVariant } from '../../components/status-chip.tsx';
import { LoadingIndicator } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { session } from '../../state/session.ts';
import * as reviewApi from './api.ts';
import { Dialog } from './dialog.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { waitingText } from './format.ts';
import { ProfileSection } from './profile-section.tsx';
import { TimelineSection } from './timeline-section.tsx';
import { useQuery } from '../../lib/use-query.ts';
import { verificationPath } from '../../lib/verification-link.ts';
import './review.css';

/**
 * The due-diligence detail of one registration (/due-diligence/details/{id}, id = the client's user id):
 * header, company profile, documents, activity with internal comments, and the review actions. Each action
 * sends the version this page shows; a 409 means someone else changed it, so the page reloads and says so.
 */
export function ReviewDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const review = useQuery(`review:${id}`, (signal) => reviewApi.fetchReview(id, signal));
  const timeline = useQuery(`timeline:${id}`, (signal) => reviewApi.fetchTimeline(id, signal));
  // An action answers with the registration as it left it; shown until a read brings a newer version.
  const [answered, setAnswered] = useState<RegistrationReview | undefined>();

  /** Runs one action: success shows its answer and refreshes the timeline; a conflict reloads both. */
  const run = async (action: () => Promise<RegistrationReview>, success: string): Promise<boolean> => {
    try {
      setAnswered(await action());
      timeline.refetch();
      notifySuccess(success);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const body = error.body as { message?: string } | undefined;
        notifyError(body?.message ?? CONFLICT_MESSAGE);
        setAnswered(undefined);
        review.refetch();
        timeline.refetch();
      } else {
        notifyError(error);
      }
      return false;
    }
  };

  const comment = async (text: string) => {
    try {
      await reviewApi.addComment(id, text);
      timeline.refetch();
      notifySuccess('Comment posted');
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };

  const data = answered && answered.user_id === review.data?.user_id && answered.version > review.data.version ? answered : review.data;
  if (!data) {
    return review.isLoading ? <LoadingIndicator /> : <p className="review-section__note">This registration could not be loaded.</p>;
  }
  return (
    <div className="review">
      <ReviewHeader review={data} run={run} />
      <div className="review__columns">
        <div className="review__main">
          <ProfileSection profile={data.profile} />
          <DocumentsSection userId={data.user_id} documents={data.documents} />
        </div>
        <div className="review__side">
          <TimelineSection events={timeline.data} loading={timeline.isLoading} onComment={comment} />
        </div>
      </div>
    </div>
  );
}

type Run = (action: () => Promise<RegistrationReview>, success: string) => Promise<boolean>;

function ReviewHeader({ review, run }: { review: RegistrationReview; run: Run }) {
  const waiting = review.queue === 'due-diligence' ? waitingText(review.review_since) : null;
  const listPage = review.queue ? routeByKey(review.queue) : null;
  return (
    <header className="panel review-header">
      <div className="review-header__identity">
        <h1 className="review-header__name">{review.legal_name}</h1>
        <dl className="review-header__facts">
          <div>
            <dt>Registration</dt>
            <dd>{review.registration_id}</dd>
          </div>
          <div>
            <dt>Client</dt>
            <dd>{review.client.display_name ?? review.client.email}</dd>
          </div>
          <div>
            <dt>Current step</dt>
            <dd>
              <AppLink href={verificationPath(review.user_id, review.stage)}>{STAGE_TITLES[review.stage]}</AppLink>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusChip variant={statusVariant(review.status_label)}>{review.status_label}</StatusChip>
            </dd>
          </div>
          <div>
            <dt>Assignee</dt>
            <dd data-testid="assignee">{review.assignee ? (review.assignee.display_name ?? review.assignee.email) : 'Unassigned'}</dd>
          </div>
          <div>
            <dt>Waiting</dt>
            <dd>{waiting ?? (review.queue === 'due-diligence' ? 'Awaiting documents' : listPage ? `On ${listPage.name}` : 'Not waiting on a list')}</dd>
          </div>
        </dl>
      </div>
      <ReviewActions review={review} run={run} />
    </header>
  );
}

function ReviewActions({ review, run }: { review: RegistrationReview; run: Run }) {
  useSignals();
  const email = session.value.email?.toLowerCase() ?? '';
  const assignees = useQuery('assignees', (signal) => reviewApi.fetchAssignees(signal));
  const me = assignees.data?.find((person) => person.email.toLowerCase() === email);
  const [busy, setBusy] = useState<'me' | 'other' | 'unassign' | 'approve' | 'return' | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'return' | null>(null);
  const [reason, setReason] = useState<ReturnReason>('document_unreadable');
  const [returnComment, setReturnComment] = useState('');
  const [assigneeChoice, setAssigneeChoice] = useState('');
  const awaiting = review.queue === 'due-diligence';

  const act = async (kind: NonNullable<typeof busy>, action: () => Promise<RegistrationReview>, success: string) => {
    setBusy(kind);
    const done = await run(action, success);
    setBusy(null);
    return done;
  };
  const assignTo = (kind: 'me' | 'other' | 'unassign', person: PersonRef | null) =>
    act(kind, () => reviewApi.assign(review.user_id, { assignee_id: person?.id ?? null, version: review.version }), person ? `Assigned to ${person.display_name ?? person.email}` : 'Unassigned');

  return (
    <div className="review-actions">
      <div className="review-actions__row">
        {me && review.assignee?.id !== me.id ? (
          <Button variant="outlined" loading={busy === 'me'} onClick={() => void assignTo('me', me)}>
            Assign to me
          </Button>
        ) : null}
        <label className="review-actions__assign">
          <span className="visually-hidden">Assign to</span>
          <select value={assigneeChoice} onChange={(event) => setAssigneeChoice(event.target.value)} aria-label="Assign to">
            <option value="">Assign to...</option>
            {(assignees.data ?? [])
              .filter((person) => person.id !== review.assignee?.id)
              .map((person) => (
                <option key={person.id} value={person.id}>
                  {person.display_name ?? person.email}
                </option>
              ))}
          </select>
        </label>
        <Button
          variant="outlined"
          disabled={assigneeChoice === ''}
          loading={busy === 'other'}
          onClick={() => {
            const person = assignees.data?.find((candidate) => String(candidate.id) === assigneeChoice) ?? null;
            if (person) void assignTo('other', person).then((done) => done && setAssigneeChoice(''));
          }}
        >
          Assign
        </Button>
        {review.assignee ? (
          <Button variant="ghost" loading={busy === 'unassign'} onClick={() => void assignTo('unassign', null)}>
            Unassign
          </Button>
        ) : null}
      </div>
      <div className="review-actions__row">
        <Button variant="danger" disabled={!awaiting} onClick={() => setDialog('return')}>
          Return for correction
        </Button>
        <Button disabled={!awaiting || review.documents.length === 0} onClick={() => setDialog('approve')}>
          Approve due diligence
        </Button>
      </div>
      {!awaiting ? <p className="review-actions__note">Decisions are open while the registration waits on due diligence.</p> : null}

      <Dialog
        open={dialog === 'approve'}
        title="Approve due diligence?"
        confirmLabel="Approve"
        busy={busy === 'approve'}
        onClose={() => setDialog(null)}
        onConfirm={() => void act('approve', () => reviewApi.approve(review.user_id, review.version), 'Due diligence approved').then(() => setDialog(null))}
      >
        <p>
          {review.legal_name} moves on to plan approval and leaves the due-diligence list.
        </p>
      </Dialog>
      <Dialog
        open={dialog === 'return'}
        title="Return for correction?"
        confirmLabel="Return"
        busy={busy === 'return'}
        confirmDisabled={returnComment.trim() === ''}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void act('return', () => reviewApi.returnForCorrection(review.user_id, { reason, comment: returnComment, version: review.version }), 'Returned for correction').then(
            (done) => {
              setDialog(null);
              if (done) setReturnComment('');
            },
          )
        }
      >
        <label className="field">
          <span className="field__label">Reason</span>
          <select className="field__input" value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)}>
            {RETURN_REASONS.map((value) => (
              <option key={value} value={value}>
                {RETURN_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Comment for the client (required)</span>
          <textarea className="field__input review-dialog__textarea" rows={4} required value={returnComment} onChange={(event) => setReturnComment(event.target.value)} />
        </label>
      </Dialog>
    </div>
  );
}
