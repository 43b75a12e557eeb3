import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { LeadItem, LeadStage } from '../../../../../common/contract/crm.ts';
import { LEAD_STAGE_LABELS, crmPagePath } from '../../../../../common/contract/crm-paths.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { integerField, textField, type Field } from '../../../lib/url-list-state.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { crm, moveLead, useBoard, useOwners } from '../api.ts';
import { CrmViewSwitch } from '../components/crm-nav.tsx';
import { NewLeadDialog } from '../components/new-lead-dialog.tsx';
import { InviteDialog, LostDialog } from '../components/stage-dialogs.tsx';
import { aed, dayText, followUpDue } from '../model.ts';
import '../components/crm.css';
import { LEAD_LOST, LEAD_WON, type ClosedLeadStage } from '../../../../../common/crm.ts';
import { leadFields } from '../../../../../common/contract/crm-fields.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

const SCHEMA = {
  page: integerField(1),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  owner: { defaultValue: 'all', parse: (raw: string) => (/^(all|[1-9][0-9]{0,9})$/.test(raw) ? raw : undefined), format: (value: string) => value } as Field<string>,
};

/**
 * Arrow keys move a picked-up card to the neighbouring column (left, right) rather than by pixels, so the
 * keyboard reaches every stage in as many presses as there are columns between.
 */
const columnKeys: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const overId = context.over?.id;
  const index = columns.findIndex(([id]) => id === overId);
  const next = columns[index + (event.code === KeyboardCode.Right ? 1 : -1)];
  if (!next) return currentCoordinates;
  const [, rect] = next;
  return { x: rect.left + rect.width / 2 - (context.collisionRect?.width ?? 0) / 2, y: rect.top + 48 };
};

const collision: CollisionDetection = (args) => {
  const inside = pointerWithin(args);
  return inside.length > 0 ? inside : rectIntersection(args);
};

type Pending = { kind: ClosedLeadStage; lead: LeadItem } | null;

/** The pipeline by stage: totals per column, cards dragged (or moved with the keyboard) between stages. */
export function BoardPage() {
  useSignals();
  const [view, setView] = useListParams(SCHEMA);
  const owners = useOwners();
  const query = useMemo(() => ({ ...(view.search ? { search: view.search } : {}), ...(view.owner !== 'all' ? { owner_id: Number(view.owner) } : {}) }), [view.search, view.owner]);
  const board = useBoard(query);
  const [pending, setPending] = useState<Pending>(null);
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnKeys }));
  const move = useAction({
    run: ({ lead, stage }: { lead: LeadItem; stage: LeadStage }, { headers }) => moveLead(lead.id, { version: lead.version, stage }, headers),
    success: (lead) => `${lead.company} moved to ${LEAD_STAGE_LABELS[lead.stage]}`,
    endpoint: crm.stage,
  });

  const leads = useMemo(() => new Map((board.data?.columns ?? []).flatMap((column) => column.leads.map((lead) => [String(lead.id), lead] as const))), [board.data]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lead = leads.get(String(active.id));
    const stage = over?.id as LeadStage | undefined;
    if (!lead || !stage || stage === lead.stage || lead.stage === LEAD_WON) return;
    if (stage === LEAD_WON) setPending({ kind: LEAD_WON, lead });
    else if (stage === LEAD_LOST) setPending({ kind: LEAD_LOST, lead });
    else void move.run({ lead, stage });
  };

  return (
    <div className="crm">
      <div className="toolbar">
        <CrmViewSwitch current="board" />
        <SearchBox value={view.search} onSearch={(search) => setView({ search })} placeholder="Search company, contact or e-mail" label="Search leads" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={leadFields.owner} value={view.owner} onChange={(value) => setView({ owner: value })}>
          <option value="all">Everyone</option>
          {(owners.data ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person, 'No owner')}
            </option>
          ))}
        </FilterSelect>
        <Button className="crm__add" onClick={() => setAdding(true)}>
          New lead
        </Button>
      </div>
      <p className="crm__hint" id="crm-board-hint">
        Drag a card to another stage, or focus its handle, press Space, move with the arrow keys and press Space again. Won opens the invitation to register.
      </p>
      {!board.data ? (
        <LoadingIndicator label="Loading the pipeline" />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: 'Press Space to pick up the lead, the left and right arrow keys to choose a stage, Space to drop it there, Escape to cancel.' },
            announcements: {
              onDragStart: ({ active }) => `Picked up ${leads.get(String(active.id))?.company ?? 'the lead'}.`,
              onDragOver: ({ over }) => (over ? `Over ${LEAD_STAGE_LABELS[over.id as LeadStage]}.` : 'Not over a stage.'),
              onDragEnd: ({ over }) => (over ? `Dropped on ${LEAD_STAGE_LABELS[over.id as LeadStage]}.` : 'Dropped outside the stages.'),
              onDragCancel: () => 'Move cancelled.',
            },
          }}
        >
          <div className="crm__board" aria-describedby="crm-board-hint">
            {board.data.columns.map((column) => (
              <Column key={column.stage} stage={column.stage} count={column.count} total={column.total_fils}>
                {column.leads.map((lead) => (
                  <LeadCard key={lead.id} lead={lead} />
                ))}
                {column.count > column.leads.length && (
                  <Link className="crm__more" href={`${crmPagePath.list}?stage=${column.stage}`}>
                    {column.count - column.leads.length} more in the list
                  </Link>
                )}
              </Column>
            ))}
          </div>
        </DndContext>
      )}
      {pending?.kind === LEAD_LOST && <LostDialog lead={pending.lead} onClose={() => setPending(null)} />}
      {pending?.kind === LEAD_WON && <InviteDialog lead={pending.lead} onClose={() => setPending(null)} />}
      {adding && <NewLeadDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

function Column({ stage, count, total, children }: { stage: LeadStage; count: number; total: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `crm-stage-${stage}`;
  return (
    <section ref={setNodeRef} className={isOver ? 'crm__column crm__column--over' : 'crm__column'} aria-labelledby={headingId}>
      <header className="crm__column-head">
        <h2 id={headingId}>{LEAD_STAGE_LABELS[stage]}</h2>
        <span className="crm__count">{count}</span>
        <span className="crm__total">{aed(total)} a month</span>
      </header>
      <ul className="crm__cards">{children}</ul>
    </section>
  );
}

function LeadCard({ lead }: { lead: LeadItem }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: String(lead.id), disabled: lead.stage === LEAD_WON });
  const due = followUpDue(lead);
  const element = useRef<HTMLLIElement | null>(null);
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      element.current = node;
      setNodeRef(node);
    },
    [setNodeRef],
  );
  // The dragged card follows the pointer through the CSSOM, as the table's column widths do: no style attribute.
  useLayoutEffect(() => {
    element.current?.style.setProperty('transform', transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : '');
  }, [transform]);
  return (
    <li ref={ref} className={isDragging ? 'crm__card crm__card--dragging' : 'crm__card'}>
      {/* The handle first: it floats at the top right and the name flows round it (crm.css). */}
      <div className="crm__card-top">
        {lead.stage !== LEAD_WON && (
          <button type="button" className="crm__handle" aria-label={`Move ${lead.company}`} {...attributes} {...listeners}>
            ⠿
          </button>
        )}
        <Link href={crmPagePath.lead(lead.id)} className="crm__card-title">
          {lead.company}
        </Link>
      </div>
      <span className="crm__sub">{lead.contact_name}</span>
      <span className="crm__sub">
        {aed(lead.monthly_value_fils)} · {personName(lead.owner, 'No owner')}
      </span>
      {lead.next_follow_up && <span className={due ? 'crm__due crm__due--now' : 'crm__due'}>{due ? 'Follow-up due ' : 'Follow-up '}{dayText(lead.next_follow_up)}</span>}
    </li>
  );
}
