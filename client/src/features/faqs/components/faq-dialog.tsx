import { useId, useState } from 'react';
import type { Faq, NewFaqBody } from '../../../../../common/contract/faqs.ts';
import { ARABIC_NEEDED_TO_PUBLISH, FAQ_STATUSES, FAQ_STATUS_LABELS, MAX_FAQ_ANSWER_LENGTH } from '../../../../../common/contract/faqs-paths.ts';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { createFaq, faqs, updateFaq } from '../api.ts';

/** Add or edit one FAQ; the Arabic fields are written and shown right to left. */
export function FaqDialog({ faq, categories, onClose }: { faq: Faq | null; categories: string[]; onClose: () => void }) {
  const id = useId();
  const [form, setForm] = useState<NewFaqBody>(
    faq
      ? { category: faq.category, question_en: faq.question_en, answer_en: faq.answer_en, question_ar: faq.question_ar, answer_ar: faq.answer_ar, status: faq.status, publish_from: faq.publish_from, publish_until: faq.publish_until }
      : { category: categories[0] ?? '', question_en: '', answer_en: '', question_ar: '', answer_ar: '', status: 'draft', publish_from: null, publish_until: null },
  );
  const set = (patch: Partial<NewFaqBody>) => setForm((current) => ({ ...current, ...patch }));
  const save = useAction({
    run: (_: void, { headers }) => (faq ? updateFaq(faq.id, { ...form, version: faq.version }, headers) : createFaq(form, headers)),
    success: faq ? 'FAQ saved' : 'FAQ added',
    endpoint: faq ? faqs.update : faqs.create,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={faq ? 'Edit FAQ' : 'New FAQ'} submitLabel={faq ? 'Save' : 'Add FAQ'} busy={save.busy} error={save.formError} onSubmit={() => void save.run()} onClose={onClose}>
      <CountedTextField id={`${id}-category`} label="Category" list={`${id}-categories`} value={form.category} onValueChange={(category) => set({ category })} error={save.fieldErrors.category} near limit={60} />
      <datalist id={`${id}-categories`}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <CountedTextField id={`${id}-q-en`} label="Question (English)" value={form.question_en} onValueChange={(question_en) => set({ question_en })} error={save.fieldErrors.question_en} near limit={300} />
      <TextArea id={`${id}-a-en`} label="Answer (English)" value={form.answer_en} onValueChange={(answer_en) => set({ answer_en })} limit={MAX_FAQ_ANSWER_LENGTH} error={save.fieldErrors.answer_en} rows={4} />
      <CountedTextField id={`${id}-q-ar`} label="Question (Arabic)" dir="rtl" lang="ar" value={form.question_ar} onValueChange={(question_ar) => set({ question_ar })} error={save.fieldErrors.question_ar} near limit={300} hint={form.status === 'published' ? ARABIC_NEEDED_TO_PUBLISH : undefined} />
      <TextArea id={`${id}-a-ar`} label="Answer (Arabic)" dir="rtl" lang="ar" value={form.answer_ar} onValueChange={(answer_ar) => set({ answer_ar })} limit={MAX_FAQ_ANSWER_LENGTH} error={save.fieldErrors.answer_ar} rows={4} hint={form.status === 'published' ? ARABIC_NEEDED_TO_PUBLISH : undefined} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select id={`${id}-status`} className="field__input" value={form.status} onChange={(event) => set({ status: event.target.value as NewFaqBody['status'] })}>
          {FAQ_STATUSES.map((status) => (
            <option key={status} value={status}>
              {FAQ_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <TextField id={`${id}-from`} label="Published from (optional)" type="date" value={form.publish_from ?? ''} onValueChange={(value) => set({ publish_from: value || null })} error={save.fieldErrors.publish_from} />
      <TextField id={`${id}-until`} label="Published until (optional)" type="date" value={form.publish_until ?? ''} onValueChange={(value) => set({ publish_until: value || null })} error={save.fieldErrors.publish_until} />
    </FormDialog>
  );
}
