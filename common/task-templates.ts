/**
 * A recurring task's words and form rules, for whichever page shows the templates (the Tasks page's
 * Recurring view, a client's Recurring tasks tab): its schedule in words, and what the form's numbers break,
 * worded as the server words it (the field sheet's labels and limits).
 */
import { FREQUENCY_LABELS, taskFields } from './contract/tasks-fields.ts';
import { MAX_CHECKLIST_ITEMS, type TemplateFrequency } from './service-desk.ts';

/** 'Monthly on the 10th, created 7 days before' */
export function scheduleText(template: { frequency: TemplateFrequency; day_of_month: number; lead_days: number }): string {
  const day = template.day_of_month;
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${FREQUENCY_LABELS[template.frequency]} on the ${day}${suffix}, created ${template.lead_days} day${template.lead_days === 1 ? '' : 's'} before`;
}

const whole = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** What the form's numbers break, by field: shown under each field and beside the disabled button. */
export function templateFormProblems(form: { day: string; lead: string }, checklistItems: number): Partial<Record<'day_of_month' | 'lead_days' | 'checklist', string>> {
  const { dayOfMonth, leadDays } = taskFields;
  return {
    ...(whole(form.day, dayOfMonth.min, dayOfMonth.max) ? {} : { day_of_month: `${dayOfMonth.label} must be a whole number from ${dayOfMonth.min} to ${dayOfMonth.max}.` }),
    ...(whole(form.lead, leadDays.min, leadDays.max) ? {} : { lead_days: `${leadDays.label} must be a whole number from ${leadDays.min} to ${leadDays.max}.` }),
    ...(checklistItems > MAX_CHECKLIST_ITEMS ? { checklist: `Checklist must have at most ${MAX_CHECKLIST_ITEMS} items.` } : {}),
  };
}
