import { lazy, Suspense, useId, useState } from 'react';
import { useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { routeByKey } from '../../../../../common/access.ts';
import { MAX_COMMENT_LENGTH, RETURN_REASONS, RETURN_REASON_LABELS, type ReturnReason } from '../../../../../common/review.ts';
import type { RegistrationReview } from '../../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../../common/contract/shared.ts';
import { verificationPath } from '../../../../../common/links.ts';
import { STAGE_TITLES } from '../../../../../common/stages.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip, statusVariant } from '../../../components/status-chip.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { queryCache } from '../../../lib/query-cache.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { approve, assign, registrationKeys, registrations, returnForCorrection, useAssignees, useReview, useTimeline } from '../api.ts';
import { useScreening } from '../aml-api.ts';
import { DocumentsSection } from '../components/documents-section.tsx';
import { PipelineActions } from '../components/pipeline-actions.tsx';
import { PlanFacts, WithdrawalNotice } from '../components/step-records.tsx';
import { RecordFallback } from '../components/record-fallback.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { TimelineSection } from '../components/timeline-section.tsx';
import { decisionBlockers, isRecordId, reviewActionsApply, targetOfReview, waitingText } from '../model.ts';
import '../components/review.css';
import { RegistrationFreeze } from '../components/registration-freeze.tsx';
import { SelectControl } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

const dueDiligence = routeByKey('due-diligence');
// The AML file is a chunk of its own: the page's own chunk stays within its budget, and it loads beside the record.
const AmlSection = lazy(() => import('../components/aml-section.tsx').then((module) => ({ default: module.AmlSection })));
const AmlChecklist = lazy(() => import('../components/aml-section.tsx').then((module) => ({ default: module.AmlChecklist })));

/**
 * The due-diligence detail of one registration (/due-diligence/details/{id}, id = the client's user id):
 * header, company profile, documents, activity with internal comments, and the review actions. Each action
 * sends the version this page shows; a 409 means someone else changed it, so the page reads it again.
 */
export function DueDiligenceDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const valid = isRecordId(id);
  const review = useReview(id, valid);
  const timeline = useTimeline(id, valid);

  const data = review.data;
  if (!valid || !data) return <RecordFallback valid={valid} record={review} list={dueDiligence} />;
  return (
    <div className="review">
      <ReviewHeader review={data} />
      {data.frozen && <RegistrationFreeze userId={data.user_id} freeze={data.frozen} />}
      <div className="review__columns">
        <div className="review__main">
          {data.withdrawal && <WithdrawalNotice withdrawal={data.withdrawal} />}
          {data.plan && <PlanFacts plan={data.plan} />}
          <ProfileSection profile={data.profile} checks={data.profile_checks} />
          <DocumentsSection userId={data.user_id} documents={data.documents} />
          <Suspense fallback={null}>
            <AmlSection userId={data.user_id} />
          </Suspense>
        </div>
        <div className="review__side">
          <Suspense fallback={null}>
            <AmlChecklist userId={data.user_id} />
          </Suspense>
          <TimelineSection userId={data.user_id} registrationId={data.id} events={timeline.data} loading={timeline.isLoading} />
        </div>
      </div>
    </div>
  );
}

function ReviewHeader({ review }: { review: RegistrationReview }) {
  const waiting = review.queue === 'due-diligence' ? waitingText(review.review_since) : null;
  const listPage = review.queue ? routeByKey(review.queue) : null;
  return (
    <header className="panel review-header">
      <div className="review-header__identity">
        <h1 className="review-header__name" tabIndex={-1}>
          {review.legal_name}
        </h1>
        <dl className="review-header__facts">
          <div>
            <dt>Registration</dt>
            <dd>{review.registration_id}</dd>
          </div>
          <div>
            <dt>Client</dt>
            <dd>{personName(review.client)}</dd>
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
            <dd data-testid="assignee">{review.assignee ? personName(review.assignee) : 'Unassigned'}</dd>
          </div>
          <div>
            <dt>Waiting</dt>
            <dd>{waiting ?? (review.queue === 'due-diligence' ? 'Awaiting documents' : listPage ? `On ${listPage.name}` : 'Not waiting on a list')}</dd>
          </div>
        </dl>
      </div>
      <div className="review-header__actions">
        {reviewActionsApply(review) && <ReviewActions review={review} />}
        <PipelineActions target={targetOfReview(review)} variant="page" />
      </div>
    </header>
  );
}

type AssignKind = 'me' | 'other' | 'unassign';

/**
 * Every write of the page: assignment, approval and return. Each answers the registration as it left it,
 * which the page shows at once; then everything under 'registrations' is read again, so the lists and the
 * navigation's counts follow. The buttons are always in place (disabled when they do not apply) so the
 * row never reflows under the pointer.
 */
function ReviewActions({ review }: { review: RegistrationReview }) {
  useSignals();
  const email = session.value.email?.toLowerCase() ?? '';
  const assignees = useAssignees();
  const me = assignees.data?.find((person) => person.email.toLowerCase() === email);
  const [dialog, setDialog] = useState<'approve' | 'return' | null>(null);
  const [reason, setReason] = useState<ReturnReason>('document_unreadable');
  const [returnComment, setReturnComment] = useState('');
  const [assigneeChoice, setAssigneeChoice] = useState('');
  const [assigning, setAssigning] = useState<AssignKind | null>(null);
  const reasonId = useId();
  const commentId = useId();
  const screening = useScreening(review.user_id);
  const blockers = decisionBlockers(review, screening.data?.missing ?? []);
  const approveNoteId = useId();
  const returnNoteId = useId();

  const showAnswer = (answer: RegistrationReview) => queryCache.setData(registrationKeys.review(review.user_id), answer);

  const assignment = useAction<{ kind: AssignKind; person: PersonRef | null }, RegistrationReview>({
    run: ({ person }, { headers }) => assign(review.user_id, { assignee_id: person?.id ?? null, version: review.version }, headers),
    success: (_answer, { person }) => (person ? `Assigned to ${personName(person)}` : 'Unassigned'),
    endpoint: registrations.assign,
    onSuccess: (answer, { kind }) => {
      showAnswer(answer);
      if (kind === 'other') setAssigneeChoice('');
    },
  });
  const assignTo = (kind: AssignKind, person: PersonRef | null) => {
    setAssigning(kind);
    void assignment.run({ kind, person });
  };

  const closeDialog = () => setDialog(null);
  const approval = useAction<void, RegistrationReview>({
    run: (_input, { headers }) => approve(review.user_id, review.version, headers),
    success: 'Due diligence approved',
    endpoint: registrations.approve,
    onSuccess: (answer) => {
      showAnswer(answer);
      closeDialog();
    },
    onConflict: closeDialog,
  });
  // A conflict closes the dialog over the page that now shows the latest version; the comment is kept for a second try.
  const returning = useAction<void, RegistrationReview>({
    run: (_input, { headers }) => returnForCorrection(review.user_id, { reason, comment: returnComment, version: review.version }, headers),
    success: 'Returned for correction',
    endpoint: registrations.return,
    onSuccess: (answer) => {
      showAnswer(answer);
      setReturnComment('');
      closeDialog();
    },
    onConflict: closeDialog,
  });

  const others = (assignees.data ?? []).filter((person) => person.id !== review.assignee?.id);
  return (
    <div className="review-actions">
      <div className="review-actions__row">
        <Button
          variant="outlined"
          disabled={!me || review.assignee?.id === me.id || (assignment.busy && assigning !== 'me')}
          loading={assignment.busy && assigning === 'me'}
          onClick={() => me && assignTo('me', me)}
        >
          Assign to me
        </Button>
        <label className="review-actions__assign">
          <span className="visually-hidden">Assign to</span>
          <SelectControl value={assigneeChoice} onChange={(next) => setAssigneeChoice(next)} aria-label="Assign to">
            <option value="">Assign to...</option>
            {others.map((person) => (
              <option key={person.id} value={person.id}>
                {personName(person)}
              </option>
            ))}
          </SelectControl>
        </label>
        <Button
          variant="outlined"
          disabled={assigneeChoice === '' || (assignment.busy && assigning !== 'other')}
          loading={assignment.busy && assigning === 'other'}
          onClick={() => {
            const person = others.find((candidate) => String(candidate.id) === assigneeChoice);
            if (person) assignTo('other', person);
          }}
        >
          Assign
        </Button>
        <Button
          variant="ghost"
          disabled={!review.assignee || (assignment.busy && assigning !== 'unassign')}
          loading={assignment.busy && assigning === 'unassign'}
          onClick={() => assignTo('unassign', null)}
        >
          Unassign
        </Button>
      </div>
      <div className="review-actions__row">
        <Button variant="danger" disabled={blockers.return !== null} aria-describedby={blockers.return ? returnNoteId : undefined} onClick={() => setDialog('return')}>
          Return for correction
        </Button>
        <Button disabled={blockers.approve !== null} aria-describedby={blockers.approve ? approveNoteId : undefined} onClick={() => setDialog('approve')}>
          Approve due diligence
        </Button>
      </div>
      {blockers.return !== null && blockers.return === blockers.approve ? (
        <p className="review-actions__note" id={returnNoteId}>
          <span id={approveNoteId}>{blockers.approve}</span>
        </p>
      ) : (
        <>
          {blockers.return && (
            <p className="review-actions__note" id={returnNoteId}>
              {blockers.return}
            </p>
          )}
          {blockers.approve && (
            <p className="review-actions__note" id={approveNoteId}>
              {blockers.approve}
            </p>
          )}
        </>
      )}

      {dialog === 'approve' && (
        <FormDialog title="Approve due diligence?" submitLabel="Approve" busy={approval.busy} onSubmit={() => void approval.run()} onClose={closeDialog}>
          <p>{review.legal_name} moves on to plan approval and leaves the due-diligence list.</p>
        </FormDialog>
      )}
      {dialog === 'return' && (
        <FormDialog
          title="Return for correction?"
          submitLabel="Return"
          submitVariant="danger"
          busy={returning.busy}
          submitDisabled={returnComment.trim() === ''}
          error={returning.fieldErrors.reason ?? null}
          onSubmit={() => void returning.run()}
          onClose={closeDialog}
        >
          <div className="field">
            <label className="field__label" htmlFor={reasonId}>
              Reason
            </label>
            <SelectControl id={reasonId} className="field__input" value={reason} onChange={(next) => setReason(next as ReturnReason)}>
              {RETURN_REASONS.map((value) => (
                <option key={value} value={value}>
                  {RETURN_REASON_LABELS[value]}
                </option>
              ))}
            </SelectControl>
          </div>
          <TextArea
            id={commentId}
            label="Comment for the client (required)"
            rows={5}
            required
            limit={MAX_COMMENT_LENGTH}
            error={returning.fieldErrors.comment}
            value={returnComment}
            onValueChange={setReturnComment}
          />
        </FormDialog>
      )}
    </div>
  );
}
