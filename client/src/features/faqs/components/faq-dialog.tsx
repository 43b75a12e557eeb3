import { useId, useState } from 'react';
import type { Faq, NewFaqBody } from '../../../../../common/contract/faqs.ts';
import { faqFields } from '../../../../../common/contract/faqs-fields.ts';
import { ARABIC_NEEDED_TO_PUBLISH } from '../../../../../common/contract/faqs-paths.ts';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { Select } from '../../../components/select.tsx';
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
      <CountedTextField id={`${id}-category`} field={faqFields.category} list={`${id}-categories`} value={form.category} onValueChange={(category) => set({ category })} error={save.fieldErrors.category} near />
      <datalist id={`${id}-categories`}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <CountedTextField id={`${id}-q-en`} field={faqFields.questionEn} value={form.question_en} onValueChange={(question_en) => set({ question_en })} error={save.fieldErrors.question_en} near />
      <TextArea id={`${id}-a-en`} field={faqFields.answerEn} value={form.answer_en} onValueChange={(answer_en) => set({ answer_en })} error={save.fieldErrors.answer_en} rows={4} />
      <CountedTextField id={`${id}-q-ar`} field={faqFields.questionAr} dir="rtl" lang="ar" value={form.question_ar} onValueChange={(question_ar) => set({ question_ar })} error={save.fieldErrors.question_ar} near hint={form.status === 'published' ? ARABIC_NEEDED_TO_PUBLISH : undefined} />
      <TextArea id={`${id}-a-ar`} field={faqFields.answerAr} dir="rtl" lang="ar" value={form.answer_ar} onValueChange={(answer_ar) => set({ answer_ar })} error={save.fieldErrors.answer_ar} rows={4} hint={form.status === 'published' ? ARABIC_NEEDED_TO_PUBLISH : undefined} />
      <Select id={`${id}-status`} field={faqFields.status} value={form.status} onChange={(status) => set({ status: status as NewFaqBody['status'] })} error={save.fieldErrors.status} />
      <TextField id={`${id}-from`} label="Published from (optional)" type="date" value={form.publish_from ?? ''} onValueChange={(value) => set({ publish_from: value || null })} error={save.fieldErrors.publish_from} />
      <TextField id={`${id}-until`} label="Published until (optional)" type="date" value={form.publish_until ?? ''} onValueChange={(value) => set({ publish_until: value || null })} error={save.fieldErrors.publish_until} />
    </FormDialog>
  );
}
