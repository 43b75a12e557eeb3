/**
 * The task_templates table's row, declared once (lib/table.ts; tasks/table.ts holds the tasks table's): the
 * template store's column lists (a template's SELECT, the insert, an edit's update, the schedule's claim)
 * and its row type derive from it. The columns were made by migration 0040.
 */
import type { ChecklistItem } from '../../../../common/contract/tasks.ts';
import type { TaskPriority, TemplateFrequency } from '../../../../common/service-desk.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const taskTemplatesTable = table('task_templates', {
  id: column<number>(),
  version: column<number>(),
  client_id: column<number>(),
  title: column<string>(),
  assignee_id: column<number | null>(),
  reviewer_id: column<number | null>(),
  priority: column<TaskPriority>(),
  frequency: column<TemplateFrequency>(),
  day_of_month: column<number>(),
  lead_days: column<number>(),
  checklist: column<ChecklistItem[]>(),
  // The first day of the month whose occurrence comes next (its due date is day_of_month in it, moved off holidays).
  next_occurrence_on: column<string>('date'),
  active: column<boolean>(),
  created_by: column<number | null>(),
  created_at: column<Date>(),
});

export type TemplateColumns = RowOf<typeof taskTemplatesTable.columns>;
export type TemplateColumn = keyof TemplateColumns & string;

/** What an edit may change (and the audit compares): each writes all of them with the new version. */
export const TEMPLATE_CHANGE_FIELDS = ['active', 'title', 'assignee_id', 'reviewer_id', 'priority', 'frequency', 'day_of_month', 'lead_days', 'checklist', 'next_occurrence_on'] as const satisfies readonly TemplateColumn[];

/** The columns the schedule reads of a template to make its tasks. */
export const SCHEDULE_FIELDS = ['id', 'client_id', 'title', 'assignee_id', 'reviewer_id', 'priority', 'frequency', 'day_of_month', 'lead_days', 'checklist', 'next_occurrence_on'] as const satisfies readonly TemplateColumn[];

/** The columns a template's answer reads as stored (its client's name and its people are joined beside them). */
export const TEMPLATE_ROW_FIELDS = [
  'id',
  'version',
  'client_id',
  'title',
  'assignee_id',
  'reviewer_id',
  'priority',
  'frequency',
  'day_of_month',
  'lead_days',
  'checklist',
  'next_occurrence_on',
  'active',
] as const satisfies readonly TemplateColumn[];

/** The columns a template is made with (the rest take their defaults). */
export const NEW_TEMPLATE_FIELDS = ['client_id', 'title', 'assignee_id', 'reviewer_id', 'priority', 'frequency', 'day_of_month', 'lead_days', 'checklist', 'next_occurrence_on', 'created_by'] as const satisfies readonly TemplateColumn[];
