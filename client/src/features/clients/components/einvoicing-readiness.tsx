import { useId, useState } from 'react';
import type { ClientReadiness } from '../../../../../common/contract/einvoicing.ts';
import { REVENUE_BANDS, REVENUE_BAND_LABELS, TIN_LENGTH, type RevenueBand } from '../../../../../common/einvoicing-readiness.ts';
import { einvoicingFields } from '../../../../../common/contract/einvoicing-fields.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { queryCache } from '../../../lib/query-cache.ts';
import { useAction } from '../../../lib/use-action.ts';
import { clientKeys, einvoicing, updateEinvoicingReadiness, useEinvoicingReadiness } from '../api.ts';
import { Select } from '../../../components/select.tsx';
import { Fact } from './overview-tab.tsx';

/**
 * The client's own readiness for the e-invoicing mandate: its revenue band (which gives the two deadlines on
 * the calendar below), the ASP it appointed and when, and its TIN. Recorded by ADMIN or its bookkeeper.
 */
export function EinvoicingReadiness({ clientId }: { clientId: number }) {
  const readiness = useEinvoicingReadiness(clientId);
  const [editing, setEditing] = useState(false);
  const data = readiness.data;
  return (
    <section className="panel client-section" aria-labelledby="client-einvoicing">
      <div className="client-section__head">
        <h2 id="client-einvoicing" className="client-section__title">
          E-invoicing readiness
          {data?.standing && <StatusChip variant={data.not_ready || data.late ? 'red' : 'green'}>{data.standing}</StatusChip>}
        </h2>
        {data?.can_edit && (
          <Button variant="outlined" onClick={() => setEditing(true)}>
            Edit e-invoicing details
          </Button>
        )}
      </div>
      {!data ? (
        <LoadingIndicator label="Loading the e-invoicing details" />
      ) : (
        <dl className="client-facts">
          <Fact term="Revenue band" value={data.revenue_band ? REVENUE_BAND_LABELS[data.revenue_band] : 'Not recorded'} />
          <Fact term="ASP" value={data.asp_name ?? 'None appointed'} />
          <Fact term="ASP appointed on" value={data.asp_appointed_on ? formatDubaiDate(data.asp_appointed_on) : '-'} />
          <Fact term="TIN" value={data.tin ? `${data.tin}${data.tin_from_trn ? " (the TRN's first 10 digits)" : ''}` : 'Not recorded'} />
          <Fact term="Appoint an ASP by" value={data.asp_deadline ? formatDubaiDate(data.asp_deadline) : 'Record the band'} />
          <Fact term="Go-live" value={data.go_live ? formatDubaiDate(data.go_live) : 'Record the band'} />
        </dl>
      )}
      {editing && data && <ReadinessDialog clientId={clientId} readiness={data} onClose={() => setEditing(false)} />}
    </section>
  );
}

interface Form {
  revenue_band: RevenueBand | '';
  asp_name: string;
  asp_appointed_on: string;
  tin: string;
}

const formOf = (readiness: ClientReadiness): Form => ({
  revenue_band: readiness.revenue_band ?? '',
  asp_name: readiness.asp_name ?? '',
  asp_appointed_on: readiness.asp_appointed_on ?? '',
  tin: readiness.tin ?? '',
});

function ReadinessDialog({ clientId, readiness, onClose }: { clientId: number; readiness: ClientReadiness; onClose: () => void }) {
  const initial = formOf(readiness);
  const [form, setForm] = useState(initial);
  const id = useId();
  const set = <K extends keyof Form>(field: K) => (value: Form[K]) => setForm((current) => ({ ...current, [field]: value }));
  const save = useAction<void, ClientReadiness>({
    run: (_input, { headers }) =>
      updateEinvoicingReadiness(
        clientId,
        {
          version: readiness.version,
          revenue_band: form.revenue_band || null,
          asp_name: form.asp_name.trim() || null,
          asp_appointed_on: form.asp_appointed_on || null,
          tin: form.tin.trim() || null,
        },
        headers,
      ),
    success: 'E-invoicing details saved',
    // The band and the ASP move the calendar's deadlines and the client's next deadline (header and list).
    endpoint: einvoicing.updateClientReadiness,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.einvoicing(clientId), answer);
      onClose();
    },
    onConflict: onClose,
  });
  const errors = save.fieldErrors;
  const unchanged = (Object.keys(initial) as (keyof Form)[]).every((field) => form[field].trim() === initial[field]);
  return (
    <FormDialog title="Edit the e-invoicing details" submitLabel="Save" busy={save.busy} error={save.formError} submitDisabled={unchanged} onSubmit={() => void save.run()} onClose={onClose}>
      <Select id={`${id}-band`} field={einvoicingFields.revenueBand} value={form.revenue_band} onChange={(value) => set('revenue_band')(value as RevenueBand | '')} error={errors.revenue_band}>
        <option value="">Not recorded</option>
        {REVENUE_BANDS.map((band) => (
          <option key={band} value={band}>
            {REVENUE_BAND_LABELS[band]}
          </option>
        ))}
      </Select>
      <div className="client-form-row">
        <CountedTextField id={`${id}-asp`} field={einvoicingFields.asp} value={form.asp_name} onValueChange={set('asp_name')} near error={errors.asp_name} />
        <TextField id={`${id}-appointed`} field={einvoicingFields.aspAppointedOn} type="date" value={form.asp_appointed_on} onValueChange={set('asp_appointed_on')} hint="With the ASP; both or neither" error={errors.asp_appointed_on} />
      </div>
      <CountedTextField id={`${id}-tin`} field={einvoicingFields.tin} inputMode="numeric" value={form.tin} onValueChange={set('tin')} near hint={`${TIN_LENGTH} digits: the Peppol endpoint its invoices are addressed to`} error={errors.tin} />
    </FormDialog>
  );
}
