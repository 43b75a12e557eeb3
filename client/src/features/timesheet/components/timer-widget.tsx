/**
 * The top bar's timer, for every staff role. The server holds it (one per user), so a reload, a second tab or
 * signing in again shows the same one; the bar reads it again when the tab comes back into view. Starting
 * one while another runs stops and saves that one (the server does it). A timer run past the limit asks
 * before it saves.
 */
import { useEffect, useId, useState } from 'react';
import { TIMER_CONFIRM_AFTER_MINUTES, MAX_TIME_NOTE_LENGTH, MAX_ENTRY_MINUTES } from '../../../../../common/contract/time-paths.ts';
import { formatMinutes } from '../../../../../common/iso-week.ts';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { Dialog, FormDialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { WorkPicker, type WorkChoice } from '../../../components/time-entry-dialog.tsx';
import { useEndpoint } from '../../../lib/endpoints.ts';
import { startTimer, stopTimer, time } from '../../../lib/time-api.ts';
import { useAction } from '../../../lib/use-action.ts';
import { elapsedMinutes } from '../model.ts';
import './timer.css';

/** Minutes since `startedAt`, read again every 20 s. */
function useElapsed(startedAt: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt) return undefined;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 20_000);
    return () => window.clearInterval(tick);
  }, [startedAt]);
  return startedAt ? elapsedMinutes(startedAt, now) : 0;
}

export function TimerWidget() {
  const timer = useEndpoint(time.timer, {}, { refetchOnFocus: true, notify: false });
  const running = timer.data?.timer ?? null;
  const elapsed = useElapsed(running?.started_at);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stop = useAction({
    run: (confirm: boolean, { headers }) => stopTimer(confirm ? { confirm_long: true } : {}, headers),
    success: (saved) => `${formatMinutes(saved.minutes)} saved on ${saved.client.legal_name}`,
    endpoint: time.stopTimer,
    onSuccess: () => setConfirming(false),
  });
  const onStop = () => (elapsed > TIMER_CONFIRM_AFTER_MINUTES ? setConfirming(true) : void stop.run(false));
  return (
    <div className="timer" role="group" aria-label="Timer">
      {running ? (
        <>
          <span className="timer__running" title={`${running.client.legal_name}${running.note ? `: ${running.note}` : ''}`}>
            <Icon name="timesheet" size={16} />
            <span className="timer__elapsed" aria-label={`Timer running for ${formatMinutes(elapsed)}`}>
              {formatMinutes(elapsed)}
            </span>
            <span className="timer__client">{running.client.legal_name}</span>
          </span>
          <Button variant="outlined" className="timer__stop" loading={stop.busy} onClick={onStop}>
            Stop
          </Button>
        </>
      ) : (
        <Button variant="outlined" className="timer__start" aria-label="Start timer" onClick={() => setStarting(true)}>
          <Icon name="timesheet" size={16} />
          <span className="timer__start-label">Start timer</span>
        </Button>
      )}
      {starting && <StartTimerDialog onClose={() => setStarting(false)} />}
      {confirming && (
        <Dialog
          title="Save a long timer?"
          onClose={() => setConfirming(false)}
          busy={stop.busy}
          footer={
            <>
              <Button variant="outlined" onClick={() => setConfirming(false)}>
                Keep it running
              </Button>
              <Button loading={stop.busy} onClick={() => void stop.run(true)}>
                Save {formatMinutes(Math.min(elapsed, MAX_ENTRY_MINUTES))}
              </Button>
            </>
          }
        >
          <p>
            The timer has run for {formatMinutes(elapsed)}, more than {formatMinutes(TIMER_CONFIRM_AFTER_MINUTES)}. Was it left running? Save it and correct the entry on
            the Timesheet page if it was.
          </p>
          {stop.formError && <p className="field__error">{stop.formError}</p>}
        </Dialog>
      )}
    </div>
  );
}

function StartTimerDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [work, setWork] = useState<WorkChoice>({ client_id: null, task_id: null, request_id: null });
  const [note, setNote] = useState('');
  const start = useAction({
    run: (_: void, { headers }) => startTimer({ client_id: work.client_id!, task_id: work.task_id, request_id: work.request_id, note }, headers),
    success: (started) => (started.saved ? `Timer started; ${formatMinutes(started.saved.minutes)} saved from the one before` : 'Timer started'),
    endpoint: time.startTimer,
    onSuccess: onClose,
  });
  return (
    <FormDialog
      title="Start timer"
      submitLabel="Start"
      busy={start.busy}
      error={start.formError}
      submitDisabled={work.client_id === null}
      disabledReason={work.client_id === null ? 'Choose a client first.' : undefined}
      onSubmit={() => void start.run()}
      onClose={onClose}
    >
      <WorkPicker value={work} onChange={setWork} errors={start.fieldErrors} />
      <TextArea id={`${id}-note`} label="Note (optional)" value={note} onValueChange={setNote} limit={MAX_TIME_NOTE_LENGTH} error={start.fieldErrors.note} rows={2} />
    </FormDialog>
  );
}
