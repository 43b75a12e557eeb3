/**
 * The AML section's sanctions screening: each subject with its candidates, the decision and its history, and
 * the four-eyes actions. Only AML_DECIDER_ROLES see the decide, countersign and reopen controls (the server
 * refuses everyone else); a false positive awaiting second review offers its countersign to anyone but its
 * first decider, and 'Reopen' is offered to ADMIN users (the server lets compliance officers through).
 */
import { useId, useState } from 'react';
import { DECISION_REASON_TEMPLATES, MIN_DECISION_REASON, mayDecideAml } from '../../../../../common/aml-decisions.ts';
import { MAX_PARTY_TEXT } from '../../../../../common/aml.ts';
import type { MatchStep, Screening, ScreeningMatch, ScreeningState } from '../../../../../common/contract/aml.ts';
import { SANCTIONS_LIST_LABELS } from '../../../../../common/contract/aml-paths.ts';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip, type ChipVariant } from '../../../components/status-chip.tsx';
import { SelectControl } from '../../../components/select.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { aml, countersignMatch, decideMatch, reopenMatch } from '../aml-api.ts';
import { DelistedMatch } from './aml-delisted.tsx';
import { personName } from '../../../lib/user-name.ts';

const STATE_CHIPS: Record<ScreeningState, { label: string; variant: ChipVariant }> = {
  not_screened: { label: 'Not screened', variant: 'neutral' },
  clear: { label: 'Clear', variant: 'green' },
  potential_match: { label: 'Potential match', variant: 'amber' },
  confirmed_match: { label: 'Confirmed match', variant: 'red' },
  false_positive: { label: 'False positive', variant: 'blue' },
};

export function ScreeningChip({ state }: { state: ScreeningState }) {
  const chip = STATE_CHIPS[state];
  return <StatusChip variant={chip.variant}>{chip.label}</StatusChip>;
}

const STEP_WORDS: Record<MatchStep['action'], string> = { decided: 'Decided', countersigned: 'Countersigned', sent_back: 'Sent back', reopened: 'Reopened' };

type Acting =
  | { kind: 'decide'; match: ScreeningMatch; name: string; decision: 'false_positive' | 'confirmed' }
  | { kind: 'countersign'; match: ScreeningMatch; name: string; outcome: 'countersign' | 'send_back' }
  | { kind: 'reopen'; match: ScreeningMatch; name: string };

export function ScreeningPanel({ userId, screening }: { userId: number; screening: Screening }) {
  const [acting, setActing] = useState<Acting | null>(null);
  const subjects = screening.subjects.filter((subject) => subject.party_id !== null || subject.state !== 'not_screened');
  const { role, email } = session.value;
  const decider = mayDecideAml(role);
  return (
    <section className="panel review-section" aria-labelledby="aml-screening">
      <h2 id="aml-screening" className="review-section__title">
        Sanctions screening
      </h2>
      {!decider && <p className="aml-muted">Read only: matches are decided by an ADMIN, a reviewer or a compliance officer.</p>}
      <ul className="aml-subjects">
        {subjects.map((subject) => (
          <li key={subject.party_id ?? 'company'} className="aml-subject">
            <div className="aml-subject__head">
              <span className="aml-name">{subject.party_id === null ? `${subject.name} (the company)` : subject.name}</span> <ScreeningChip state={subject.state} />
            </div>
            {subject.matches.map((match) => (
              <div key={match.id} className="aml-match">
                <p>
                  <strong>
                    {SANCTIONS_LIST_LABELS[match.candidate.list]} {match.candidate.reference}
                  </strong>
                  : {match.candidate.listed_name} · score {match.candidate.score}
                  {match.state === 'awaiting_second_review' && (
                    <>
                      {' '}
                      <StatusChip variant="amber">Awaiting second review</StatusChip>
                    </>
                  )}
                </p>
                <ul className="aml-reasons">
                  {match.candidate.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
                {match.history.length > 0 && (
                  <ol className="aml-history" aria-label={`Decisions on ${match.candidate.reference}`}>
                    {match.history.map((step) => (
                      <li key={`${step.action}-${step.at}`}>
                        {STEP_WORDS[step.action]}
                        {step.decision ? ` ${step.decision === 'confirmed' ? 'confirmed' : 'false positive'}` : ''} by {personName(step.by)}, <time dateTime={step.at}>{formatFull(step.at)}</time>: {step.reason}
                      </li>
                    ))}
                  </ol>
                )}
                {match.state === 'potential' && decider && (
                  <div className="review-actions__row">
                    <Button variant="outlined" onClick={() => setActing({ kind: 'decide', match, name: subject.name, decision: 'false_positive' })}>
                      False positive
                    </Button>
                    <Button variant="danger" onClick={() => setActing({ kind: 'decide', match, name: subject.name, decision: 'confirmed' })}>
                      Confirm match
                    </Button>
                  </div>
                )}
                {match.state === 'awaiting_second_review' && (
                  <p className="aml-muted">
                    Cleared by {personName(match.decided_by)}; a second person countersigns it before the approval. {match.decided_by?.email === email ? 'Someone else countersigns your decision.' : ''}
                  </p>
                )}
                {match.state === 'awaiting_second_review' && decider && match.decided_by?.email !== email && (
                  <div className="review-actions__row">
                    <Button variant="outlined" onClick={() => setActing({ kind: 'countersign', match, name: subject.name, outcome: 'countersign' })}>
                      Countersign
                    </Button>
                    <Button variant="outlined" onClick={() => setActing({ kind: 'countersign', match, name: subject.name, outcome: 'send_back' })}>
                      Send back
                    </Button>
                  </div>
                )}
                {match.state === 'false_positive' && (
                  <p className="aml-muted">
                    False positive by {personName(match.decided_by)}
                    {match.countersigned_by ? `, countersigned by ${personName(match.countersigned_by)}` : ''}: {match.reason}
                  </p>
                )}
                {match.state === 'confirmed' && (
                  <p className="aml-muted">
                    Confirmed by {personName(match.decided_by)}: {match.reason}
                  </p>
                )}
                {match.delisted && <DelistedMatch userId={userId} match={match} name={subject.name} />}
                {(match.state === 'false_positive' || match.state === 'awaiting_second_review') && role === 'ADMIN' && (
                  <div className="review-actions__row">
                    <Button variant="ghost" onClick={() => setActing({ kind: 'reopen', match, name: subject.name })} aria-label={`Reopen the decision on ${match.candidate.reference}`}>
                      Reopen
                    </Button>
                  </div>
                )}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {acting && <DecisionDialog userId={userId} acting={acting} onClose={() => setActing(null)} />}
    </section>
  );
}

const TITLES = {
  confirmed: 'Confirm the match?',
  false_positive: 'Mark as a false positive?',
  countersign: 'Countersign the false positive?',
  send_back: 'Send the decision back?',
  reopen: 'Reopen the decision?',
} as const;

function templateKey(acting: Acting): keyof typeof DECISION_REASON_TEMPLATES {
  return acting.kind === 'decide' ? acting.decision : acting.kind === 'countersign' ? acting.outcome : 'reopen';
}

/** The one dialog of every decision: the reason (at least MIN_DECISION_REASON characters), started from a template. */
function DecisionDialog({ userId, acting, onClose }: { userId: number; acting: Acting; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const templateId = useId();
  const key = templateKey(acting);
  const { match } = acting;
  const action = useAction<void, Screening>({
    run: (_input, { headers }) =>
      acting.kind === 'decide'
        ? decideMatch(userId, match.id, { version: match.version, decision: acting.decision, reason }, headers)
        : acting.kind === 'countersign'
          ? countersignMatch(userId, match.id, { version: match.version, outcome: acting.outcome, reason }, headers)
          : reopenMatch(userId, match.id, { version: match.version, reason }, headers),
    success: (answer) => {
      if (acting.kind === 'countersign') return acting.outcome === 'countersign' ? 'Countersigned' : 'Sent back to be decided again';
      if (acting.kind === 'reopen') return 'Reopened: the match is to be decided again';
      if (acting.decision === 'confirmed') return 'Match confirmed: the client is frozen';
      const after = answer.subjects.flatMap((subject) => subject.matches).find((item) => item.id === match.id);
      return after?.state === 'awaiting_second_review' ? 'Marked as a false positive: awaiting a second person\'s countersign' : 'Marked as a false positive';
    },
    endpoint: acting.kind === 'decide' ? aml.decide : acting.kind === 'countersign' ? aml.countersign : aml.reopen,
    onSuccess: onClose,
    onConflict: onClose,
  });
  const short = reason.trim().length < MIN_DECISION_REASON;
  return (
    <FormDialog
      title={TITLES[key]}
      submitLabel={acting.kind === 'decide' ? (acting.decision === 'confirmed' ? 'Confirm match' : 'False positive') : acting.kind === 'countersign' ? (acting.outcome === 'countersign' ? 'Countersign' : 'Send back') : 'Reopen'}
      submitVariant={acting.kind === 'decide' && acting.decision === 'confirmed' ? 'danger' : 'primary'}
      busy={action.busy}
      submitDisabled={short}
      error={action.formError}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <p>
        {acting.name} against {match.candidate.reference} ({match.candidate.listed_name}), score {match.candidate.score}.
        {acting.kind === 'decide' && acting.decision === 'confirmed' ? ' The client is frozen at once and a fund freeze report is due within five business days.' : ''}
        {acting.kind === 'decide' && acting.decision === 'false_positive' && match.candidate.score >= 90 ? ' A strong hit: a second person countersigns it before the approval.' : ''}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={templateId}>
          Start from a template
        </label>
        <SelectControl id={templateId} className="field__input" value="" onChange={(next) => next !== '' && setReason(next)}>
          <option value="">Choose a template...</option>
          {DECISION_REASON_TEMPLATES[key].map((template) => (
            <option key={template} value={template}>
              {template}
            </option>
          ))}
        </SelectControl>
      </div>
      <TextArea
        id={reasonId}
        label="Reason (required)"
        hint={`At least ${MIN_DECISION_REASON} characters: say why.`}
        value={reason}
        onValueChange={setReason}
        limit={MAX_PARTY_TEXT}
        error={action.fieldErrors.reason}
      />
    </FormDialog>
  );
}
