import { useEffect, useRef } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import { routeByKey } from '../../../../../common/access.ts';
import type { RegistrationReview } from '../../../../../common/contract/registrations.ts';
import { VERIFICATION_PATTERN, verificationPath } from '../../../../../common/links.ts';
import { STAGES, STAGE_TITLES, isStage, type Stage } from '../../../../../common/stages.ts';
import { sharedFields } from '../../../../../common/contract/shared-fields.ts';
import { userFields } from '../../../../../common/contract/users-fields.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { useReview, useStatus } from '../api.ts';
import { DocumentsSection } from '../components/documents-section.tsx';
import { PipelineActions } from '../components/pipeline-actions.tsx';
import { RecordFallback } from '../components/record-fallback.tsx';
import { Fact, ProfileSection } from '../components/profile-section.tsx';
import { ActivationFacts, MeetingFacts, PaymentFacts, PlanFacts, VerificationFacts, WithdrawalNotice } from '../components/step-records.tsx';
import { isRecordId, readVerificationQuery, stepAfterStageMove, targetOfReview } from '../model.ts';
import '../components/review.css';
import { RegistrationFreeze } from '../components/registration-freeze.tsx';

const registrationsPage = routeByKey('registrations');

/**
 * The main area beside the verification stepper: what the client submitted at the selected step, read-only,
 * with a link back to the list the registration waits on. A step not reached yet says so.
 */
export function VerificationPage() {
  const [, params] = useRoute<{ userId: string }>(VERIFICATION_PATTERN);
  const userId = params?.userId ?? '';
  const valid = isRecordId(userId);
  const { step: requested, showReturn } = readVerificationQuery(useSearch());
  const review = useReview(userId, valid);
  // The stepper reads the same status: the cache makes it one call for both.
  const status = useStatus(userId, valid);
  const [, navigate] = useLocation();

  const data = review.data;
  // When the stage moves on while the page shows the stage it was at (verified here, or by someone else),
  // the page follows it, so the heading and the stepper say the same step.
  const stage = data?.stage;
  const previous = useRef({ userId, stage });
  const shownStep: Stage | undefined = isStage(requested) ? requested : stage;
  useEffect(() => {
    const before = previous.current.userId === userId ? previous.current.stage : undefined;
    previous.current = { userId, stage };
    if (!before || !stage || !shownStep || showReturn) return;
    const next = stepAfterStageMove(shownStep, before, stage);
    if (next !== shownStep) navigate(verificationPath(userId, next), { replace: true });
  }, [stage, shownStep, showReturn, userId, navigate]);
  if (!valid || !data) return <RecordFallback valid={valid} record={review} list={registrationsPage} />;
  const step: Stage = isStage(requested) ? requested : data.stage;
  const listPage = routeByKey(data.queue ?? 'registrations');
  const reached = STAGES.indexOf(step) <= STAGES.indexOf(data.stage);

  return (
    <div className="review verification">
      <header className="panel review-header verification__header">
        <div>
          <p className="verification__eyebrow">
            {data.registration_id} · {data.legal_name}
          </p>
          <h1 className="review-header__name" tabIndex={-1}>
            {STAGE_TITLES[step]}
          </h1>
          {reached && data.reached_at[step] ? <p className="review-section__note">Reached {formatFull(data.reached_at[step])}</p> : null}
        </div>
        <div className="verification__actions">
          <PipelineActions target={targetOfReview(data)} variant="page" />
          <AppLink href={listPage.path} className="button button--outlined">
            Back to {listPage.name}
          </AppLink>
        </div>
      </header>
      {data.frozen && <RegistrationFreeze userId={data.user_id} freeze={data.frozen} />}
      {data.withdrawal && <WithdrawalNotice withdrawal={data.withdrawal} />}
      {!reached ? (
        <section className="panel review-section">
          <p className="verification__pending">The client has not reached this step yet.</p>
        </section>
      ) : (
        <StepContent step={step} review={data} history={showReturn && step === 'completed_registration' ? status.data?.current_status : undefined} />
      )}
    </div>
  );
}

function StepContent({ step, review, history }: { step: Stage; review: RegistrationReview; history: Array<{ status_text: string; created_at: string }> | undefined }) {
  switch (step) {
    case 'signed_up':
      return (
        <section className="panel review-section" aria-labelledby="verification-account">
          <h2 id="verification-account" className="review-section__title">
            Account
          </h2>
          <dl className="review-facts">
            <Fact label={userFields.name.label} value={review.client.display_name ?? '-'} />
            <Fact label={sharedFields.email.label} value={review.client.email} />
            <Fact label="Signed up" value={formatFull(review.joined_at)} />
          </dl>
        </section>
      );
    case 'completed_registration':
      return (
        <>
          {history ? <StatusHistory history={history} /> : null}
          <ProfileSection profile={review.profile} checks={review.stage === 'completed_registration' ? review.profile_checks : undefined} />
        </>
      );
    case 'profile_verified':
      return (
        <>
          <VerificationFacts verification={review.verification} />
          <ProfileSection profile={review.profile} />
        </>
      );
    case 'documents_submitted':
      return (
        <>
          <section className="panel review-section" aria-labelledby="verification-requests">
            <h2 id="verification-requests" className="review-section__title">
              Document request
            </h2>
            <dl className="review-facts">
              <Fact label="Requested on" value={formatFull(review.requested_on)} />
              <Fact label="Recieved on" value={formatFull(review.recieved_on)} />
              <Fact label="Status" value={review.status_label} />
            </dl>
          </section>
          <DocumentsSection userId={review.user_id} documents={review.documents} />
          {review.plan && <PlanFacts plan={review.plan} />}
        </>
      );
    case 'meeting_scheduled':
      return <MeetingFacts meeting={review.meeting} bookedBy={review.meeting_booked_by} />;
    case 'payment_completed':
      return (
        <>
          <PaymentFacts payment={review.payment} plan={review.plan} />
          {review.plan && <PlanFacts plan={review.plan} />}
        </>
      );
    case 'account_activated':
      return <ActivationFacts activation={review.activation} />;
  }
}

function StatusHistory({ history }: { history: Array<{ status_text: string; created_at: string }> }) {
  return (
    <section className="panel review-section" aria-labelledby="verification-history">
      <h2 id="verification-history" className="review-section__title">
        Status history
      </h2>
      <ol className="timeline">
        {history.map((entry, index) => (
          <li key={index} className="timeline__item">
            <span className="timeline__dot" aria-hidden="true" />
            <div className="timeline__body">
              <p className="timeline__summary">{entry.status_text}</p>
              <p className="timeline__meta">{formatFull(entry.created_at)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
