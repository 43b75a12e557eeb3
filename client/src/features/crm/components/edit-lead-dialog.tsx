import { useId, useState } from 'react';
import type { LeadItem } from '../../../../../common/contract/crm.ts';
import { leadFields } from '../../../../../common/contract/crm-fields.ts';
import { sharedFields } from '../../../../../common/contract/shared-fields.ts';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { crm, updateLead, useOwners } from '../api.ts';
import { leadEditBody, leadEditForm, type LeadEditForm } from '../model.ts';
import { SelectControl } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

/** The lead's facts changed in place (PUT crm/leads/{id}) at the version shown: value, follow-up, owner and contact. */
export function EditLeadDialog({ lead, onClose }: { lead: LeadItem; onClose: () => void }) {
  const id = useId();
  const owners = useOwners();
  const [form, setForm] = useState<LeadEditForm>(() => leadEditForm(lead));
  const set = (patch: Partial<LeadEditForm>) => setForm((current) => ({ ...current, ...patch }));
  const save = useAction({
    run: (_: void, { headers }) => updateLead(lead.id, leadEditBody(lead, form), headers),
    success: 'Lead saved',
    endpoint: crm.updateLead,
    onSuccess: onClose,
  });
  // The current owner stays a choice even when they no longer work in the CRM.
  const people = [...(owners.data ?? [])];
  if (lead.owner && !people.some((person) => person.id === lead.owner!.id)) people.unshift(lead.owner);
  return (
    <FormDialog title={`Edit ${lead.company}`} submitLabel="Save" busy={save.busy} error={save.formError} onSubmit={() => void save.run()} onClose={onClose}>
      <TextField id={`${id}-value`} label="Estimated monthly value (AED)" inputMode="decimal" value={form.value} onValueChange={(value) => set({ value })} error={save.fieldErrors.monthly_value_fils} />
      <TextField id={`${id}-follow`} label={leadFields.nextFollowUp.label} type="date" value={form.follow_up} onValueChange={(follow_up) => set({ follow_up })} error={save.fieldErrors.next_follow_up} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-owner`}>
          {leadFields.owner.label}
        </label>
        <SelectControl id={`${id}-owner`} className="field__input" value={form.owner} onChange={(owner) => set({ owner })}>
          <option value="">No owner</option>
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person)}
            </option>
          ))}
        </SelectControl>
        {save.fieldErrors.owner_id && <p className="field__error">{save.fieldErrors.owner_id}</p>}
      </div>
      <CountedTextField id={`${id}-company`} field={leadFields.company} value={form.company} onValueChange={(company) => set({ company })} error={save.fieldErrors.company} near />
      <CountedTextField id={`${id}-contact`} field={leadFields.contact} value={form.contact_name} onValueChange={(contact_name) => set({ contact_name })} error={save.fieldErrors.contact_name} near />
      <TextField id={`${id}-email`} field={sharedFields.email} type="email" value={form.email} onValueChange={(email) => set({ email })} error={save.fieldErrors.email} />
      <CountedTextField id={`${id}-phone`} field={leadFields.phone} value={form.phone} onValueChange={(phone) => set({ phone })} error={save.fieldErrors.phone} near />
    </FormDialog>
  );
}
