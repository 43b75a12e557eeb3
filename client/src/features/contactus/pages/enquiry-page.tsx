import { LengthCounter } from '../../../components/length-counter.tsx';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { canSee } from '../../../../../common/access.ts';
import type { EnquiryDetail, EnquiryEvent, EnquiryItem, EnquiryMatch } from '../../../../../common/contract/enquiries.ts';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS, MAX_CLOSE_REASON_LENGTH, MAX_NOTE_LENGTH, enquiryPagePath, type EnquiryStatus } from '../../../../../common/contract/enquiries-paths.ts';
import { crmPagePath } from '../../../../../common/contract/crm-paths.ts';
import { isStaffRole } from '../../../../../common/roles.ts';
import { enquiryFields } from '../../../../../common/contract/enquiries-fields.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { addNote, assign, changeStatus, convert, enquiries, merge, useAssignees, useEnquiry } from '../api.ts';
import { STATUS_VARIANTS, detailLines, kindOfPath } from '../model.ts';
import '../components/enquiries.css';
import { FilterSelect } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

const MATCH_LABELS: Record<EnquiryMatch['type'], string> = { enquiry: 'Enquiry', lead: 'CRM lead', registration: 'Registration', client: 'Client' };

/** One enquiry (/difc/{id}): what the form said, its status, assignee, notes, matches, merge and conversion. */
export function EnquiryPage() {
  useSignals();
  const params = useParams<{ kind: string; id: string }>();
  const id = Number(params.id);
  const detail = useEnquiry(id);
  if (!Number.isInteger(id) || id < 1 || (detail.error as { status?: number } | undefined)?.status === 404) {
    const kind = kindOfPath(`/${params.kind}`);
    return <RecordNotFound what="enquiry" list={{ name: ENQUIRY_KIND_LABELS[kind], path: enquiryPagePath(kind) }} />;
  }
  if (!detail.data) return <LoadingIndicator label="Loading the enquiry" />;
  return <EnquiryView detail={detail.data} />;
}

function EnquiryView({ detail }: { detail: EnquiryDetail }) {
  const { enquiry, matches, history } = detail;
  return (
    <div className="enquiry">
      <div className="enquiries">
        <section className="enquiry__panel" aria-labelledby="enquiry-heading">
          <div className="enquiry__row">
            <h1 id="enquiry-heading" className="page-heading">{enquiry.name}</h1>
            <StatusChip variant={STATUS_VARIANTS[enquiry.status]}>{ENQUIRY_STATUS_LABELS[enquiry.status]}</StatusChip>
          </div>
          <dl className="enquiry__fields">
            <dt>Form</dt>
            <dd>
              <Link href={enquiryPagePath(enquiry.kind)}>{ENQUIRY_KIND_LABELS[enquiry.kind]}</Link>
            </dd>
            <dt>Received</dt>
            <dd>{formatDubaiDateTime(enquiry.created_at)}</dd>
            <dt>E-mail</dt>
            <dd>{enquiry.email}</dd>
            <dt>Phone</dt>
            <dd>{enquiry.phone ?? '-'}</dd>
            <dt>Company</dt>
            <dd>{enquiry.company ?? '-'}</dd>
            {detailLines(enquiry.details).map(([label, value]) => (
              <Field key={label} label={label} value={value} />
            ))}
            {enquiry.close_reason && <Field label="Close reason" value={enquiry.close_reason} />}
          </dl>
          {enquiry.message && <p className="enquiry__message">{enquiry.message}</p>}
        </section>
        <Matches enquiry={enquiry} matches={matches} />
        <History history={history} />
      </div>
      <div className="enquiries">
        <StatusPanel enquiry={enquiry} />
        <ConvertPanel enquiry={enquiry} />
        <NotePanel enquiry={enquiry} />
      </div>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function StatusPanel({ enquiry }: { enquiry: EnquiryItem }) {
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.status);
  const [reason, setReason] = useState('');
  const assignees = useAssignees();
  const save = useAction({
    run: (_: void, { headers }) => changeStatus(enquiry.id, { version: enquiry.version, status, ...(status === 'closed' ? { reason } : {}) }, headers),
    success: 'Status saved',
    endpoint: enquiries.status,
  });
  const reassign = useAction({
    run: (assigneeId: number | null, { headers }) => assign(enquiry.id, { version: enquiry.version, assignee_id: assigneeId }, headers),
    success: 'Assignee saved',
    endpoint: enquiries.assign,
  });
  return (
    <section className="enquiry__panel" aria-labelledby="enquiry-status-heading">
      <h2 id="enquiry-status-heading">Status and assignee</h2>
      <FilterSelect field={enquiryFields.status} value={status} onChange={(value) => setStatus(value as EnquiryStatus)} disabled={enquiry.merged_into_id !== null}>
        {ENQUIRY_STATUSES.map((value) => (
          <option key={value} value={value}>
            {ENQUIRY_STATUS_LABELS[value]}
          </option>
        ))}
      </FilterSelect>
      {status === 'closed' && (
        <label className="filter">
          Reason
          <input className="enquiry__input" value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={save.fieldErrors.reason ? true : undefined} />
          <LengthCounter value={reason} limit={MAX_CLOSE_REASON_LENGTH} />
        </label>
      )}
      {save.fieldErrors.reason && <span className="field__error">{save.fieldErrors.reason}</span>}
      <Button onClick={() => void save.run()} loading={save.busy} disabled={status === enquiry.status && status !== 'closed'}>
        Save status
      </Button>
      <FilterSelect field={enquiryFields.assignee} value={enquiry.assignee ? String(enquiry.assignee.id) : ''} disabled={reassign.busy} onChange={(value) => void reassign.run(value === '' ? null : Number(value))}>
        <option value="">Unassigned</option>
        {(assignees.data ?? []).map((person) => (
          <option key={person.id} value={String(person.id)}>
            {personName(person, 'Unassigned')}
          </option>
        ))}
      </FilterSelect>
    </section>
  );
}

function ConvertPanel({ enquiry }: { enquiry: EnquiryItem }) {
  useSignals();
  const role = session.value.role;
  const seesCrm = isStaffRole(role) && canSee(role, 'crm');
  const run = useAction({ run: (_: void, { headers }) => convert(enquiry.id, enquiry.version, headers), success: 'Converted to a CRM lead', endpoint: enquiries.convert });
  return (
    <section className="enquiry__panel" aria-labelledby="enquiry-lead-heading">
      <h2 id="enquiry-lead-heading">CRM</h2>
      {enquiry.lead_id !== null ? (
        seesCrm ? (
          <Link href={crmPagePath.lead(enquiry.lead_id)}>Open the lead</Link>
        ) : (
          <span>Converted to a CRM lead.</span>
        )
      ) : (
        <Button onClick={() => void run.run()} loading={run.busy} disabled={enquiry.merged_into_id !== null || enquiry.status === 'spam'}>
          Convert to lead
        </Button>
      )}
    </section>
  );
}

function NotePanel({ enquiry }: { enquiry: EnquiryItem }) {
  const [text, setText] = useState('');
  const save = useAction({ run: (_: void, { headers }) => addNote(enquiry.id, text, headers), success: 'Note added', endpoint: enquiries.notes, onSuccess: () => setText('') });
  return (
    <section className="enquiry__panel" aria-labelledby="enquiry-note-heading">
      <h2 id="enquiry-note-heading">Add a note</h2>
      <textarea className="enquiry__note" aria-labelledby="enquiry-note-heading" value={text} onChange={(event) => setText(event.target.value)} />
      <LengthCounter value={text} limit={MAX_NOTE_LENGTH} />
      <Button onClick={() => void save.run()} loading={save.busy} disabled={text.trim() === ''}>
        Add note
      </Button>
    </section>
  );
}

function Matches({ enquiry, matches }: { enquiry: EnquiryItem; matches: EnquiryMatch[] }) {
  const run = useAction({
    run: (intoId: number, { headers }) => merge(enquiry.id, { version: enquiry.version, into_id: intoId }, headers),
    success: 'Merged into the earlier enquiry',
    endpoint: enquiries.merge,
  });
  return (
    <section className="enquiry__panel" aria-labelledby="enquiry-matches-heading">
      <h2 id="enquiry-matches-heading">Matches</h2>
      {matches.length === 0 ? (
        <p className="enquiries__sub">No other enquiry, lead, registration or client has this e-mail, phone or company.</p>
      ) : (
        <ul className="enquiry__list">
          {matches.map((match) => (
            <li key={`${match.type}-${match.id}`}>
              <span className="enquiry__row">
                <Link href={match.link}>
                  {MATCH_LABELS[match.type]}: {match.label}
                </Link>
                {match.type === 'enquiry' && match.id < enquiry.id && enquiry.merged_into_id === null && enquiry.lead_id === null && (
                  <Button variant="outlined" onClick={() => void run.run(match.id)} loading={run.busy}>
                    Merge into this one
                  </Button>
                )}
              </span>
              <span className="enquiries__sub">Same {match.matched_on.join(', ').replace('email', 'e-mail')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const EVENT_TEXT: Record<string, (event: EnquiryEvent) => string> = {
  enquiry_received: () => 'Received from the website',
  enquiry_status_changed: (event) => `Status: ${ENQUIRY_STATUS_LABELS[event.data.to as EnquiryStatus] ?? String(event.data.to)}${event.data.reason ? ` (${String(event.data.reason)})` : ''}`,
  enquiry_assigned: (event) => (event.data.to === null ? 'Unassigned' : 'Assigned'),
  enquiry_note_added: (event) => String(event.data.text ?? ''),
  enquiry_merged: (event) =>
    event.data.into_id !== undefined ? `Merged into enquiry ${String(event.data.into_id)}` : `Duplicate folded in from ${String(event.data.name)}: ${String(event.data.message ?? '')}`,
  enquiry_converted: (event) => `Converted to CRM lead ${String(event.data.lead_id)}`,
};

function History({ history }: { history: EnquiryEvent[] }) {
  return (
    <section className="enquiry__panel" aria-labelledby="enquiry-history-heading">
      <h2 id="enquiry-history-heading">History</h2>
      <ul className="enquiry__list">
        {history.map((event) => (
          <li key={event.id}>
            <span>{(EVENT_TEXT[event.kind] ?? (() => event.kind))(event)}</span>
            <span className="enquiries__sub">
              {formatDubaiDateTime(event.created_at)}
              {event.actor ? `, ${personName(event.actor, 'Unassigned')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
