/** One request over the inbox: its details, attachments (previewed), SLA clock, quote, linked tasks, timeline, and the staff actions. */
import { useCallback, useId, useState } from 'react';
import { addWorkingDays } from '../../../../../common/uae-holidays.ts';
import { dubaiDate, formatIsoDate } from '../../../../../common/calendar.ts';
import { formatFils, parseAedToFils, vatOf } from '../../../../../common/money.ts';
import { requestFields } from '../../../../../common/contract/requests-fields.ts';
import type { RequestDetail } from '../../../../../common/contract/requests.ts';
import { AuditLink } from '../../../components/audit-link.tsx';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FilePreview } from '../../../components/file-preview.tsx';
import { RecordMissing } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { TimeEntryDialog } from '../../../components/time-entry-dialog.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { isNotFound, unlessNotFound } from '../../../lib/errors.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { assignRequest, convertRequest, declineRequest, fetchAttachment, quoteRequest, requests, setRequestStatus, useRequest, useStaffChoices } from '../api.ts';
import { REQUEST_STATUS_LABELS, REQUEST_STATUS_VARIANTS, slaText, slaVariant, timelineText } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';

export function RequestDialog({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const request = useRequest(requestId, { notify: unlessNotFound });
  return (
    <Dialog title={request.data ? `${request.data.type.name}: ${request.data.client.legal_name}` : 'Request'} onClose={onClose}>
      {request.data ? (
        <RequestBody request={request.data} />
      ) : request.error ? (
        <RecordMissing what="Request" notFound={isNotFound(request.error)} />
      ) : (
        <LoadingIndicator label="Loading the request" />
      )}
    </Dialog>
  );
}

function RequestBody({ request }: { request: RequestDetail }) {
  const id = useId();
  const [fee, setFee] = useState('');
  const [reason, setReason] = useState('');
  const [taskTitle, setTaskTitle] = useState(request.type.name);
  const [preview, setPreview] = useState<number | null>(null);
  const version = request.version;
  const staff = useStaffChoices();
  const email = session.value.email?.toLowerCase();
  const me = staff.data?.staff.find((person) => person.email.toLowerCase() === email)?.id ?? null;
  const closed = request.status === 'completed' || request.status === 'declined';
  const quotePending = request.quote?.status === 'pending';

  const assign = useAction({ run: (assignee: number | null, { headers }) => assignRequest(request.id, { version, assignee_id: assignee }, headers), success: 'Request assigned.', endpoint: requests.assign });
  const move = useAction({ run: (status: 'in_progress' | 'waiting_on_client' | 'completed', { headers }) => setRequestStatus(request.id, { version, status }, headers), success: (result) => `Now ${REQUEST_STATUS_LABELS[result.status]}.`, endpoint: requests.status });
  const quote = useAction({ run: (net: number, { headers }) => quoteRequest(request.id, { version, net_fils: net }, headers), success: 'Quote sent to the client.', endpoint: requests.quote, onSuccess: () => setFee('') });
  // The task is due by the request's SLA (its due time while the clock runs) and is done by the request's
  // assignee, else by whoever converts it; the back end refuses a due date past the SLA.
  const taskDue = request.sla.due_at ? dubaiDate(new Date(request.sla.due_at)) : addWorkingDays(dubaiDate(), request.type.target_working_days);
  const taskAssignee = request.assignee?.id ?? me;
  const convert = useAction({
    run: (_input: void, { headers }) =>
      convertRequest(request.id, { version, tasks: [{ title: taskTitle, due_on: taskDue, ...(taskAssignee !== null ? { assignee_id: taskAssignee } : {}) }] }, headers),
    success: 'Tasks created from the request.',
    endpoint: requests.convert,
  });
  const decline = useAction({ run: (text: string, { headers }) => declineRequest(request.id, { version, reason: text }, headers), success: 'Request declined.', endpoint: requests.decline });
  const feeFils = parseAedToFils(fee);
  const loadFile = useCallback((signal: AbortSignal) => fetchAttachment(request.id, preview ?? 0, signal), [request.id, preview]);
  const previewed = request.attachments.find((attachment) => attachment.id === preview);
  const [logging, setLogging] = useState(false);

  return (
    <div className="request-detail">
      {logging && <TimeEntryDialog prefill={{ client: request.client, request: { id: request.id, title: `${request.type.name} #${request.id}` } }} onClose={() => setLogging(false)} />}
      <div className="request-detail__chips">
        <StatusChip variant={REQUEST_STATUS_VARIANTS[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</StatusChip>
        <StatusChip variant={slaVariant(request)}>SLA {request.type.target_working_days} working days: {slaText(request)}</StatusChip>
        <Button variant="outlined" className="request-detail__log-time" onClick={() => setLogging(true)}>
          Log time
        </Button>
      </div>
      <p className="request-detail__details">{request.details}</p>
      {request.decline_reason && <p className="request-detail__note">Declined: {request.decline_reason}</p>}
      {request.attachments.length > 0 && (
        <ul className="request-detail__files">
          {request.attachments.map((attachment) => (
            <li key={attachment.id}>
              <button type="button" className="link-button" onClick={() => setPreview(attachment.id)}>
                {attachment.file_name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {previewed && <FilePreview label={previewed.file_name} file={{ ...previewed, key: String(previewed.id), load: loadFile }} />}
      <dl className="request-detail__facts">
        <dt>Assignee</dt>
        <dd>{personName(request.assignee, 'Unassigned')}</dd>
        <dt>Quote</dt>
        <dd>
          {request.quote
            ? `${formatFils(request.quote.net_fils)} + VAT ${formatFils(request.quote.vat_fils)} = ${formatFils(request.quote.total_fils)} (${request.quote.status === 'accepted' ? 'accepted by the client' : 'waiting for the client to accept'})`
            : 'None'}
        </dd>
        <dt>Tasks</dt>
        <dd>
          {request.tasks.length === 0
            ? 'None yet'
            : request.tasks.map((task) => (
                <a key={task.id} className="request-detail__task" href={`/tasks?assignee=all&task=${task.id}`}>
                  {task.title}
                </a>
              ))}
        </dd>
      </dl>
      {!closed && (
        <div className="request-detail__actions">
          <div className="request-detail__buttons">
            {me !== null && request.assignee?.id !== me && (
              <Button variant="outlined" onClick={() => void assign.run(me)} loading={assign.busy}>
                Assign to me
              </Button>
            )}
            {request.status !== 'waiting_on_client' && (
              <Button variant="outlined" onClick={() => void move.run('waiting_on_client')} loading={move.busy}>
                Waiting on client
              </Button>
            )}
            {request.status !== 'in_progress' && !quotePending && (
              <Button variant="outlined" onClick={() => void move.run('in_progress')} loading={move.busy}>
                Start work
              </Button>
            )}
            {!quotePending && (
              <Button variant="outlined" onClick={() => void move.run('completed')} loading={move.busy}>
                Complete
              </Button>
            )}
          </div>
          {request.quote?.status !== 'accepted' && (
            <form
              className="request-detail__form"
              onSubmit={(event) => {
                event.preventDefault();
                if (feeFils !== null && feeFils > 0) void quote.run(feeFils);
              }}
            >
              <TextField id={`${id}-fee`} label="Fee (AED, before VAT)" value={fee} onValueChange={setFee} inputMode="decimal" hint={feeFils ? `With 5 % VAT: ${formatFils(feeFils + vatOf(feeFils))}` : undefined} error={quote.fieldErrors.net_fils} />
              <Button type="submit" variant="outlined" loading={quote.busy} disabled={feeFils === null || feeFils <= 0}>
                {request.quote ? 'Send a new quote' : 'Quote a fee'}
              </Button>
            </form>
          )}
          <form
            className="request-detail__form"
            onSubmit={(event) => {
              event.preventDefault();
              if (taskTitle.trim()) void convert.run();
            }}
          >
            <CountedTextField id={`${id}-task`} field={requestFields.taskTitle} label="Task to create" value={taskTitle} onValueChange={setTaskTitle} near hint={quotePending ? 'Work starts once the client accepts the quote.' : `Due ${formatIsoDate(taskDue)}, within the SLA`} error={convert.fieldErrors['tasks.0.due_on'] ?? convert.fieldErrors['tasks.0.assignee_id']} />
            <Button type="submit" loading={convert.busy} disabled={quotePending || taskTitle.trim() === ''}>
              Convert to tasks
            </Button>
          </form>
          <form
            className="request-detail__form"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim()) void decline.run(reason);
            }}
          >
            <CountedTextField id={`${id}-reason`} field={requestFields.declineReason} label="Reason to decline" value={reason} onValueChange={setReason} near error={decline.fieldErrors.reason} />
            <Button type="submit" variant="danger" loading={decline.busy} disabled={reason.trim() === ''}>
              Decline
            </Button>
          </form>
        </div>
      )}
      <section className="request-detail__timeline" aria-label="Timeline">
        <h3>Timeline</h3>
        <AuditLink entity="service_request" record={request.id} />
        <ul>
          {request.timeline.map((event) => (
            <li key={event.id}>
              {timelineText(event)} · {formatDubaiDateTime(event.created_at)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
