/**
 * Recurring tasks: the templates that make a client's repeated work (the monthly VAT prep, payroll,
 * the quarterly return) with their next tasks' dates as the server computes them on the one calendar, 'New
 * recurring task', edit, pause and resume. One list for two places: the Tasks page's Recurring view (every
 * client the user sees, optionally one) and a client's Recurring tasks tab (that client only), so it lives
 * here rather than in either feature.
 */
import { useId, useState } from 'react';
import { formatIsoDate } from '../../../common/calendar.ts';
import { DEFAULT_PAGE_SIZE } from '../../../common/contract/http.ts';
import type { PersonRef } from '../../../common/contract/shared.ts';
import { taskFields } from '../../../common/contract/tasks-fields.ts';
import { scheduleText, templateFormProblems } from '../../../common/task-templates.ts';
import type { NewTemplateBody, TaskChoices, TaskTemplate, TemplateQuery, UpdateTemplateBody } from '../../../common/contract/tasks.ts';
import { MAX_CHECKLIST_ITEMS, MAX_CHECKLIST_TEXT, type TaskPriority, type TemplateFrequency } from '../../../common/service-desk.ts';
import { useAction } from '../lib/use-action.ts';
import { useEndpoint } from '../lib/endpoints.ts';
import { createTemplate, taskTemplates, updateTemplate } from '../lib/task-templates-api.ts';
import { Button } from './button.tsx';
import { CountedTextField } from './counted-field.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { FormDialog } from './dialog.tsx';
import { Pagination } from './pagination.tsx';
import { StatusChip } from './status-chip.tsx';
import { FieldFrame, TextField } from './text-field.tsx';
import { Select } from './select.tsx';
import { personName, type NamedPerson } from '../lib/user-name.ts';
import './recurring-templates.css';

const name = (person: NamedPerson | null, none = 'Unassigned') => personName(person, none);

interface Props {
  /** One client's templates (the client's tab); every visible client's otherwise. */
  clientId?: number;
  page: number;
  onPage: (page: number) => void;
  /** The list's heading. */
  title: string;
}

type Editing = { mode: 'new' } | { mode: 'edit'; template: TaskTemplate } | null;

export function RecurringTemplates({ clientId, page, onPage, title }: Props) {
  const headingId = useId();
  const query: TemplateQuery = { ...(clientId ? { client: clientId } : {}), page, page_size: DEFAULT_PAGE_SIZE };
  const templates = useEndpoint(taskTemplates.templates, { query }, { keepPrevious: true });
  const choices = useEndpoint(taskTemplates.choices);
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useAction({
    run: (template: TaskTemplate, { headers }) => updateTemplate(template.id, { version: template.version, active: !template.active }, headers),
    success: (template) => (template.active ? `'${template.title}' resumed.` : `'${template.title}' paused: no new tasks until it is resumed.`),
    endpoint: taskTemplates.updateTemplate,
  });

  const columns: Column<TaskTemplate>[] = [
    {
      id: 'title',
      header: 'Recurring task',
      span: 2,
      cell: (template) => (
        <span className="recurring__name">
          <button type="button" className="link-button" onClick={() => setEditing({ mode: 'edit', template })}>
            {template.title}
          </button>
          {!clientId && <span className="recurring__sub">{template.client.legal_name}</span>}
        </span>
      ),
    },
    { id: 'schedule', header: 'Schedule', cell: (template) => scheduleText(template) },
    {
      id: 'next',
      header: 'Next tasks',
      span: 2,
      cell: (template) =>
        template.active ? (
          <ul className="recurring__dates" aria-label={`Next tasks of ${template.title}`}>
            {template.upcoming.map((next) => (
              <li key={next.due_on}>
                Due {formatIsoDate(next.due_on)}
                <span className="recurring__sub"> · created {formatIsoDate(next.created_on).split(' ').slice(0, 2).join(' ')}</span>
              </li>
            ))}
          </ul>
        ) : (
          <span className="recurring__sub">None while paused</span>
        ),
    },
    { id: 'assignee', header: 'Assignee', cell: (template) => name(template.assignee) },
    { id: 'status', header: 'Status', fit: true, cell: (template) => <StatusChip variant={template.active ? 'green' : 'neutral'}>{template.active ? 'Active' : 'Paused'}</StatusChip> },
    {
      id: 'actions',
      header: 'Actions',
      fit: true,
      cell: (template) => (
        <Button variant="ghost" aria-label={`${template.active ? 'Pause' : 'Resume'} ${template.title}`} loading={toggle.busy} onClick={() => void toggle.run(template)}>
          {template.active ? 'Pause' : 'Resume'}
        </Button>
      ),
    },
  ];

  return (
    <section className="recurring" aria-labelledby={headingId}>
      <div className="recurring__header">
        <h2 id={headingId} className="recurring__title">
          {title}
        </h2>
        <Button onClick={() => setEditing({ mode: 'new' })}>New recurring task</Button>
      </div>
      <DataTable<TaskTemplate>
        label={title}
        columns={columns}
        rows={templates.data?.results}
        rowKey={(template) => template.id}
        isLoading={templates.isLoading}
        isFetching={templates.isFetching}
        error={templates.error}
        onRetry={templates.refetch}
      />
      {templates.data && <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} count={templates.data.count} totalPages={templates.data.total_pages} onPage={onPage} />}
      {editing && <TemplateDialog editing={editing} clientId={clientId} choices={choices.data} onClose={() => setEditing(null)} />}
    </section>
  );
}

interface Form {
  client: string;
  title: string;
  frequency: TemplateFrequency;
  day: string;
  lead: string;
  assignee: string;
  reviewer: string;
  priority: TaskPriority;
  firstMonth: string;
  checklist: string;
}

const formOf = (template: TaskTemplate | null, clientId: number | undefined): Form => ({
  client: template ? String(template.client.id) : clientId ? String(clientId) : '',
  title: template?.title ?? '',
  frequency: template?.frequency ?? 'monthly',
  day: String(template?.day_of_month ?? 10),
  lead: String(template?.lead_days ?? 7),
  assignee: template?.assignee ? String(template.assignee.id) : '',
  reviewer: template?.reviewer ? String(template.reviewer.id) : '',
  priority: template?.priority ?? 'normal',
  firstMonth: '',
  checklist: (template?.checklist ?? []).map((item) => item.text).join('\n'),
});

const idOrNull = (value: string) => (value ? Number(value) : null);
const checklistOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ text: line, done: false }));

function TemplateDialog({ editing, clientId, choices, onClose }: { editing: NonNullable<Editing>; clientId: number | undefined; choices: TaskChoices | undefined; onClose: () => void }) {
  const id = useId();
  const template = editing.mode === 'edit' ? editing.template : null;
  const [form, setForm] = useState<Form>(() => formOf(template, clientId));
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const save = useAction({
    run: (_input: void, { headers }) => {
      const common = {
        title: form.title.trim(),
        frequency: form.frequency,
        day_of_month: Number(form.day),
        lead_days: Number(form.lead),
        assignee_id: idOrNull(form.assignee),
        reviewer_id: idOrNull(form.reviewer),
        priority: form.priority,
        checklist: checklistOf(form.checklist),
      };
      if (template) return updateTemplate(template.id, { version: template.version, ...common } satisfies UpdateTemplateBody, headers);
      return createTemplate({ client_id: Number(form.client), ...common, ...(form.firstMonth ? { first_occurrence_on: `${form.firstMonth}-01` } : {}) } satisfies NewTemplateBody, headers);
    },
    success: (saved) => (template ? `'${saved.title}' saved.` : `'${saved.title}' created: the first task is made on ${formatIsoDate(saved.next_created_on)}.`),
    endpoint: template ? taskTemplates.updateTemplate : taskTemplates.createTemplate,
    onSuccess: onClose,
  });
  const staff: readonly PersonRef[] = choices?.staff ?? [];
  const lines = checklistOf(form.checklist);
  const problems = templateFormProblems(form, lines.length);
  const reason = !form.client ? 'Choose a client.' : form.title.trim() === '' ? 'Give the task a title.' : Object.values(problems)[0];
  return (
    <FormDialog
      title={template ? `Edit ${template.title}` : 'New recurring task'}
      submitLabel={template ? 'Save changes' : 'Create'}
      busy={save.busy}
      error={save.formError}
      submitDisabled={reason !== undefined}
      disabledReason={reason}
      onSubmit={() => void save.run()}
      onClose={onClose}
    >
      <div className="recurring-form">
        {!template && !clientId && (
          <Select id={`${id}-client`} field={taskFields.client} value={form.client} onChange={(client) => set({ client })} error={save.fieldErrors.client_id}>
            <option value="">Choose a client</option>
            {(choices?.clients ?? []).map((client) => (
              <option key={client.id} value={String(client.id)}>
                {client.legal_name}
              </option>
            ))}
          </Select>
        )}
        {template && <p className="recurring__sub">{template.client.legal_name}</p>}
        <CountedTextField id={`${id}-title`} field={taskFields.title} value={form.title} onValueChange={(title) => set({ title })} error={save.fieldErrors.title} />
        <div className="recurring-form__row">
          <Select id={`${id}-frequency`} field={taskFields.frequency} label="Repeats" value={form.frequency} onChange={(frequency) => set({ frequency: frequency as TemplateFrequency })} error={save.fieldErrors.frequency} />
          <TextField
            id={`${id}-day`}
            field={taskFields.dayOfMonth}
            type="number"
            min={1}
            max={31}
            value={form.day}
            onValueChange={(day) => set({ day })}
            hint="moved to the next working day"
            error={problems.day_of_month ?? save.fieldErrors.day_of_month}
          />
          <TextField
            id={`${id}-lead`}
            field={taskFields.leadDays}
            type="number"
            min={1}
            max={taskFields.leadDays.max}
            value={form.lead}
            onValueChange={(lead) => set({ lead })}
            error={problems.lead_days ?? save.fieldErrors.lead_days}
          />
        </div>
        {!template && (
          <TextField id={`${id}-first`} label="First month (optional)" type="month" value={form.firstMonth} onValueChange={(firstMonth) => set({ firstMonth })} hint="by default the first due date from today" error={save.fieldErrors.first_occurrence_on} />
        )}
        <div className="recurring-form__row">
          <Select id={`${id}-assignee`} field={taskFields.assignee} value={form.assignee} onChange={(assignee) => set({ assignee })} error={save.fieldErrors.assignee_id}>
            <option value="">Unassigned</option>
            {staff.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {name(person)}
              </option>
            ))}
          </Select>
          <Select id={`${id}-reviewer`} field={taskFields.reviewer} value={form.reviewer} onChange={(reviewer) => set({ reviewer })} error={save.fieldErrors.reviewer_id}>
            <option value="">No reviewer</option>
            {staff.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {name(person)}
              </option>
            ))}
          </Select>
          <Select id={`${id}-priority`} field={taskFields.priority} value={form.priority} onChange={(priority) => set({ priority: priority as TaskPriority })} />
        </div>
        <FieldFrame id={`${id}-checklist`} label="Checklist (one item a line)" hint={`up to ${MAX_CHECKLIST_ITEMS} items of ${MAX_CHECKLIST_TEXT} characters`} error={problems.checklist ?? save.fieldErrors.checklist}>
          <textarea id={`${id}-checklist`} className="field__input field__input--multiline" rows={4} value={form.checklist} onChange={(event) => set({ checklist: event.target.value })} />
        </FieldFrame>
        {template && <p className="recurring__sub">Tasks already made keep what they have; the changes apply from the next one.</p>}
      </div>
    </FormDialog>
  );
}

