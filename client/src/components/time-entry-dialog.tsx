/**
 * Logging time: the client and its task or request (WorkPicker, shared with the top bar's timer), the date,
 * the time as h:mm, a note and billable. One dialog for adding and editing on the Timesheet page and for
 * 'Log time' on a task's or a request's page (prefilled with that work). Its calls are lib/time-api.ts's.
 */
import { useId, useState } from 'react';
import { dubaiDate } from '../../../common/calendar.ts';
import type { ClientName, NewTimeEntryBody, TimeEntry, WorkRef } from '../../../common/contract/time.ts';
import { MAX_ENTRY_MINUTES, MAX_TIME_NOTE_LENGTH } from '../../../common/contract/time-paths.ts';
import { DURATION_HINT, readDuration } from '../../../common/duration.ts';
import { formatMinutes } from '../../../common/iso-week.ts';
import { useEndpoint } from '../lib/endpoints.ts';
// Aliased: the dialog's own state names the duration typed `time`.
import { createTimeEntry, time as timeApi, updateTimeEntry } from '../lib/time-api.ts';
import { useAction, type FieldErrors } from '../lib/use-action.ts';
import { TextArea } from './counted-field.tsx';
import { FormDialog } from './dialog.tsx';
import { Select } from './select.tsx';
import { TextField } from './text-field.tsx';
import './time-entry-dialog.css';

/** The work a timer or an entry is on: a client, and optionally one of its tasks or requests. */
export interface WorkChoice {
  client_id: number | null;
  task_id: number | null;
  request_id: number | null;
}

/** 'task:12' / 'request:7' / '': the one select that offers both. */
const workValue = (choice: WorkChoice) => (choice.task_id !== null ? `task:${choice.task_id}` : choice.request_id !== null ? `request:${choice.request_id}` : '');

/**
 * The client select (the clients the user may log time on) and the task-or-request select of that client.
 * A fixed client (from a task's page) is shown, not offered.
 */
export function WorkPicker({ value, onChange, errors, fixed }: { value: WorkChoice; onChange: (choice: WorkChoice) => void; errors: FieldErrors; fixed?: { client: ClientName; work: WorkRef | null; kind: 'task' | 'request' } }) {
  const id = useId();
  const clients = useEndpoint(timeApi.clients, {}, { enabled: !fixed });
  const clientId = value.client_id;
  const work = useEndpoint(timeApi.work, { params: { clientId: clientId ?? 0 } }, { enabled: clientId !== null && !fixed });
  if (fixed) {
    return (
      <dl className="time-fixed-work">
        <dt>Client</dt>
        <dd>{fixed.client.legal_name}</dd>
        {fixed.work && (
          <>
            <dt>{fixed.kind === 'task' ? 'Task' : 'Request'}</dt>
            <dd>{fixed.work.title}</dd>
          </>
        )}
      </dl>
    );
  }
  return (
    <>
      <Select id={`${id}-client`} label="Client" value={clientId === null ? '' : String(clientId)} error={errors.client_id} onChange={(next) => onChange({ client_id: next ? Number(next) : null, task_id: null, request_id: null })}>
        <option value="">Choose a client</option>
        {(clients.data?.results ?? []).map((client) => (
          <option key={client.id} value={client.id}>
            {client.legal_name}
          </option>
        ))}
      </Select>
      <Select
        id={`${id}-work`}
        label="Task or request (optional)"
        value={workValue(value)}
        error={errors.task_id ?? errors.request_id}
        disabled={clientId === null}
        onChange={(next) => {
          const [kind, raw] = next.split(':');
          onChange({ client_id: clientId, task_id: kind === 'task' ? Number(raw) : null, request_id: kind === 'request' ? Number(raw) : null });
        }}
      >
        <option value="">None</option>
        {(work.data?.tasks.length ?? 0) > 0 && (
          <optgroup label="Tasks">
            {work.data!.tasks.map((task) => (
              <option key={task.id} value={`task:${task.id}`}>
                {task.title}
              </option>
            ))}
          </optgroup>
        )}
        {(work.data?.requests.length ?? 0) > 0 && (
          <optgroup label="On-demand requests">
            {work.data!.requests.map((request) => (
              <option key={request.id} value={`request:${request.id}`}>
                {request.title}
              </option>
            ))}
          </optgroup>
        )}
      </Select>
    </>
  );
}

interface Prefill {
  client: ClientName;
  task?: WorkRef | null;
  request?: WorkRef | null;
}

/** Add (from the Timesheet page, or 'Log time' with `prefill`) or edit one entry. */
export function TimeEntryDialog({ entry, prefill, date, onClose }: { entry?: TimeEntry | null; prefill?: Prefill; date?: string; onClose: () => void }) {
  const id = useId();
  const today = dubaiDate();
  const [work, setWork] = useState<WorkChoice>(
    entry
      ? { client_id: entry.client.id, task_id: entry.task?.id ?? null, request_id: entry.request?.id ?? null }
      : { client_id: prefill?.client.id ?? null, task_id: prefill?.task?.id ?? null, request_id: prefill?.request?.id ?? null },
  );
  const [day, setDay] = useState(entry?.date ?? date ?? today);
  const [time, setTime] = useState(entry ? formatMinutes(entry.minutes) : '');
  const [note, setNote] = useState(entry?.note ?? '');
  const [billable, setBillable] = useState(entry?.billable ?? true);
  const [timeError, setTimeError] = useState<string | undefined>(undefined);
  const save = useAction({
    run: (body: NewTimeEntryBody, { headers }) => (entry ? updateTimeEntry(entry.id, { ...body, version: entry.version }, headers) : createTimeEntry(body, headers)),
    success: (saved) => `${formatMinutes(saved.minutes)} logged on ${saved.client.legal_name}`,
    endpoint: entry ? timeApi.update : timeApi.create,
    onSuccess: onClose,
  });
  const submit = () => {
    const read = readDuration(time, { label: 'Time', max: MAX_ENTRY_MINUTES });
    if ('error' in read) {
      setTimeError(read.error);
      return;
    }
    setTimeError(undefined);
    if (work.client_id === null) return;
    void save.run({ client_id: work.client_id, task_id: work.task_id, request_id: work.request_id, date: day, minutes: read.minutes, note, billable });
  };
  const fixed = !entry && prefill ? { client: prefill.client, work: prefill.task ?? prefill.request ?? null, kind: prefill.task ? ('task' as const) : ('request' as const) } : undefined;
  return (
    <FormDialog
      title={entry ? 'Edit time' : 'Log time'}
      submitLabel={entry ? 'Save' : 'Log time'}
      busy={save.busy}
      error={save.formError}
      submitDisabled={work.client_id === null}
      disabledReason={work.client_id === null ? 'Choose a client first.' : undefined}
      onSubmit={submit}
      onClose={onClose}
    >
      <WorkPicker value={work} onChange={setWork} errors={save.fieldErrors} {...(fixed ? { fixed } : {})} />
      <TextField id={`${id}-date`} label="Date" type="date" max={today} value={day} onValueChange={setDay} error={save.fieldErrors.date} />
      <TextField id={`${id}-time`} label="Time" hint={DURATION_HINT} placeholder="1:30" value={time} onValueChange={setTime} error={timeError ?? save.fieldErrors.minutes} data-autofocus={fixed ? true : undefined} />
      <TextArea id={`${id}-note`} label="Note" value={note} onValueChange={setNote} limit={MAX_TIME_NOTE_LENGTH} error={save.fieldErrors.note} rows={3} />
      <label className="time-billable">
        <input type="checkbox" checked={billable} onChange={(event) => setBillable(event.target.checked)} /> Billable
      </label>
    </FormDialog>
  );
}
