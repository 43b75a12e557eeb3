import { LengthCounter } from '../../../components/length-counter.tsx';
import { useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { LeadDetail, LeadItem, LeadStage } from '../../../../../common/contract/crm.ts';
import { ACTIVITY_KINDS, ACTIVITY_KIND_LABELS, LEAD_SOURCE_LABELS, LEAD_STAGES, LEAD_STAGE_LABELS, MAX_ACTIVITY_LENGTH, crmPagePath, type ActivityKind } from '../../../../../common/contract/crm-paths.ts';
import { enquiryPagePath, type EnquiryKind } from '../../../../../common/contract/enquiries-paths.ts';
import { ENQUIRY_KINDS } from '../../../../../common/contract/enquiries-paths.ts';
import { verificationPath } from '../../../../../common/links.ts';
import { Button } from '../../../components/button.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { addActivity, crm, moveLead, useLead } from '../api.ts';
import { InviteDialog, LostDialog } from '../components/stage-dialogs.tsx';
import { EditLeadDialog } from '../components/edit-lead-dialog.tsx';
import { STAGE_VARIANTS, aed, dayText, followUpDue } from '../model.ts';
import '../components/crm.css';
import { type ClosedLeadStage, isOpenLeadStage, LEAD_LOST, LEAD_WON } from '../../../../../common/crm.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

/** One lead (/crm/leads/{id}): its facts, stage, activities, and the invitation to register once won. */
export function LeadPage() {
  useSignals();
  const id = Number(useParams<{ id: string }>().id);
  const lead = useLead(id);
  if (!Number.isInteger(id) || id < 1 || (lead.error as { status?: number } | undefined)?.status === 404) return <RecordNotFound what="lead" list={{ name: 'CRM', path: crmPagePath.board }} />;
  if (!lead.data) return <LoadingIndicator label="Loading the lead" />;
  return <LeadView detail={lead.data} />;
}

function LeadView({ detail: { lead, activities } }: { detail: LeadDetail }) {
  const [dialog, setDialog] = useState<ClosedLeadStage | 'edit' | null>(null);
  const move = useAction({
    run: (stage: LeadStage, { headers }) => moveLead(lead.id, { version: lead.version, stage }, headers),
    success: (moved) => `Moved to ${LEAD_STAGE_LABELS[moved.stage]}`,
    endpoint: crm.stage,
  });
  const fromEnquiry = lead.enquiry_id !== null && (ENQUIRY_KINDS as readonly string[]).includes(lead.source);
  return (
    <div className="lead">
      <div className="crm">
        <section className="lead__panel" aria-labelledby="lead-heading">
          <div className="lead__row">
            <h1 id="lead-heading" className="page-heading">{lead.company}</h1>
            <StatusChip variant={STAGE_VARIANTS[lead.stage]}>{LEAD_STAGE_LABELS[lead.stage]}</StatusChip>
            <Button variant="outlined" onClick={() => setDialog('edit')}>
              Edit
            </Button>
          </div>
          <dl className="lead__fields">
            <dt>Contact</dt>
            <dd>{lead.contact_name}</dd>
            <dt>E-mail</dt>
            <dd>{lead.email}</dd>
            <dt>Phone</dt>
            <dd>{lead.phone ?? '-'}</dd>
            <dt>Source</dt>
            <dd>
              {LEAD_SOURCE_LABELS[lead.source]}
              {fromEnquiry && (
                <>
                  {' '}
                  (<Link href={enquiryPagePath(lead.source as EnquiryKind, lead.enquiry_id!)}>the enquiry</Link>)
                </>
              )}
            </dd>
            <dt>Owner</dt>
            <dd>{personName(lead.owner, 'No owner')}</dd>
            <dt>Monthly value</dt>
            <dd>{aed(lead.monthly_value_fils)}</dd>
            <dt>Next follow-up</dt>
            <dd className={followUpDue(lead) ? 'crm__due--now' : undefined}>{lead.next_follow_up ? dayText(lead.next_follow_up) : '-'}</dd>
            {lead.lost_reason && (
              <>
                <dt>Lost because</dt>
                <dd>{lead.lost_reason}</dd>
              </>
            )}
            {lead.registration && (
              <>
                <dt>Registration</dt>
                <dd>
                  <Link href={verificationPath(lead.registration.user_id, 'signed_up')}>{lead.registration.registration_id}</Link>
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="lead__panel" aria-labelledby="lead-activities-heading">
          <h2 id="lead-activities-heading">Activities</h2>
          {activities.length === 0 ? (
            <p className="crm__sub">No activity yet.</p>
          ) : (
            <ul className="lead__activities">
              {activities.map((activity) => (
                <li key={activity.id}>
                  <strong>{ACTIVITY_KIND_LABELS[activity.kind]}</strong>
                  <span className="lead__note">{activity.text}</span>
                  <span className="crm__sub">
                    {formatDubaiDateTime(activity.at)}
                    {activity.actor ? `, ${personName(activity.actor, 'No owner')}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="crm">
        <section className="lead__panel" aria-labelledby="lead-stage-heading">
          <h2 id="lead-stage-heading">Stage</h2>
          {lead.stage === LEAD_WON ? (
            <p>Won: the client is in onboarding.</p>
          ) : (
            <>
              <div className="lead__row" role="group" aria-label="Move to stage">
                {LEAD_STAGES.filter((stage) => stage !== lead.stage && isOpenLeadStage(stage)).map((stage) => (
                  <Button key={stage} variant="outlined" onClick={() => void move.run(stage)} disabled={move.busy}>
                    {LEAD_STAGE_LABELS[stage]}
                  </Button>
                ))}
              </div>
              <div className="lead__row">
                <Button onClick={() => setDialog(LEAD_WON)} disabled={lead.stage === LEAD_LOST}>
                  Won: invite to register
                </Button>
                {lead.stage !== LEAD_LOST && (
                  <Button variant="danger" onClick={() => setDialog(LEAD_LOST)}>
                    Lost
                  </Button>
                )}
              </div>
            </>
          )}
        </section>
        <ActivityForm lead={lead} />
      </div>
      {dialog === LEAD_WON && <InviteDialog lead={lead} onClose={() => setDialog(null)} />}
      {dialog === LEAD_LOST && <LostDialog lead={lead} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && <EditLeadDialog lead={lead} onClose={() => setDialog(null)} />}
    </div>
  );
}

function ActivityForm({ lead }: { lead: LeadItem }) {
  const id = useId();
  const [kind, setKind] = useState<ActivityKind>('call');
  const [text, setText] = useState('');
  const save = useAction({
    run: (_: void, { headers }) => addActivity(lead.id, { kind, at: new Date().toISOString(), text }, headers),
    success: 'Activity added',
    endpoint: crm.activities,
    onSuccess: () => setText(''),
  });
  return (
    <section className="lead__panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Log an activity</h2>
      <FilterSelect label="Kind" value={kind} onChange={(value) => setKind(value as ActivityKind)}>
        {ACTIVITY_KINDS.map((value) => (
          <option key={value} value={value}>
            {ACTIVITY_KIND_LABELS[value]}
          </option>
        ))}
      </FilterSelect>
      <textarea className="lead__text" aria-label="What happened" value={text} onChange={(event) => setText(event.target.value)} />
      <LengthCounter value={text} limit={MAX_ACTIVITY_LENGTH} />
      <Button onClick={() => void save.run()} loading={save.busy} disabled={text.trim() === ''}>
        Add activity
      </Button>
    </section>
  );
}
