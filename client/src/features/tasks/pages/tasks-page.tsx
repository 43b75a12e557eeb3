import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { TaskListItem, TaskQuery, tasksBulkActions } from '../../../../../common/contract/tasks.ts';
import { DEFAULT_TASK_SORT, TASK_ASSIGNEE_PATTERN, TASK_SORTS, tasksBulkLabels, type TaskSort } from '../../../../../common/contract/tasks-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { BULK_TASK_STATUSES, TASK_STATUSES, type TaskStatus } from '../../../../../common/service-desk.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { ChoiceParam, PersonParam, bulkFilter } from '../../../components/bulk-params.tsx';
import { Button } from '../../../components/button.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { NextUnassignedButton } from '../../../components/next-unassigned-button.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { setStatus, tasks, useTaskBoard, useTaskChoices } from '../api.ts';
import { dueText, PRIORITY_LABELS, PRIORITY_VARIANTS, STATUS_VARIANTS, TASK_STATUS_LABELS } from '../model.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import '../../../components/controls.css';
import '../../../components/data-table.css';
import '../components/tasks.css';
import { taskFields } from '../../../../../common/contract/tasks-fields.ts';
import { personName } from '../../../lib/user-name.ts';

const TaskDialog = lazy(() => import('../components/task-dialog.tsx').then((module) => ({ default: module.TaskDialog })));
const NewTaskDialog = lazy(() => import('../components/task-dialog.tsx').then((module) => ({ default: module.NewTaskDialog })));
// The board (and its drag-and-drop library) loads when the board is first shown, not with the list.
const TaskBoard = lazy(() => import('../components/task-board.tsx').then((module) => ({ default: module.TaskBoard })));
// Recurring tasks (the templates) load when that view is first shown.
const RecurringTemplates = lazy(() => import('../../../components/recurring-templates.tsx').then((module) => ({ default: module.RecurringTemplates })));

const assigneePattern = new RegExp(TASK_ASSIGNEE_PATTERN);
const assigneeField: Field<string> = { defaultValue: 'mine', parse: (raw) => (assigneePattern.test(raw) ? raw : undefined), format: (value) => value };

/** Everything the page shows lives in the URL: list, board or recurring, the filters, sort, page and the open task. */
const TASKS_VIEW = {
  layout: choiceField(['list', 'board', 'recurring'] as const, 'list'),
  assignee: assigneeField,
  status: choiceField<'all' | TaskStatus>(['all', ...TASK_STATUSES], 'all'),
  due: choiceField(['all', 'overdue', 'today', 'week'] as const, 'all'),
  /** mine: 'Waiting for my review' (in review, the caller the reviewer). */
  review: choiceField(['all', 'mine'] as const, 'all'),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  sort: choiceField<TaskSort>(TASK_SORTS, DEFAULT_TASK_SORT),
  page: integerField(1),
  task: integerField(0, 0),
};
type TasksView = ListView<typeof TASKS_VIEW>;

type Staff = readonly { id: number; display_name: string | null; email: string }[];

/** Assign or move the selected tasks, or all matching ones, as one job on the server. */
const bulkActions = (staff: Staff): readonly BulkActionSpec[] => [
  bulkSpec<typeof tasksBulkActions.assign>({
    action: 'assign',
    label: tasksBulkLabels.assign,
    verb: 'assigned',
    initialParams: { assignee_id: null },
    renderParams: (params, setParams) => (
      <PersonParam label="Assign to" field="assignee_id" people={staff} none="Nobody (unassign)" params={params} setParams={setParams} />
    ),
  }),
  bulkSpec<typeof tasksBulkActions.status>({
    action: 'status',
    label: tasksBulkLabels.status,
    verb: 'moved',
    initialParams: { status: null },
    ready: (params) => params.status !== null,
    renderParams: (params, setParams) => (
      <ChoiceParam
        label="Move to"
        value={params.status}
        choices={BULK_TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABELS[status] }))}
        onChange={(status) => setParams({ ...params, status })}
      />
    ),
  }),
];

/** The list's query: the view without its layout and open task, each filter at rest left out but the assignee and sort. */
const queryOf = (view: TasksView): TaskQuery => ({
  assignee: view.assignee,
  ...(view.status !== 'all' ? { status: view.status } : {}),
  ...(view.due !== 'all' ? { due: view.due } : {}),
  ...(view.review !== 'all' ? { review: view.review } : {}),
  ...(view.search ? { search: view.search } : {}),
  sort: view.sort,
  page: view.page,
  page_size: DEFAULT_PAGE_SIZE,
});

export function TasksPage() {
  useSignals();
  const list = useListController({
    endpoint: tasks.list,
    schema: TASKS_VIEW,
    query: queryOf,
    list: 'tasks',
    recordParams: ['task'],
  });
  const { view, update } = list;
  const [creating, setCreating] = useState(false);
  const choices = useTaskChoices();
  const boardQuery = useMemo(() => ({ assignee: view.assignee, ...(view.search ? { search: view.search } : {}) }), [view.assignee, view.search]);
  const board = useTaskBoard(boardQuery, { enabled: view.layout === 'board' });
  const move = useAction({
    endpoint: tasks.status,
    run: ({ task, status }: { task: TaskListItem; status: TaskStatus }, { headers }) => setStatus(task.id, status, task.version, headers),
    success: (task) => (task.status === 'in_review' ? `Sent to ${personName(task.reviewer, 'Unassigned')} for review.` : `Moved to ${TASK_STATUS_LABELS[task.status]}.`),
  });
  const open = useCallback((taskId: number) => update({ task: taskId }), [update]);

  const columns: readonly Column<TaskListItem>[] = [
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
    { id: 'assignee', header: 'Assignee', cell: (task) => personName(task.assignee, 'Unassigned') },
    { id: 'due', header: 'Due', fit: true, sortKey: 'due_on', cell: (task) => <span className={task.due_mark ? `tasks-list__due tasks-list__due--${task.due_mark}` : 'tasks-list__due'}>{dueText(task)}</span> },
    { id: 'priority', header: 'Priority', fit: true, sortKey: 'priority', cell: (task) => <StatusChip variant={PRIORITY_VARIANTS[task.priority]}>{PRIORITY_LABELS[task.priority]}</StatusChip> },
    { id: 'status', header: 'Status', fit: true, cell: (task) => <StatusChip variant={STATUS_VARIANTS[task.status]}>{TASK_STATUS_LABELS[task.status]}</StatusChip> },
  ];

  return (
    <section className="panel page-panel tasks-page" aria-label="Tasks">
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Layout">
          <button type="button" aria-pressed={view.layout === 'list'} onClick={() => update({ layout: 'list' })}>
            List
          </button>
          <button type="button" aria-pressed={view.layout === 'board'} onClick={() => update({ layout: 'board' })}>
            Board
          </button>
          <button type="button" aria-pressed={view.layout === 'recurring'} onClick={() => update({ layout: 'recurring' })}>
            Recurring
          </button>
        </div>
        {view.layout !== 'recurring' && (
          <>
            <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Task or client" label="Search tasks" maxLength={MAX_SEARCH_LENGTH} />
            <FilterSelect field={taskFields.assignee} value={view.assignee} onChange={(assignee) => update({ assignee })}>
              <option value="mine">Mine</option>
              <option value="all">Everyone</option>
              <option value="none">Unassigned</option>
              {(choices.data?.staff ?? []).map((person) => (
                <option key={person.id} value={String(person.id)}>
                  {personName(person, 'Unassigned')}
                </option>
              ))}
            </FilterSelect>
            {view.layout === 'list' && (
              <>
                <FilterSelect field={taskFields.status} value={view.status} onChange={(status) => update({ status: status as TasksView['status'] })}>
                  <option value="all">Any status</option>
                  {TASK_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {TASK_STATUS_LABELS[status]}
                    </option>
                  ))}
                </FilterSelect>
                <FilterSelect field={taskFields.due} value={view.due} onChange={(due) => update({ due: due as TasksView['due'] })}>
                  <option value="all">Any time</option>
                  <option value="overdue">Overdue</option>
                  <option value="today">Due today</option>
                  <option value="week">Within 7 days</option>
                </FilterSelect>
                <Button
                  variant="outlined"
                  aria-pressed={view.review === 'mine'}
                  className="tasks-page__review"
                  onClick={() => update(view.review === 'mine' ? { review: 'all' } : { review: 'mine', assignee: 'all', status: 'all' })}
                >
                  Waiting for my review
                </Button>
              </>
            )}
            <span className="tasks-page__new">
              <NextUnassignedButton queue="tasks" />
            </span>
            <Button onClick={() => setCreating(true)}>
              New task
            </Button>
          </>
        )}
      </div>

      {view.layout === 'recurring' ? (
        <Suspense fallback={<LoadingIndicator label="Loading the recurring tasks" />}>
          <RecurringTemplates title="Recurring tasks" page={view.page} onPage={list.setPage} />
        </Suspense>
      ) : view.layout === 'list' ? (
        <>
          <BulkBar
            list="tasks"
            noun={['task', 'tasks']}
            selection={list.selection}
            pageKeys={(list.rows ?? []).map((task) => task.id)}
            count={list.page?.count}
            filter={bulkFilter({ ...list.query, sort: undefined })}
            actions={bulkActions(choices.data?.staff ?? [])}
            endpoint={tasks.status}
          />
          <ListTable<TaskListItem>
            label="Tasks"
            selectable
            rowLabel={(task) => `${task.title} ${task.client.legal_name}`}
            columns={columns}
            rowKey={(task) => task.id}
            sortable
            list={list}
          />
        </>
      ) : board.data ? (
        <Suspense fallback={<LoadingIndicator label="Loading the board" />}>
          <TaskBoard board={board.data} onMove={(task, status) => void move.run({ task, status })} onOpen={open} />
        </Suspense>
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
