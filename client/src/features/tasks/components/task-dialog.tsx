/** One task (details, checklist, status, review, comments, timeline, and its edit form) and the new-task form, as dialogs over the Tasks page. */
import { useId, useState } from 'react';
import { dubaiDate } from '../../../../../common/calendar.ts';
import { formatMinutes } from '../../../../../common/capacity.ts';
import type { PersonRef } from '../../../../../common/contract/shared.ts';
import { taskFields } from '../../../../../common/contract/tasks-fields.ts';
import type { ChecklistItem, TaskChoices, TaskDetail } from '../../../../../common/contract/tasks.ts';
import {
  MAX_CHECKLIST_ITEMS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskStatus,
} from '../../../../../common/service-desk.ts';
import { AuditLink } from '../../../components/audit-link.tsx';
import { Button } from '../../../components/button.tsx';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { TimeEntryDialog } from '../../../components/time-entry-dialog.tsx';
import { RecordMissing } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { isNotFound, unlessNotFound } from '../../../lib/errors.ts';
import { useAction } from '../../../lib/use-action.ts';
import { approveTask, commentOnTask, createTask, returnTask, setStatus, tasks, updateTask, useTask } from '../api.ts';
import { dueText, editChanges, ESTIMATE_HINT, PRIORITY_LABELS, PRIORITY_VARIANTS, readEstimate, STATUS_VARIANTS, TASK_STATUS_LABELS, timelineText } from '../model.ts';
import { DATE_RULES } from '../../../../../common/date-rules.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

export function TaskDialog({ taskId, staff, onClose }: { taskId: number; staff: readonly PersonRef[]; onClose: () => void }) {
  const task = useTask(taskId, { notify: unlessNotFound });
  return (
    <Dialog title={task.data?.title ?? 'Task'} onClose={onClose}>
      {task.data ? (
        <TaskBody task={task.data} staff={staff} />
      ) : task.error ? (
        <RecordMissing what="Task" notFound={isNotFound(task.error)} />
      ) : (
        <LoadingIndicator label="Loading the task" />
      )}
    </Dialog>
  );
}

function TaskBody({ task, staff }: { task: TaskDetail; staff: readonly PersonRef[] }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <TaskEditForm task={task} staff={staff} onDone={() => setEditing(false)} />;
  return <TaskFacts task={task} staff={staff} onEdit={task.can_edit ? () => setEditing(true) : null} />;
}

function TaskFacts({ task, staff, onEdit }: { task: TaskDetail; staff: readonly PersonRef[]; onEdit: (() => void) | null }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const status = useAction({ endpoint: tasks.status, run: (next: TaskStatus, { headers }) => setStatus(task.id, next, task.version, headers), success: (result) => `Now ${TASK_STATUS_LABELS[result.status]}.` });
  const update = useAction({ endpoint: tasks.update, run: (body: Parameters<typeof updateTask>[1], { headers }) => updateTask(task.id, body, headers), success: 'Task saved.' });
  const approve = useAction({ endpoint: tasks.approve, run: (_input: void, { headers }) => approveTask(task.id, task.version, headers), success: 'Task approved.' });
  const giveBack = useAction({ endpoint: tasks.returnTask, run: (text: string, { headers }) => returnTask(task.id, text, task.version, headers), success: 'Task returned.', onSuccess: () => setNote('') });
  const addComment = useAction({ endpoint: tasks.comment, run: (text: string, { headers }) => commentOnTask(task.id, text, headers), success: 'Comment added.', onSuccess: () => setComment('') });
  const [logging, setLogging] = useState(false);

  return (
    <div className="task-detail">
      <dl className="task-detail__facts">
        <dt>Client</dt>
        <dd>{task.client.legal_name}</dd>
        <dt>Due</dt>
        <dd className={task.due_mark ? `tasks-list__due--${task.due_mark}` : undefined}>{dueText(task)}</dd>
        <dt>Priority</dt>
        <dd>
          <StatusChip variant={PRIORITY_VARIANTS[task.priority]}>{PRIORITY_LABELS[task.priority]}</StatusChip>
        </dd>
        <dt>Reviewer</dt>
        <dd>{task.reviewer ? personName(task.reviewer, 'Unassigned') : 'None'}</dd>
        <dt>Estimate</dt>
        <dd>{task.estimate_minutes === null ? 'None' : `${formatMinutes(task.estimate_minutes)} h`}</dd>
        {task.request_id !== null && (
          <>
            <dt>Request</dt>
            <dd>
              <a href={`/on-demand-requests?request=${task.request_id}`}>Request {task.request_id}</a>
            </dd>
          </>
        )}
      </dl>
      <div className="task-detail__row">
        <FilterSelect field={taskFields.status} value={task.status} onChange={(next) => void status.run(next as TaskStatus)}>
          {TASK_STATUSES.map((value) => (
            <option key={value} value={value} disabled={value === 'in_review' && task.status !== 'in_review'}>
              {TASK_STATUS_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
        <PersonChoice label={taskFields.assignee.label} none="Unassigned" staff={staff} value={task.assignee ? String(task.assignee.id) : ''} onChange={(value) => void update.run({ version: task.version, assignee_id: value ? Number(value) : null })} />
        <StatusChip variant={STATUS_VARIANTS[task.status]}>{TASK_STATUS_LABELS[task.status]}</StatusChip>
        {onEdit && (
          <Button variant="outlined" className="task-detail__edit" onClick={onEdit}>
            Edit task
          </Button>
        )}
        <Button variant="outlined" onClick={() => setLogging(true)}>
          Log time
        </Button>
      </div>
      {logging && <TimeEntryDialog prefill={{ client: task.client, task: { id: task.id, title: task.title } }} onClose={() => setLogging(false)} />}
      {task.review_note && task.status !== 'done' && (
        <p className="task-detail__note" role="note">
          Returned by the reviewer: {task.review_note}
        </p>
      )}
      {task.can_review && (
        <div className="task-detail__review">
          <CountedTextField id={`${id}-note`} field={taskFields.note} label="Note for the assignee (to return it)" value={note} onValueChange={setNote} near />
          <div className="task-detail__buttons">
            <Button onClick={() => void approve.run()} loading={approve.busy}>
              Approve
            </Button>
            <Button variant="outlined" onClick={() => void giveBack.run(note)} loading={giveBack.busy} disabled={note.trim() === ''}>
              Return
            </Button>
          </div>
        </div>
      )}
      {task.description && <p className="task-detail__description">{task.description}</p>}
      {task.checklist.length > 0 && (
        <fieldset className="task-detail__checklist">
          <legend>Checklist</legend>
          {task.checklist.map((item, index) => (
            <label key={index} className="task-detail__check">
              <input
                type="checkbox"
                checked={item.done}
                onChange={() => void update.run({ version: task.version, checklist: task.checklist.map((entry, position) => (position === index ? { ...entry, done: !entry.done } : entry)) })}
              />
              {item.text}
            </label>
          ))}
        </fieldset>
      )}
      <section className="task-detail__comments" aria-label="Comments">
        <h3>Comments</h3>
        {task.comments.length === 0 && <p className="task-detail__empty">No comments yet.</p>}
        <ul>
          {task.comments.map((entry) => (
            <li key={entry.id}>
              <span className="task-detail__who">
                {personName(entry.author, 'Unassigned')} · {formatDubaiDateTime(entry.created_at)}
              </span>
              <span className="task-detail__text">{entry.body}</span>
            </li>
          ))}
        </ul>
        <form
          className="task-detail__comment-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (comment.trim()) void addComment.run(comment);
          }}
        >
          <CountedTextField id={`${id}-comment`} field={taskFields.comment} label="Add a comment" value={comment} onValueChange={setComment} near />
          <Button type="submit" variant="outlined" loading={addComment.busy} disabled={comment.trim() === ''}>
            Comment
          </Button>
        </form>
      </section>
      <section className="task-detail__timeline" aria-label="Timeline">
        <h3>Timeline</h3>
        <AuditLink entity="task" record={task.id} />
        <ul>
          {task.timeline.map((event) => (
            <li key={event.id}>
              {timelineText(event)} · {formatDubaiDateTime(event.created_at)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The task's own fields (title, due date, priority, reviewer, description, checklist), sent as one versioned PATCH of what changed. */
function TaskEditForm({ task, staff, onDone }: { task: TaskDetail; staff: readonly PersonRef[]; onDone: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(task.title);
  const [due, setDue] = useState(task.due_on);
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [reviewer, setReviewer] = useState(task.reviewer ? String(task.reviewer.id) : '');
  const [description, setDescription] = useState(task.description);
  const [checklist, setChecklist] = useState<ChecklistItem[]>(task.checklist);
  const [estimate, setEstimate] = useState(task.estimate_minutes === null ? '' : formatMinutes(task.estimate_minutes));
  const estimateRead = readEstimate(estimate);
  const estimateMinutes = 'error' in estimateRead ? undefined : estimateRead.minutes;
  const estimateError = 'error' in estimateRead ? estimateRead.error : undefined;
  const changes = editChanges(task, { title, due_on: due, priority, reviewer_id: reviewer ? Number(reviewer) : null, description, checklist, ...(estimateMinutes !== undefined ? { estimate_minutes: estimateMinutes } : {}) });
  const save = useAction({
    endpoint: tasks.update,
    run: (_input: void, { headers }) => updateTask(task.id, { version: task.version, ...changes }, headers),
    success: 'Task saved.',
    onSuccess: onDone,
  });
  const setItem = (index: number, item: Partial<ChecklistItem>) => setChecklist((items) => items.map((entry, position) => (position === index ? { ...entry, ...item } : entry)));
  const blankItem = checklist.some((item) => item.text.trim() === '');
  return (
    <form
      className="task-form"
      aria-label="Edit task"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <CountedTextField id={`${id}-title`} field={taskFields.title} value={title} onValueChange={setTitle} error={save.fieldErrors.title} />
      <div className="task-form__pair">
        <TextField id={`${id}-due`} label="Due date (Dubai)" type="date" value={due} onValueChange={setDue} error={save.fieldErrors.due_on} />
        <PriorityChoice value={priority} onChange={setPriority} />
        <PersonChoice label={taskFields.reviewer.label} none="No reviewer" staff={staff} value={reviewer} onChange={setReviewer} />
        <TextField id={`${id}-estimate`} label="Estimate (optional)" value={estimate} onValueChange={setEstimate} hint={ESTIMATE_HINT} error={estimateError ?? save.fieldErrors.estimate_minutes} />
      </div>
      {save.fieldErrors.reviewer_id && <p className="field__error">{save.fieldErrors.reviewer_id}</p>}
      <TextArea id={`${id}-description`} field={taskFields.description} value={description} onValueChange={setDescription} rows={4} error={save.fieldErrors.description} />
      <fieldset className="task-detail__checklist task-form__checklist">
        <legend>Checklist</legend>
        {checklist.length === 0 && <p className="task-detail__empty">No items.</p>}
        {checklist.map((item, index) => (
          <div key={index} className="task-form__item">
            <input type="checkbox" aria-label={`Item ${index + 1} done`} checked={item.done} onChange={() => setItem(index, { done: !item.done })} />
            <input
              className="field__input"
              aria-label={`Checklist item ${index + 1}`}
              value={item.text}
              maxLength={taskFields.checklistItem.max}
              onChange={(event) => setItem(index, { text: event.target.value })}
            />
            <button type="button" className="link-button" aria-label={`Remove item ${index + 1}`} onClick={() => setChecklist((items) => items.filter((_entry, position) => position !== index))}>
              Remove
            </button>
          </div>
        ))}
        <span>
          <Button variant="ghost" onClick={() => setChecklist((items) => [...items, { text: '', done: false }])} disabled={checklist.length >= MAX_CHECKLIST_ITEMS}>
            Add item
          </Button>
        </span>
        {save.fieldErrors.checklist && <p className="field__error">{save.fieldErrors.checklist}</p>}
      </fieldset>
      {save.formError && <p className="form-error">{save.formError}</p>}
      <div className="task-detail__buttons">
        <Button type="submit" loading={save.busy} disabled={Object.keys(changes).length === 0 || title.trim() === '' || !due || blankItem || estimateMinutes === undefined}>
          Save changes
        </Button>
        <Button variant="outlined" onClick={onDone} disabled={save.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function NewTaskDialog({ choices, onClose, onCreated }: { choices: TaskChoices | undefined; onClose: () => void; onCreated: (taskId: number) => void }) {
  const id = useId();
  const [client, setClient] = useState('');
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(dubaiDate());
  const [assignee, setAssignee] = useState('');
  const [reviewer, setReviewer] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('normal');
  const [estimate, setEstimate] = useState('');
  const estimateRead = readEstimate(estimate);
  const estimateMinutes = 'error' in estimateRead ? undefined : estimateRead.minutes;
  const estimateError = 'error' in estimateRead ? estimateRead.error : undefined;
  const create = useAction({
    endpoint: tasks.create,
    run: (_input: void, { headers }) =>
      createTask(
        { client_id: Number(client), title, due_on: due, priority, ...(assignee ? { assignee_id: Number(assignee) } : {}), ...(reviewer ? { reviewer_id: Number(reviewer) } : {}), ...(estimateMinutes ? { estimate_minutes: estimateMinutes } : {}) },
        headers,
      ),
    success: 'Task created.',
    onSuccess: (task) => {
      onClose();
      onCreated(task.id);
    },
  });
  const staff = choices?.staff ?? [];
  return (
    <Dialog
      title="New task"
      onClose={onClose}
      busy={create.busy}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void create.run()} loading={create.busy} disabled={!client || title.trim() === '' || !due || estimateMinutes === undefined}>
            Create task
          </Button>
        </>
      }
    >
      <div className="task-form">
        <FilterSelect field={taskFields.client} value={client} onChange={setClient}>
          <option value="">Choose a client</option>
          {(choices?.clients ?? []).map((entry) => (
            <option key={entry.id} value={String(entry.id)}>
              {entry.legal_name}
            </option>
          ))}
        </FilterSelect>
        <CountedTextField id={`${id}-title`} field={taskFields.title} value={title} onValueChange={setTitle} near error={create.fieldErrors.title} />
        <TextField id={`${id}-due`} label="Due date (Dubai)" type="date" value={due} onValueChange={setDue} min={dubaiDate()} hint={DATE_RULES.due.hint} error={create.fieldErrors.due_on} />
        <PersonChoice label={taskFields.assignee.label} none="Unassigned" staff={staff} value={assignee} onChange={setAssignee} />
        <PersonChoice label={taskFields.reviewer.label} none="No reviewer" staff={staff} value={reviewer} onChange={setReviewer} />
        <PriorityChoice value={priority} onChange={setPriority} />
        <TextField id={`${id}-estimate`} label="Estimate (optional)" value={estimate} onValueChange={setEstimate} hint={ESTIMATE_HINT} error={estimateError ?? create.fieldErrors.estimate_minutes} />
        {create.formError && <p className="form-error">{create.formError}</p>}
      </div>
    </Dialog>
  );
}

/** A staff member for a role on the task, or nobody ('Unassigned', 'No reviewer'). */
function PersonChoice({ label, none, staff, value, onChange }: { label: string; none: string; staff: readonly PersonRef[]; value: string; onChange: (value: string) => void }) {
  return (
    <FilterSelect label={label} value={value} onChange={onChange}>
      <option value="">{none}</option>
      {staff.map((person) => (
        <option key={person.id} value={String(person.id)}>
          {personName(person, 'Unassigned')}
        </option>
      ))}
    </FilterSelect>
  );
}

function PriorityChoice({ value, onChange }: { value: TaskPriority; onChange: (value: TaskPriority) => void }) {
  return (
    <FilterSelect field={taskFields.priority} value={value} onChange={(next) => onChange(next as TaskPriority)}>
      {TASK_PRIORITIES.map((priority) => (
        <option key={priority} value={priority}>
          {PRIORITY_LABELS[priority]}
        </option>
      ))}
    </FilterSelect>
  );
}
