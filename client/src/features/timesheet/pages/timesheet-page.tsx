import { timeFields } from '../../../../../common/contract/time-fields.ts';
import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { may } from '../../../../../common/access.ts';
import { dubaiDate, formatIsoDate } from '../../../../../common/calendar.ts';
import type { PersonRef } from '../../../../../common/contract/shared.ts';
import type { TimeEntry, Timesheet, TimesheetSummary } from '../../../../../common/contract/time.ts';
import { TIMESHEET_STATUS_LABELS, type TimesheetStatus } from '../../../../../common/contract/time-paths.ts';
import { addWeeks, formatMinutes, isIsoWeek, isoWeekOf } from '../../../../../common/iso-week.ts';
import { timesheetPath } from '../../../../../common/links.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { Dialog, FormDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FilterSelect } from '../../../components/select.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip, type ChipVariant } from '../../../components/status-chip.tsx';
import { TimeEntryDialog } from '../../../components/time-entry-dialog.tsx';
import { useEndpoint } from '../../../lib/endpoints.ts';
import { approveWeek, deleteTimeEntry, returnWeek, submitWeek, time } from '../../../lib/time-api.ts';
import { integerField, textField } from '../../../lib/url-list-state.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { session } from '../../../state/session.ts';
import { weekGrid } from '../model.ts';
import '../components/timesheet.css';
import { Table } from '../../../components/table.tsx';
import { personName } from '../../../lib/user-name.ts';

// The list state's frame: `page` is not used (one week is one page).
const SCHEMA = { page: integerField(1), user: integerField(0, 0), week: textField({ maxLength: 8 }) };

const STATUS_VARIANT: Record<TimesheetStatus, ChipVariant> = { open: 'neutral', submitted: 'blue', approved: 'green', returned: 'amber' };
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** '07-Dec-2026' -> '07-Dec': the week's year is in its heading. */
const shortDay = (date: string) => formatIsoDate(date).replace(/-\d{4}$/, '');

/**
 * One user's ISO week (the signed-in user's current week by default): the grid of clients by days with the
 * totals, the entries (add, edit, delete while the week is open or returned), Submit week; an approver also
 * sees the weeks waiting for a decision and opens anyone's week.
 */
export function TimesheetPage() {
  useSignals();
  const me = session.value;
  const [view, setView] = useListParams(SCHEMA);
  const week = isIsoWeek(view.week) ? view.week : isoWeekOf(dubaiDate());
  const people = useEndpoint(time.people);
  const myId = people.data?.me.id ?? 0;
  const userId = view.user > 0 ? view.user : myId;
  const sheet = useEndpoint(time.week, { params: { userId, week } }, { enabled: userId > 0 });
  const approver = may(me.role, 'approve-timesheets');
  return (
    <div className="timesheet">
      <WeekBar week={week} userId={userId} people={may(me.role, 'see-everyones-time') ? (people.data?.results ?? []) : null} onWeek={(next) => setView({ week: next })} onUser={(user) => setView({ user })} />
      {approver && <AwaitingApproval />}
      {!sheet.data ? <LoadingIndicator label="Loading the week" /> : <Week sheet={sheet.data} own={userId === myId} />}
    </div>
  );
}

function WeekBar({ week, userId, people, onWeek, onUser }: { week: string; userId: number; people: readonly PersonRef[] | null; onWeek: (week: string) => void; onUser: (user: number) => void }) {
  const current = isoWeekOf(dubaiDate());
  return (
    <div className="toolbar timesheet__bar">
      <div className="timesheet__weeknav" role="group" aria-label="Week">
        <Button variant="outlined" aria-label="Previous week" onClick={() => onWeek(addWeeks(week, -1))}>
          ←
        </Button>
        <span className="timesheet__week">{week}</span>
        <Button variant="outlined" aria-label="Next week" disabled={week >= current} onClick={() => onWeek(addWeeks(week, 1))}>
          →
        </Button>
        {week !== current && (
          <Button variant="ghost" onClick={() => onWeek(current)}>
            This week
          </Button>
        )}
      </div>
      {people && (
        <FilterSelect label={timeFields.staffMember.label} value={String(userId)} onChange={(value) => onUser(Number(value))}>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {personName(person)}
            </option>
          ))}
        </FilterSelect>
      )}
    </div>
  );
}

function Week({ sheet, own }: { sheet: Timesheet; own: boolean }) {
  const grid = useMemo(() => weekGrid(sheet.days, sheet.entries), [sheet]);
  const [editing, setEditing] = useState<TimeEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<TimeEntry | null>(null);
  const [returning, setReturning] = useState(false);
  const submit = useAction({ run: (_: void, { headers }) => submitWeek(sheet.user.id, sheet.week, sheet.version, headers), success: `Week ${sheet.week} submitted for approval`, endpoint: time.submit });
  const approve = useAction({ run: (_: void, { headers }) => approveWeek(sheet.user.id, sheet.week, sheet.version, headers), success: `Week ${sheet.week} approved`, endpoint: time.approve });
  const name = personName(sheet.user);
  const canWrite = sheet.can_edit && own;
  return (
    <>
      <section className="timesheet__head" aria-label="Week status">
        <div>
          <h2 className="timesheet__title">
            {own ? 'My week' : name} · {shortDay(sheet.days[0]!)} to {formatIsoDate(sheet.days[6]!)}
          </h2>
          <p className="timesheet__summary">
            <StatusChip variant={STATUS_VARIANT[sheet.status]}>{TIMESHEET_STATUS_LABELS[sheet.status]}</StatusChip>
            <span>
              Total <strong>{formatMinutes(grid.total)}</strong>, billable {formatMinutes(grid.billable)}
            </span>
          </p>
          {sheet.status === 'returned' && sheet.return_reason && (
            <p className="timesheet__reason" role="note">
              Returned by {personName(sheet.decided_by, 'an administrator')}: {sheet.return_reason}
            </p>
          )}
          {!sheet.can_edit && <p className="timesheet__locked">{sheet.status === 'approved' ? 'Approved: the entries are locked.' : 'Submitted: the entries are locked until the week is approved or returned.'}</p>}
        </div>
        <div className="timesheet__actions">
          {canWrite && (
            <Button variant="outlined" onClick={() => setEditing('new')}>
              Add time
            </Button>
          )}
          {sheet.can_submit && (
            <Button loading={submit.busy} onClick={() => void submit.run()}>
              Submit week
            </Button>
          )}
          {sheet.can_decide && (
            <>
              <Button variant="outlined" onClick={() => setReturning(true)}>
                Return
              </Button>
              <Button loading={approve.busy} onClick={() => void approve.run()}>
                Approve
              </Button>
            </>
          )}
        </div>
      </section>
      <div className="timesheet__grid-wrap">
        <Table
          className="timesheet__grid"
          caption={`Time by client and day, ${sheet.week}`}
          columns={[
            { id: 'client', header: 'Client', cell: (row) => row.client.legal_name, rowHeader: true },
            ...sheet.days.map((day, index) => ({
              id: day,
              header: (
                <>
                  {DAY_NAMES[index]} <span className="timesheet__date">{shortDay(day)}</span>
                </>
              ),
              headerClassName: 'timesheet__num',
              className: 'timesheet__num',
              cell: (row: (typeof grid.rows)[number]) => {
                const minutes = row.days[index] ?? 0;
                return minutes > 0 ? formatMinutes(minutes) : '';
              },
            })),
            { id: 'total', header: 'Total', headerClassName: 'timesheet__num', className: 'timesheet__num timesheet__total', cell: (row) => formatMinutes(row.total) },
          ]}
          rows={grid.rows}
          rowKey={(row) => row.client.id}
          empty={<EmptyState message="No time logged this week" />}
          footer={[
            { id: 'label', content: 'Total', rowHeader: true },
            ...grid.dayTotals.map((minutes, index) => ({ id: sheet.days[index] ?? String(index), content: formatMinutes(minutes), className: 'timesheet__num' })),
            { id: 'total', content: formatMinutes(grid.total), className: 'timesheet__num timesheet__total' },
          ]}
        />
      </div>
      <section aria-labelledby="timesheet-entries">
        <h2 id="timesheet-entries" className="timesheet__subtitle">
          Entries
        </h2>
        {sheet.entries.length === 0 ? (
          <EmptyState message="No entries" />
        ) : (
          <ul className="timesheet__entries">
            {sheet.entries.map((entry) => (
              <li key={entry.id} className="timesheet__entry">
                <span className="timesheet__entry-date">{shortDay(entry.date)}</span>
                <span className="timesheet__entry-work">
                  <strong>{entry.client.legal_name}</strong>
                  {(entry.task ?? entry.request) && <span className="timesheet__entry-sub">{(entry.task ?? entry.request)!.title}</span>}
                  {entry.note && <span className="timesheet__entry-note">{entry.note}</span>}
                </span>
                <span className="timesheet__entry-flags">{entry.billable ? 'Billable' : 'Not billable'}</span>
                <span className="timesheet__entry-time">{formatMinutes(entry.minutes)}</span>
                {canWrite && (
                  <span className="timesheet__entry-actions">
                    <Button variant="ghost" aria-label={`Edit ${formatMinutes(entry.minutes)} on ${entry.client.legal_name}, ${shortDay(entry.date)}`} onClick={() => setEditing(entry)}>
                      Edit
                    </Button>
                    <Button variant="ghost" aria-label={`Delete ${formatMinutes(entry.minutes)} on ${entry.client.legal_name}, ${shortDay(entry.date)}`} onClick={() => setRemoving(entry)}>
                      Delete
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && <TimeEntryDialog entry={editing === 'new' ? null : editing} {...(editing === 'new' ? { date: defaultDay(sheet.days) } : {})} onClose={() => setEditing(null)} />}
      {removing && <DeleteEntryDialog entry={removing} onClose={() => setRemoving(null)} />}
      {returning && <ReturnDialog sheet={sheet} onClose={() => setReturning(false)} />}
    </>
  );
}

/** A new entry's day: today in this week, else the week's Monday. */
function defaultDay(days: readonly string[]): string {
  const today = dubaiDate();
  return days.includes(today) ? today : days[0]!;
}

function DeleteEntryDialog({ entry, onClose }: { entry: TimeEntry; onClose: () => void }) {
  const remove = useAction({
    run: (_: void, { headers }) => deleteTimeEntry(entry.id, entry.version, headers),
    success: 'Entry deleted',
    endpoint: time.remove,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <Dialog
      title="Delete this entry?"
      onClose={onClose}
      busy={remove.busy}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.busy} onClick={() => void remove.run()}>
            Delete
          </Button>
        </>
      }
    >
      <p>
        {formatMinutes(entry.minutes)} on {entry.client.legal_name}, {formatIsoDate(entry.date)}.
      </p>
    </Dialog>
  );
}

function ReturnDialog({ sheet, onClose }: { sheet: Timesheet; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const send = useAction({
    run: (_: void, { headers }) => returnWeek(sheet.user.id, sheet.week, { version: sheet.version, reason }, headers),
    success: `Week ${sheet.week} returned`,
    endpoint: time.return,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog
      title={`Return ${sheet.week}`}
      submitLabel="Return week"
      busy={send.busy}
      error={send.formError}
      submitDisabled={reason.trim() === ''}
      disabledReason={reason.trim() === '' ? 'Say what needs changing.' : undefined}
      onSubmit={() => void send.run()}
      onClose={onClose}
    >
      <TextArea id="timesheet-return-reason" field={timeFields.returnReason} value={reason} onValueChange={setReason} error={send.fieldErrors.reason} rows={3} />
    </FormDialog>
  );
}

function AwaitingApproval() {
  const waiting = useEndpoint(time.timesheets, { query: { status: 'submitted', page_size: 50 } });
  const rows: TimesheetSummary[] = waiting.data?.results ?? [];
  return (
    <section className="timesheet__awaiting" aria-labelledby="timesheet-awaiting">
      <h2 id="timesheet-awaiting" className="timesheet__subtitle">
        Waiting for approval {waiting.data ? `(${waiting.data.count})` : ''}
      </h2>
      {!waiting.data ? (
        <LoadingIndicator label="Loading submitted weeks" />
      ) : rows.length === 0 ? (
        <EmptyState message="No week is waiting for approval" />
      ) : (
        <ul className="timesheet__waiting">
          {rows.map((row) => (
            <li key={`${row.user.id}-${row.week}`}>
              <AppLink href={timesheetPath({ user: row.user.id, week: row.week })}>
                {personName(row.user)} · {row.week}
              </AppLink>
              <span>{formatMinutes(row.total_minutes)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
