import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { TaskListItem, TaskQuery } from '../../../../../common/contract/tasks.ts';
import { DEFAULT_TASK_SORT, TASK_SORTS, type TaskSort } from '../../../../../common/contract/tasks-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { TASK_STATUSES, type TaskStatus } from '../../../../../common/service-desk.ts';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { bulkTasks, fetchBoard, fetchChoices, fetchTasks, setStatus, taskKeys } from '../api.ts';
import { dueText, personName, PRIORITY_LABELS, PRIORITY_VARIANTS, STATUS_VARIANTS, TASK_STATUS_LABELS } from '../model.ts';
import { Filter } from '../components/filter.tsx';
import { TaskBoard } from '../components/task-board.tsx';
import '../../../components/controls.css';
import '../../../components/data-table.css';
import '../components/tasks.css';

const TaskDialog = lazy(() => import('../components/task-dialog.tsx').then((module) => ({ default: module.TaskDialog })));
const NewTaskDialog = lazy(() => import('../components/task-dialog.tsx').then((module) => ({ default: module.NewTaskDialog })));

const assigneeField: Field<string> = { defaultValue: 'mine', parse: (raw) => (/^(mine|all|none|[1-9][0-9]{0,9})$/.test(raw) ? raw : undefined), format: (value) => value };

/** Everything the page shows lives in the URL: list or board, the filters, sort, page and the open task. */
const TASKS_VIEW = {
  layout: choiceField(['list', 'board'] as const, 'list'),
  assignee: assigneeField,
  status: choiceField<'all' | TaskStatus>(['all', ...TASK_STATUSES], 'all'),
  due: choiceField(['all', 'overdue', 'today', 'week'] as const, 'all'),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  sort: choiceField<TaskSort>(TASK_SORTS, DEFAULT_TASK_SORT),
  page: integerField(1),
  task: integerField(0, 0),
};
type TasksView = ListView<typeof TASKS_VIEW>;

const queryOf = (view: TasksView): TaskQuery => ({
  assignee: view.assignee,
  ...(view.status !== 'all' ? { status: view.status } : {}),
  ...(view.due !== 'all' ? { due: view.due } : {}),
  ...(view.search ? { search: view.search } : {}),
  sort: view.sort,
  page: view.page,
  page_size: DEFAULT_PAGE_SIZE,
});

export function TasksPage() {
  useSignals();
  const list = useListController({
    schema: TASKS_VIEW,
    queryKey: (view) => taskKeys.list(queryOf(view)),
    fetchPage: (view, signal) => fetchTasks(queryOf(view), signal),
  });
  const { view, update } = list;
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const choices = useQuery(taskKeys.choices, fetchChoices);
  const boardQuery = useMemo(() => ({ assignee: view.assignee, ...(view.search ? { search: view.search } : {}) }), [view.assignee, view.search]);
  const board = useQuery(taskKeys.board(boardQuery), (signal) => fetchBoard(boardQuery, signal), { enabled: view.layout === 'board' });
  const move = useAction({
    run: ({ task, status }: { task: TaskListItem; status: TaskStatus }, { headers }) => setStatus(task.id, status, task.version, headers),
    success: (task) => (task.status === 'in_review' ? `Sent to ${personName(task.reviewer)} for review.` : `Moved to ${TASK_STATUS_LABELS[task.status]}.`),
    invalidates: [taskKeys.all],
  });
  const open = useCallback((taskId: number) => update({ task: taskId }), [update]);
  const toggle = (id: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  const columns: readonly Column<TaskListItem>[] = [
    {
      id: 'select',
      header: 'Select',
      fit: true,
      cell: (task) => <input type="checkbox" className="tasks-list__check" aria-label={`Select ${task.title}`} checked={selected.has(task.id)} onChange={() => toggle(task.id)} />,
    },
    {
      id: 'title',
      header: 'Task',
      span: 2,
      sortKey: 'title',
      cell: (task) => (
        <span className="tasks-list__name">
          <button type="button" className="link-button" onClick={() => open(task.id)}>
            {task.title}
          </button>
          <span className="tasks-list__sub">{task.client.legal_name}</span>
        </span>
      ),
    },
    { id: 'assignee', header: 'Assignee', cell: (task) => personName(task.assignee) },
    { id: 'due', header: 'Due', fit: true, sortKey: 'due_on', cell: (task) => <span className={task.due_mark ? `tasks-list__due tasks-list__due--${task.due_mark}` : 'tasks-list__due'}>{dueText(task)}</span> },
    { id: 'priority', header: 'Priority', fit: true, sortKey: 'priority', cell: (task) => <StatusChip variant={PRIORITY_VARIANTS[task.priority]}>{PRIORITY_LABELS[task.priority]}</StatusChip> },
    { id: 'status', header: 'Status', fit: true, cell: (task) => <StatusChip variant={STATUS_VARIANTS[task.status]}>{TASK_STATUS_LABELS[task.status]}</StatusChip> },
  ];

  return (
    <section className="panel page-panel tasks-page" aria-label="Tasks">
      <div className="tasks-page__toolbar">
        <div className="segmented" role="group" aria-label="Layout">
          <button type="button" aria-pressed={view.layout === 'list'} onClick={() => update({ layout: 'list' })}>
            List
          </button>
          <button type="button" aria-pressed={view.layout === 'board'} onClick={() => update({ layout: 'board' })}>
            Board
          </button>
        </div>
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Task or client" label="Search tasks" maxLength={MAX_SEARCH_LENGTH} />
        <Filter label="Assignee" value={view.assignee} onChange={(assignee) => update({ assignee })}>
          <option value="mine">Mine</option>
          <option value="all">Everyone</option>
          <option value="none">Unassigned</option>
          {(choices.data?.staff ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person)}
            </option>
          ))}
        </Filter>
        {view.layout === 'list' && (
          <>
            <Filter label="Status" value={view.status} onChange={(status) => update({ status: status as TasksView['status'] })}>
              <option value="all">Any status</option>
              {TASK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {TASK_STATUS_LABELS[status]}
                </option>
              ))}
            </Filter>
            <Filter label="Due" value={view.due} onChange={(due) => update({ due: due as TasksView['due'] })}>
              <option value="all">Any time</option>
              <option value="overdue">Overdue</option>
              <option value="today">Due today</option>
              <option value="week">Within 7 days</option>
            </Filter>
          </>
        )}
        <Button className="tasks-page__new" onClick={() => setCreating(true)}>
          New task
        </Button>
      </div>

      {view.layout === 'list' ? (
        <>
          {selected.size > 0 && <BulkBar ids={[...selected]} staff={choices.data?.staff ?? []} onDone={() => setSelected(new Set())} />}
          <DataTable<TaskListItem>
            label="Tasks"
            columns={columns}
            rows={list.rows}
            rowKey={(task) => task.id}
            isLoading={list.isLoading}
            isFetching={list.isFetching}
            error={list.error}
            onRetry={list.retry}
            sort={view.sort}
            onSort={list.setSort}
          />
          {list.page && <Pagination page={view.page} pageSize={list.pageSize} count={list.page.count} totalPages={list.page.total_pages} onPage={list.setPage} />}
        </>
      ) : board.data ? (
        <TaskBoard board={board.data} onMove={(task, status) => void move.run({ task, status })} onOpen={open} />
      ) : (
        <LoadingIndicator label="Loading the board" />
      )}

      <Suspense fallback={null}>
        {view.task > 0 && <TaskDialog taskId={view.task} staff={choices.data?.staff ?? []} onClose={() => update({ task: 0 })} />}
        {creating && <NewTaskDialog choices={choices.data} onClose={() => setCreating(false)} onCreated={(taskId) => update({ task: taskId })} />}
      </Suspense>
    </section>
  );
}

function BulkBar({ ids, staff, onDone }: { ids: number[]; staff: readonly { id: number; display_name: string | null; email: string }[]; onDone: () => void }) {
  const [assignee, setAssignee] = useState('');
  const [status, setStatusChoice] = useState('');
  const [results, setResults] = useState<{ id: number; ok: boolean; message: string | null }[] | null>(null);
  const apply = useAction({
    run: (_input: void, { headers }) =>
      bulkTasks({ ids, ...(assignee ? { assignee_id: Number(assignee) } : {}), ...(status ? { status: status as TaskStatus } : {}) }, headers),
    success: (result) => `${result.results.filter((row) => row.ok).length} of ${result.results.length} tasks changed.`,
    invalidates: [taskKeys.all],
    onSuccess: (result) => {
      setResults(result.results);
      if (result.results.every((row) => row.ok)) onDone();
    },
  });
  return (
    <div className="tasks-bulk" role="region" aria-label="Change selected tasks">
      <span>{ids.length} selected</span>
      <Filter label="Reassign to" value={assignee} onChange={setAssignee}>
        <option value="">Keep</option>
        {staff.map((person) => (
          <option key={person.id} value={String(person.id)}>
            {personName(person)}
          </option>
        ))}
      </Filter>
      <Filter label="Status" value={status} onChange={setStatusChoice}>
        <option value="">Keep</option>
        {TASK_STATUSES.filter((value) => value !== 'in_review').map((value) => (
          <option key={value} value={value}>
            {TASK_STATUS_LABELS[value]}
          </option>
        ))}
      </Filter>
      <Button onClick={() => void apply.run()} loading={apply.busy} disabled={!assignee && !status}>
        Apply
      </Button>
      {results && results.some((row) => !row.ok) && (
        <ul className="tasks-bulk__results">
          {results.filter((row) => !row.ok).map((row) => (
            <li key={row.id}>
              Task {row.id}: {row.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
