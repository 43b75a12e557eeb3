/** A conversation's header: the client, the assignee, the status and the reminders set on it. */
import { SelectControl } from '../../../components/select.tsx';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { ChatReminder, ConversationItem } from '../../../../../common/contract/chats.ts';
import { dubaiDateTimeIso } from '../../../../../common/dubai-time.ts';
import { Button } from '../../../components/button.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { assignConversation, cancelReminder, chats, setConversationStatus, setReminder, useReminders, useStaffChoices } from '../api.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import { personName } from '../../../lib/user-name.ts';

export function ConversationHeader({ item }: { item: ConversationItem }) {
  const id = useId();
  const staff = useStaffChoices();
  const reminders = useReminders(item.id);
  const [at, setAt] = useState('');
  const assign = useAction({ run: (assignee: number | null, { headers }) => assignConversation(item.id, item.version, assignee, headers), success: 'Conversation assigned.', endpoint: chats.assign });
  const status = useAction({
    run: (next: 'open' | 'resolved', { headers }) => setConversationStatus(item.id, { version: item.version, status: next }, headers),
    success: (result) => (result.status === 'resolved' ? 'Conversation resolved.' : 'Conversation reopened.'),
    endpoint: chats.status,
  });
  const remind = useAction({
    run: (body: { kind: 'me' | 'client'; preset?: 'in_1_hour' | 'tomorrow_9'; at?: string }, { headers }) => setReminder({ conversation_id: item.id, ...body }, headers),
    success: (result) => (result.results[0]?.kind === 'client' ? 'The client will be reminded if they do not reply.' : `Reminder set for ${formatDubaiDateTime(result.results[0]!.due_at)}.`),
    endpoint: chats.setReminder,
    onSuccess: () => setAt(''),
  });
  const cancel = useAction({ run: (reminderId: number, { headers }) => cancelReminder(reminderId, headers), success: 'Reminder cancelled.', endpoint: chats.cancelReminder });
  const pending = (reminders.data?.results ?? []).filter((reminder) => reminder.status === 'pending');
  const nudging = pending.some((reminder) => reminder.kind === 'client');
  return (
    <header className="conversation__header">
      <div className="conversation__title">
        <h2>{item.client.legal_name}</h2>
        <span className="conversation__status">{item.status === 'open' ? 'Open' : item.status === 'waiting' ? 'Waiting on the client' : 'Resolved'}</span>
      </div>
      <div className="conversation__tools">
        <label htmlFor={`${id}-assignee`}>Assignee</label>
        <SelectControl id={`${id}-assignee`} className="filter__control conversation__select" value={item.assignee ? String(item.assignee.id) : ''} onChange={(value) => void assign.run(value ? Number(value) : null)}>
          <option value="">Unassigned</option>
          {(staff.data?.staff ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person)}
            </option>
          ))}
        </SelectControl>
        {item.status === 'resolved' ? (
          <Button variant="outlined" onClick={() => void status.run('open')} loading={status.busy}>
            Reopen
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void status.run('resolved')} loading={status.busy}>
            Mark resolved
          </Button>
        )}
        <RemindMenu busy={remind.busy}>
          {(close) => (
            <>
              <Button variant="ghost" onClick={() => void remind.run({ kind: 'me', preset: 'in_1_hour' }).then(close)} loading={remind.busy}>
                In 1 hour
              </Button>
              <Button variant="ghost" onClick={() => void remind.run({ kind: 'me', preset: 'tomorrow_9' }).then(close)} loading={remind.busy}>
                Tomorrow 9:00
              </Button>
              <span className="remind-menu__at">
                <label className="visually-hidden" htmlFor={`${id}-at`}>
                  Remind me at (Dubai time)
                </label>
                <input id={`${id}-at`} type="datetime-local" className="conversation__when" value={at} onChange={(event) => setAt(event.target.value)} />
                <Button variant="ghost" disabled={!at} onClick={() => void remind.run({ kind: 'me', at: dubaiDateTimeIso(at.slice(0, 10), at.slice(11, 16)) }).then(close)}>
                  Set
                </Button>
              </span>
              <Button variant="outlined" disabled={nudging} onClick={() => void remind.run({ kind: 'client' }).then(close)}>
                Remind the client if no reply
              </Button>
            </>
          )}
        </RemindMenu>
      </div>
      {pending.length > 0 && (
        <ul className="conversation__reminders">
          {pending.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} onCancel={() => void cancel.run(reminder.id)} />
          ))}
        </ul>
      )}
    </header>
  );
}

/**
 * 'Remind me' opens the reminder choices under it, over the messages, so the header stays one row of tools
 * and the messages keep the height (at 1024 x 768 the reminder rows left them about 140 px).
 * Escape, a click elsewhere or a choice made closes it.
 */
function RemindMenu({ busy, children }: { busy: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(open, wrapper, (by) => {
    setOpen(false);
    if (by === 'escape') toggle.current?.focus();
  });
  return (
    <div className="remind-menu" ref={wrapper}>
      <button ref={toggle} type="button" className="button button--ghost" aria-expanded={open} aria-controls={menuId} aria-busy={busy || undefined} onClick={() => setOpen(!open)}>
        Remind me
      </button>
      {open && (
        <div id={menuId} className="remind-menu__panel" role="group" aria-label="Reminders">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

function ReminderRow({ reminder, onCancel }: { reminder: ChatReminder; onCancel: () => void }) {
  const what = reminder.kind === 'me' ? 'Reminder for you' : reminder.last_step ? 'Last reminder to the client, then waiting' : 'Reminder to the client';
  return (
    <li>
      {what} at {formatDubaiDateTime(reminder.due_at)}
      {(reminder.kind === 'me' || reminder.step === 1) && (
        <button type="button" className="link-button conversation__cancel" onClick={onCancel}>
          Cancel
        </button>
      )}
    </li>
  );
}
