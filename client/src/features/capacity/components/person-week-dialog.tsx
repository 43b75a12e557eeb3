import { useId } from 'react';
import { formatIsoDate } from '../../../../../common/calendar.ts';
import { formatMinutes } from '../../../../../common/capacity.ts';
import type { CapacityPerson, CapacityTask } from '../../../../../common/contract/capacity.ts';
import { taskListPath } from '../../../../../common/links.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { capacity, reassignTask, usePersonTasks } from '../api.ts';
import { estimateText, freeMinutesOn, weekRange } from '../model.ts';
import { SelectControl } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

/**
 * One person's open tasks due in a week, with their estimates; picking someone else in a task's 'Assign to'
 * reassigns it at once (the view's own write, with the task's version), and the view is read again.
 */
export function PersonWeekDialog({
  person,
  week,
  people,
  canReassign,
  canOpenTasks,
  onClose,
}: {
  person: CapacityPerson;
  week: string;
  people: readonly CapacityPerson[];
  canReassign: boolean;
  canOpenTasks: boolean;
  onClose: () => void;
}) {
  const tasks = usePersonTasks(person.user.id, week);
  const name = personName(person.user);
  const data = tasks.data;
  return (
    <Dialog title={data ? `${name}: ${data.week}, ${weekRange(data.starts_on)}` : name} onClose={onClose}>
      {!data ? (
        <LoadingIndicator label="Loading the week's tasks" />
      ) : data.tasks.length === 0 ? (
        <p>No open task is due this week.</p>
      ) : (
        <ul className="capacity-tasks">
          {data.tasks.map((task) => (
            <TaskRow key={task.id} task={task} holder={person.user.id} people={people} canReassign={canReassign} canOpenTasks={canOpenTasks} />
          ))}
        </ul>
      )}
      
    </Dialog>
  );
}

function TaskRow({ task, holder, people, canReassign, canOpenTasks }: { task: CapacityTask; holder: number; people: readonly CapacityPerson[]; canReassign: boolean; canOpenTasks: boolean }) {
  const id = useId();
  const reassign = useAction({
    run: (assigneeId: number, { headers }) => reassignTask(task.id, { version: task.version, assignee_id: assigneeId }, headers),
    success: (_result, assigneeId) => `Task reassigned to ${personName(people.find((each) => each.user.id === assigneeId)?.user, 'them')}`,
    endpoint: capacity.reassign,
  });
  return (
    <li className="capacity-tasks__item">
      <div className="capacity-tasks__text">
        {canOpenTasks ? <a href={taskListPath({ assignee: 'all', task: task.id })}>{task.title}</a> : <span>{task.title}</span>}
        <span className="capacity-tasks__meta">
          {task.client.legal_name} · due {formatIsoDate(task.due_on)} · estimate {task.estimate_minutes === null ? 'none' : `${estimateText(task.estimate_minutes)} h`}
        </span>
      </div>
      {canReassign && (
        <div className="field capacity-tasks__assign">
          <label className="field__label" htmlFor={id}>
            Assign to
          </label>
          <SelectControl id={id} className="field__input" value={String(holder)} disabled={reassign.busy} onChange={(value) => void reassign.run(Number(value))}>
            {people.map((each) => {
              const free = freeMinutesOn(each, task.due_on);
              return (
                <option key={each.user.id} value={each.user.id}>
                  {personName(each.user)}
                  {free === null ? '' : ` (${formatMinutes(free)} h free that week)`}
                </option>
              );
            })}
          </SelectControl>
        </div>
      )}
    </li>
  );
}
