import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { canSee, may } from '../../../../../common/access.ts';
import { addDays, dubaiDate, formatIsoDate } from '../../../../../common/calendar.ts';
import { CAPACITY_VIEW_WEEKS, formatMinutes } from '../../../../../common/capacity.ts';
import type { CapacityPerson, CapacityWeek } from '../../../../../common/contract/capacity.ts';
import { isStaffRole } from '../../../../../common/roles.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { integerField, textField } from '../../../lib/url-list-state.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { session } from '../../../state/session.ts';
import { useCapacity } from '../api.ts';
import { CapacityDialog } from '../components/capacity-dialog.tsx';
import { LeaveSection } from '../components/leave-section.tsx';
import { PersonWeekDialog } from '../components/person-week-dialog.tsx';
import { PlanHoursSection } from '../components/plan-hours-section.tsx';
import { loadPercent, viewMonday, weekRange, weekSummary } from '../model.ts';
import '../components/capacity.css';
import { Table } from '../../../components/table.tsx';
import { personName } from '../../../lib/user-name.ts';

// The view is one page (no paging): `page` is the list state's own field, kept at 1.
const SCHEMA = {
  page: integerField(1),
  from: textField({ maxLength: 10 }),
  person: integerField(0, 0),
  week: textField({ maxLength: 10 }),
};

/**
 * Capacity (/capacity): per person who holds tasks and per week for the next four, the capacity (less holidays
 * and leave), the planned work (open tasks' estimates) and the time logged; an overbooked week is marked in
 * words and colour. A week opens the person's tasks of that week, each reassigned in one action. ADMIN also
 * sets weekly capacity, records leave and sets the hours each plan includes.
 */
export function CapacityPage() {
  useSignals();
  const [view, setView] = useListParams(SCHEMA);
  const today = dubaiDate();
  const monday = viewMonday(view.from, today);
  const capacity = useCapacity({ from: monday, weeks: CAPACITY_VIEW_WEEKS });
  const role = session.value.role;
  const canReassign = may(role, 'reassign-tasks-from-capacity');
  // A manager plans the weeks without working on the Tasks page: a task's title links there only for those who do.
  const canOpenTasks = role !== null && isStaffRole(role) && canSee(role, 'tasks');
  const [editing, setEditing] = useState<CapacityPerson | null>(null);
  const data = capacity.data;
  const people = useMemo(() => data?.people ?? [], [data]);
  const opened = useMemo(() => people.find((each) => each.user.id === view.person), [people, view.person]);
  const move = (weeks: number) => setView({ from: weeks === 0 ? '' : addDays(monday, weeks * 7), person: 0, week: '' });
  const overbooked = people.reduce((count, each) => count + each.weeks.filter((week) => week.overbooked).length, 0);

  return (
    <div className="capacity">
      <div className="toolbar capacity__toolbar">
        <div className="capacity__nav" role="group" aria-label="Weeks shown">
          <Button variant="outlined" onClick={() => move(-CAPACITY_VIEW_WEEKS)}>
            Earlier
          </Button>
          <Button variant="outlined" onClick={() => move(0)} disabled={monday === viewMonday('', today)}>
            This week
          </Button>
          <Button variant="outlined" onClick={() => move(CAPACITY_VIEW_WEEKS)}>
            Later
          </Button>
        </div>
        <p className="capacity__range">
          {formatIsoDate(monday)} to {formatIsoDate(addDays(monday, CAPACITY_VIEW_WEEKS * 7 - 3))}
          {data && <span className={overbooked > 0 ? 'capacity__alert' : 'capacity__calm'}>{overbooked === 0 ? 'No week overbooked' : `${overbooked} overbooked ${overbooked === 1 ? 'week' : 'weeks'}`}</span>}
        </p>
      </div>
      {!data ? (
        <LoadingIndicator label="Loading capacity" />
      ) : people.length === 0 ? (
        <EmptyState message="No staff member holds tasks yet." />
      ) : (
        <section className="panel capacity__panel" aria-labelledby="capacity-weeks">
          <h2 id="capacity-weeks" className="capacity__title">
            Planned work against capacity
          </h2>
          <p className="capacity__legend">Each week: planned (open tasks due that week, by their estimates) of capacity, and the time logged. h:mm.</p>
          {data.holidays.length > 0 && (
            <p className="capacity__holidays">
              Public holidays: {data.holidays.map((holiday) => `${holiday.name} (${formatIsoDate(holiday.date)})`).join(', ')}
            </p>
          )}
          <div className="capacity__scroll">
            <Table
              className="capacity__table"
              columns={[
                {
                  id: 'person',
                  header: 'Staff member',
                  rowHeader: true,
                  cell: (person) => (
                    <>
                      <span className="capacity__name">{personName(person.user)}</span>
                      <span className="capacity__weekly">
                        {formatMinutes(person.weekly_capacity_minutes)} h a week
                        {data.can_edit && (
                          <Button variant="ghost" className="capacity__edit" onClick={() => setEditing(person)} aria-label={`Change the weekly capacity of ${personName(person.user)}`}>
                            Change
                          </Button>
                        )}
                      </span>
                    </>
                  ),
                },
                ...data.weeks.map((column, index) => ({
                  id: column.starts_on,
                  header: (
                    <>
                      <span className="capacity__week">{column.week}</span>
                      <span className="capacity__dates">{weekRange(column.starts_on)}</span>
                    </>
                  ),
                  className: (person: (typeof people)[number]) => (person.weeks[index]?.overbooked ? 'capacity__cell capacity__cell--over' : 'capacity__cell'),
                  cell: (person: (typeof people)[number]) => {
                    const week = person.weeks[index];
                    return week && <WeekCell person={person} week={week} onOpen={() => setView({ person: person.user.id, week: week.starts_on })} />;
                  },
                })),
              ]}
              rows={people}
              rowKey={(person) => person.user.id}
            />
          </div>
        </section>
      )}
      {data?.can_edit && <LeaveSection people={people} today={today} />}
      {data?.can_edit && <PlanHoursSection />}
      {opened && view.week && (
        <PersonWeekDialog person={opened} week={view.week} people={people} canReassign={canReassign} canOpenTasks={canOpenTasks} onClose={() => setView({ person: 0, week: '' })} />
      )}
      {editing && <CapacityDialog person={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function WeekCell({ person, week, onOpen }: { person: CapacityPerson; week: CapacityWeek; onOpen: () => void }) {
  const load = loadPercent(week);
  const name = personName(person.user);
  return (
    <button type="button" className="capacity__open" onClick={onOpen} aria-label={`${name}, week ${week.week}: ${weekSummary(week)}. Open the week's tasks.`}>
      <span className="capacity__figures">
        {formatMinutes(week.planned_minutes)} <span className="capacity__of">of {formatMinutes(week.capacity_minutes)}</span>
      </span>
      <span className="capacity__logged">logged {formatMinutes(week.logged_minutes)}</span>
      <span className="capacity__tags">
        {week.overbooked && <span className="capacity__tag capacity__tag--over">Overbooked{load !== null ? ` ${load} %` : ''}</span>}
        {week.leave_days.length > 0 && <span className="capacity__tag">Leave {week.leave_days.length} d</span>}
        {week.unestimated_tasks > 0 && <span className="capacity__tag">{week.unestimated_tasks} unestimated</span>}
      </span>
    </button>
  );
}
