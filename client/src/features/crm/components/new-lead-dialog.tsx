import { useId, useState } from 'react';
import type { LeadSource } from '../../../../../common/contract/crm-paths.ts';
import { parseAedToFils } from '../../../../../common/money.ts';
import { leadFields } from '../../../../../common/contract/crm-fields.ts';
import { sharedFields } from '../../../../../common/contract/shared-fields.ts';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { Select } from '../../../components/select.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { personName } from '../../../lib/user-name.ts';
import { createLead, crm, useOwners } from '../api.ts';

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
      <CountedTextField id={`${id}-company`} field={leadFields.company} value={form.company} onValueChange={(company) => set({ company })} error={save.fieldErrors.company} near />
      <CountedTextField id={`${id}-contact`} field={leadFields.contact} value={form.contact_name} onValueChange={(contact_name) => set({ contact_name })} error={save.fieldErrors.contact_name} near />
      <TextField id={`${id}-email`} field={sharedFields.email} type="email" value={form.email} onValueChange={(email) => set({ email })} error={save.fieldErrors.email} />
      <CountedTextField id={`${id}-phone`} field={leadFields.phone} value={form.phone} onValueChange={(phone) => set({ phone })} error={save.fieldErrors.phone} near />
      <Select id={`${id}-source`} field={leadFields.source} value={form.source} onChange={(source) => set({ source: source as LeadSource })} error={save.fieldErrors.source} />
      <Select id={`${id}-owner`} field={leadFields.owner} value={form.owner} onChange={(owner) => set({ owner })} error={save.fieldErrors.owner_id}>
        <option value="">No owner</option>
        {(owners.data ?? []).map((person) => (
          <option key={person.id} value={String(person.id)}>
            {personName(person, 'No owner')}
          </option>
        ))}
      </Select>
      <TextField id={`${id}-value`} label="Estimated monthly value (AED)" inputMode="decimal" value={form.value} onValueChange={(value) => set({ value })} error={save.fieldErrors.monthly_value_fils} />
      <TextField id={`${id}-follow`} field={leadFields.nextFollowUp} type="date" value={form.follow_up} onValueChange={(follow_up) => set({ follow_up })} error={save.fieldErrors.next_follow_up} />
    </FormDialog>
  );
}
