import { useId, useState } from 'react';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, MAX_LEAD_COMPANY_LENGTH, MAX_LEAD_CONTACT_LENGTH, MAX_LEAD_PHONE_LENGTH, type LeadSource } from '../../../../../common/contract/crm-paths.ts';
import { parseAedToFils } from '../../../../../common/money.ts';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { createLead, crm, useOwners } from '../api.ts';
import { personName } from '../model.ts';

export function NewLeadDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const owners = useOwners();
  const [form, setForm] = useState({ company: '', contact_name: '', email: '', phone: '', source: 'referral' as LeadSource, owner: '', value: '0', follow_up: '' });
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const save = useAction({
    run: (_: void, { headers }) =>
      createLead(
        {
          company: form.company,
          contact_name: form.contact_name,
          email: form.email,
          ...(form.phone ? { phone: form.phone } : {}),
          source: form.source,
          owner_id: form.owner ? Number(form.owner) : null,
          monthly_value_fils: parseAedToFils(form.value) ?? -1,
          next_follow_up: form.follow_up || null,
        },
        headers,
      ),
    success: 'Lead added',
    endpoint: crm.createLead,
    onSuccess: onClose,
  });
  return (
    <FormDialog title="New lead" submitLabel="Add lead" busy={save.busy} error={save.formError} onSubmit={() => void save.run()} onClose={onClose}>
      <CountedTextField id={`${id}-company`} label="Company" value={form.company} onValueChange={(company) => set({ company })} error={save.fieldErrors.company} near limit={MAX_LEAD_COMPANY_LENGTH} />
      <CountedTextField id={`${id}-contact`} label="Contact" value={form.contact_name} onValueChange={(contact_name) => set({ contact_name })} error={save.fieldErrors.contact_name} near limit={MAX_LEAD_CONTACT_LENGTH} />
      <TextField id={`${id}-email`} label="E-mail" type="email" value={form.email} onValueChange={(email) => set({ email })} error={save.fieldErrors.email} />
      <CountedTextField id={`${id}-phone`} label="Phone" value={form.phone} onValueChange={(phone) => set({ phone })} error={save.fieldErrors.phone} near limit={MAX_LEAD_PHONE_LENGTH} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-source`}>
          Source
        </label>
        <select id={`${id}-source`} className="field__input" value={form.source} onChange={(event) => set({ source: event.target.value as LeadSource })}>
          {LEAD_SOURCES.map((source) => (
            <option key={source} value={source}>
              {LEAD_SOURCE_LABELS[source]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-owner`}>
          Owner
        </label>
        <select id={`${id}-owner`} className="field__input" value={form.owner} onChange={(event) => set({ owner: event.target.value })}>
          <option value="">No owner</option>
          {(owners.data ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person)}
            </option>
          ))}
        </select>
      </div>
      <TextField id={`${id}-value`} label="Estimated monthly value (AED)" inputMode="decimal" value={form.value} onValueChange={(value) => set({ value })} error={save.fieldErrors.monthly_value_fils} />
      <TextField id={`${id}-follow`} label="Next follow-up" type="date" value={form.follow_up} onValueChange={(follow_up) => set({ follow_up })} error={save.fieldErrors.next_follow_up} />
    </FormDialog>
  );
}
