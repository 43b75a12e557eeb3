/**
 * The board: one column per status, tasks dragged between them with @dnd-kit (pointer, touch and keyboard:
 * focus a card, Space to pick it up, Left and Right to move between columns, Space to drop, Escape to
 * cancel; dnd-kit announces each step to screen readers). Its transforms are set through the CSSOM, so the
 * page's CSP (no inline styles) holds.
 */
import { useLayoutEffect, useRef } from 'react';
import { DndContext, KeyboardCode, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { TaskBoard as Board, TaskListItem } from '../../../../../common/contract/tasks.ts';
import { TASK_STATUSES, type TaskStatus } from '../../../../../common/service-desk.ts';
import { StatusChip } from '../../../components/status-chip.tsx';
import { personName } from '../../../lib/user-name.ts';
import { dueText, PRIORITY_LABELS, PRIORITY_VARIANTS, TASK_STATUS_LABELS } from '../model.ts';

/** Left and Right jump to the middle of the neighbouring column; Up and Down are not moves on this board. */
const columnJump: KeyboardCoordinateGetter = (event, { context }) => {
  const columns = TASK_STATUSES.map((status) => context.droppableRects.get(status)).filter((rect): rect is NonNullable<typeof rect> => rect !== undefined);
  const current = context.collisionRect;
  if (!current || columns.length === 0) return undefined;
  const centre = current.left + current.width / 2;
  let index = columns.findIndex((rect) => centre >= rect.left && centre <= rect.right);
  if (index < 0) index = 0;
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (step === 0) return undefined;
  const target = columns[Math.min(columns.length - 1, Math.max(0, index + step))]!;
  event.preventDefault();
  return { x: target.left + (target.width - current.width) / 2, y: target.top + 48 };
};

export function TaskBoard({ board, onMove, onOpen }: { board: Board; onMove: (task: TaskListItem, status: TaskStatus) => void; onOpen: (taskId: number) => void }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnJump }));
  const byId = new Map(board.columns.flatMap((column) => column.tasks.map((task) => [task.id, task] as const)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const task = byId.get(Number(active.id));
    if (!task || !over) return;
    const status = over.id as TaskStatus;
    if (status !== task.status) onMove(task, status);
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: 'To move a task, press Space, then Left or Right to choose a column, and Space again to drop it. Escape cancels.' },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${byId.get(Number(active.id))?.title ?? 'task'}.`,
          onDragOver: ({ over }) => (over ? `Over ${TASK_STATUS_LABELS[over.id as TaskStatus]}.` : 'Not over a column.'),
          onDragEnd: ({ active, over }) => (over ? `${byId.get(Number(active.id))?.title ?? 'Task'} dropped in ${TASK_STATUS_LABELS[over.id as TaskStatus]}.` : 'Dropped back.'),
          onDragCancel: () => 'Move cancelled.',
        },
      }}
    >
      <div className="task-board">
        {board.columns.map((column) => (
          <Column key={column.status} status={column.status} tasks={column.tasks} onOpen={onOpen} />
        ))}
      </div>
    </DndContext>
  );
}

function Column({ status, tasks, onOpen }: { status: TaskStatus; tasks: TaskListItem[]; onOpen: (taskId: number) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <section ref={setNodeRef} className={isOver ? 'task-board__column task-board__column--over' : 'task-board__column'} aria-label={TASK_STATUS_LABELS[status]} data-status={status}>
      <h2 className="task-board__title">
        {TASK_STATUS_LABELS[status]} <span className="task-board__count">{tasks.length}</span>
      </h2>
      <ul className="task-board__cards">
        {tasks.map((task) => (
          <Card key={task.id} task={task} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

function Card({ task, onOpen }: { task: TaskListItem; onOpen: (taskId: number) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id });
  const node = useRef<HTMLLIElement | null>(null);
  // dnd-kit's transform, set on the element through the CSSOM (no style attribute, which the CSP refuses).
  useLayoutEffect(() => {
    if (node.current) node.current.style.transform = transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : '';
  }, [transform]);
  return (
    <li
      ref={(element) => {
        node.current = element;
        setNodeRef(element);
      }}
      className={['task-card', isDragging ? 'task-card--dragging' : '', task.due_mark ? `task-card--${task.due_mark}` : ''].join(' ')}
      data-task-id={task.id}
      {...attributes}
      {...listeners}
      aria-roledescription="Draggable task"
    >
      <button type="button" className="task-card__title" onClick={() => onOpen(task.id)} onKeyDown={(event) => event.stopPropagation()}>
        {task.title}
      </button>
      <span className="task-card__client">{task.client.legal_name}</span>
      <span className={task.due_mark ? `task-card__due task-card__due--${task.due_mark}` : 'task-card__due'}>{dueText(task)}</span>
      <span className="task-card__meta">
        <StatusChip variant={PRIORITY_VARIANTS[task.priority]}>{PRIORITY_LABELS[task.priority]}</StatusChip>
        <span className="task-card__assignee">{personName(task.assignee, 'Unassigned')}</span>
        {task.checklist_total > 0 && (
          <span className="task-card__checklist">
            {task.checklist_done}/{task.checklist_total}
          </span>
        )}
      </span>
    </li>
  );
}
