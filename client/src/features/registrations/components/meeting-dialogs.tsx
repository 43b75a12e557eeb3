/** The onboarding call's dialogs: book or reschedule it, cancel it with a reason, record its outcome. */
import { registrationFields } from '../../../../../common/contract/registrations-fields.ts';
import { useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { MAX_CALL_PLACE_LENGTH } from '../../../../../common/contract/registrations-paths.ts';
import { dubaiDateTimeIso, dubaiInputs } from '../../../../../common/dubai-time.ts';
import {
  DEFAULT_CALL_TIME,
  MAX_REASON_LENGTH,
  MEETING_DURATION,
  MEETING_MODES,
  MEETING_MODE_LABELS,
  MEETING_PLACE_LABELS,
  pipelineAction,
  type MeetingMode,
  type MeetingOutcome,
} from '../../../../../common/pipeline.ts';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { session } from '../../../state/session.ts';
import { bookMeeting, cancelMeeting, recordOutcome, registrations, useHosts, useReview } from '../api.ts';
import { defaultMeetingHost, nextWorkingDay, type ActionTarget } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';
import { SelectField, Subject, useDialogAction } from './pipeline-dialog-parts.tsx';

export function ReasonDialog({ target, action: key, onClose }: { target: ActionTarget; action: 'cancel_meeting'; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useDialogAction<void>(registrations.cancelMeeting, target, onClose, 'Call cancelled', (_input, headers) => cancelMeeting(target.id, target.version, reason, headers));
  const { label, confirm } = pipelineAction(key);
  return (
    <FormDialog
      title={`${label}?`}
      submitLabel={label}
      submitVariant="danger"
      busy={action.busy}
      error={action.formError}
      submitDisabled={reason.trim() === ''}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <p>{confirm}</p>
      <TextArea id={reasonId} label="Reason (required)" rows={3} required limit={MAX_REASON_LENGTH} error={action.fieldErrors.reason} value={reason} onValueChange={setReason} />
    </FormDialog>
  );
}

const DURATIONS = Array.from({ length: (MEETING_DURATION.max - MEETING_DURATION.min) / MEETING_DURATION.step + 1 }, (_, index) => MEETING_DURATION.min + index * MEETING_DURATION.step);

export function MeetingDialog({ target, reschedule, onClose }: { target: ActionTarget; reschedule: boolean; onClose: () => void }) {
  useSignals();
  const review = useReview(String(target.id));
  const hosts = useHosts();
  const current = review.data?.meeting ?? null;
  const start = current && reschedule ? dubaiInputs(current.starts_at) : { date: nextWorkingDay(), time: DEFAULT_CALL_TIME };
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [duration, setDuration] = useState<number>(current?.duration_minutes ?? MEETING_DURATION.default);
  const [hostChoice, setHostChoice] = useState<string>('');
  const [mode, setMode] = useState<MeetingMode>(current?.mode ?? 'video');
  const [place, setPlace] = useState(current?.link_or_location ?? '');
  const ids = { date: useId(), time: useId(), duration: useId(), host: useId(), mode: useId(), place: useId() };
  // Until chosen: the call's own host when rescheduling, else the signed-in host.
  const hostId = hostChoice !== '' ? Number(hostChoice) : defaultMeetingHost(hosts.data ?? [], session.value.email, reschedule ? current : null);

  const action = useDialogAction<void>(registrations.bookMeeting, target, onClose, reschedule ? 'Call rescheduled' : 'Call booked', (_input, headers) =>
    bookMeeting(
      target.id,
      { version: target.version, starts_at: dubaiDateTimeIso(date, time), duration_minutes: duration, host_id: hostId ?? 0, mode, link_or_location: place.trim() },
      headers,
    ),
    true,
  );
  const errors = action.fieldErrors;
  return (
    <FormDialog
      title={reschedule ? 'Reschedule the call' : 'Book the onboarding call'}
      submitLabel={reschedule ? 'Reschedule' : 'Book call'}
      busy={action.busy}
      error={action.formError}
      submitDisabled={hostId === null || date === '' || time === '' || place.trim() === ''}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <div className="pipeline-dialog__row">
        <TextField id={ids.date} label="Date" type="date" value={date} onValueChange={setDate} required error={errors.starts_at} hint="Monday to Friday" />
        <TextField id={ids.time} label="Time (Dubai)" type="time" step={900} value={time} onValueChange={setTime} required hint="UTC+4, 08:00-20:00" />
        <SelectField
          id={ids.duration}
          label={registrationFields.duration.label}
          value={duration}
          options={DURATIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))}
          onChange={(value) => setDuration(Number(value))}
          error={errors.duration_minutes}
        />
      </div>
      <SelectField
        id={ids.host}
        label={registrationFields.host.label}
        value={hostId ?? ''}
        options={(hosts.data ?? []).map((host) => ({ value: host.id, label: personName(host) }))}
        onChange={setHostChoice}
        error={errors.host_id}
      />
      <div className="pipeline-dialog__row">
        <SelectField id={ids.mode} label={registrationFields.mode.label} value={mode} options={MEETING_MODES.map((value) => ({ value, label: MEETING_MODE_LABELS[value] }))} onChange={(value) => setMode(value as MeetingMode)} />
        <CountedTextField id={ids.place} label={MEETING_PLACE_LABELS[mode]} value={place} onValueChange={setPlace} limit={MAX_CALL_PLACE_LENGTH} required error={errors.link_or_location} />
      </div>
    </FormDialog>
  );
}

export function OutcomeDialog({ target, outcome, onClose }: { target: ActionTarget; outcome: MeetingOutcome; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const action = useDialogAction<void>(registrations.meetingOutcome, target, onClose, outcome === 'held' ? 'Call marked held: documents requested' : 'Call marked as a no-show', (_input, headers) =>
    recordOutcome(target.id, { version: target.version, outcome, notes }, headers),
  );
  const held = outcome === 'held';
  return (
    <FormDialog title={held ? 'Mark the call held?' : 'Mark as no show?'} submitLabel={held ? 'Mark held' : 'No show'} busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <Subject target={target} />
      <p>{held ? 'The client is asked to upload the trade licence, passport and Emirates ID.' : 'The call stays on Call Schedule as a no-show, to be rescheduled.'}</p>
      <TextArea id={notesId} field={registrationFields.outcomeNotes} label="Notes (optional)" rows={4} error={action.fieldErrors.notes} value={notes} onValueChange={setNotes} />
    </FormDialog>
  );
}
