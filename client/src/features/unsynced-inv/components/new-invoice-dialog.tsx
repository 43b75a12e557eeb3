/** 'New invoice': a one-off tax invoice for a client (POST invoices/), its lines with 5 % VAT each, totals as it is edited. */
import { useId, useState } from 'react';
import type { InvoiceDetail } from '../../../../../common/contract/invoices.ts';
import { invoiceAmounts, MAX_LINE_DESCRIPTION, MAX_LINES, MAX_QUANTITY } from '../../../../../common/invoices.ts';
import { formatFils, parseAedToFils } from '../../../../../common/money.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { FieldFrame, TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { createInvoice, fetchClientChoices, invoiceKeys } from '../api.ts';

interface LineForm {
  description: string;
  quantity: string;
  unit: string;
}

const emptyLine: LineForm = { description: '', quantity: '1', unit: '' };

/** A line's quantity and unit price in fils, or null while it is not a valid line. */
function lineInput(line: LineForm): { quantity: number; unit_fils: number } | null {
  const quantity = Number(line.quantity);
  const unit = parseAedToFils(line.unit);
  if (!line.description.trim() || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY || unit === null) return null;
  return { quantity, unit_fils: unit };
}

export function NewInvoiceDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (invoiceId: number) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [client, setClient] = useState('');
  const [lines, setLines] = useState<LineForm[]>([emptyLine]);
  const clients = useQuery(invoiceKeys.clientChoices(search.trim().toLowerCase()), (signal) => fetchClientChoices(search.trim().toLowerCase(), signal), { keepPrevious: true });
  const inputs = lines.map(lineInput);
  const valid = inputs.every((input) => input !== null);
  // The VAT as the invoice will have it: on the total, shared out over the lines (common/invoices.ts).
  const worked = invoiceAmounts(inputs.filter((input) => input !== null));
  let counted = 0;
  const lineTotals = inputs.map((input) => (input ? worked.lines[counted++]!.total_fils : null));
  const { net_fils: net, vat_fils: vat } = worked.totals;
  const create = useAction<void, InvoiceDetail>({
    run: (_input, { headers }) =>
      createInvoice(
        { client_id: Number(client), lines: lines.map((line) => ({ description: line.description.trim(), quantity: Number(line.quantity), unit_fils: parseAedToFils(line.unit)! })) },
        headers,
      ),
    success: (invoice) => `Invoice ${invoice.number} issued for ${formatFils(invoice.total_fils)}`,
    invalidates: [invoiceKeys.all, ['work']],
    onSuccess: (invoice) => {
      onClose();
      onCreated(invoice.id);
    },
  });
  const setLine = (index: number, patch: Partial<LineForm>) => setLines((current) => current.map((line, position) => (position === index ? { ...line, ...patch } : line)));
  const options = clients.data?.results ?? [];
  return (
    <FormDialog title="New invoice" submitLabel="Issue invoice" busy={create.busy} error={create.formError} submitDisabled={!client || !valid} onSubmit={() => void create.run()} onClose={onClose}>
      <div className="new-invoice">
        <TextField id={`${id}-search`} label="Find a client" value={search} onValueChange={setSearch} placeholder="Name, licence no. or TRN" />
        <FieldFrame id={`${id}-client`} label="Client" error={create.fieldErrors.client_id}>
          <select id={`${id}-client`} className="field__input" value={client} onChange={(event) => setClient(event.target.value)}>
            <option value="">Choose a client</option>
            {options.map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.legal_name}
              </option>
            ))}
          </select>
        </FieldFrame>
        <fieldset className="new-invoice__lines">
          <legend>Lines (AED, before 5 % VAT)</legend>
          {lines.map((line, index) => (
            <div key={index} className="new-invoice__line">
              <input
                className="field__input"
                aria-label={`Line ${index + 1} description`}
                placeholder="Description"
                maxLength={MAX_LINE_DESCRIPTION}
                value={line.description}
                onChange={(event) => setLine(index, { description: event.target.value })}
              />
              <input className="field__input new-invoice__qty" aria-label={`Line ${index + 1} quantity`} inputMode="numeric" value={line.quantity} onChange={(event) => setLine(index, { quantity: event.target.value })} />
              <input className="field__input new-invoice__unit" aria-label={`Line ${index + 1} unit price (AED)`} inputMode="decimal" placeholder="0.00" value={line.unit} onChange={(event) => setLine(index, { unit: event.target.value })} />
              <span className="new-invoice__amount">{lineTotals[index] === null || lineTotals[index] === undefined ? '-' : formatFils(lineTotals[index])}</span>
              <button type="button" className="link-button" aria-label={`Remove line ${index + 1}`} disabled={lines.length === 1} onClick={() => setLines((current) => current.filter((_line, position) => position !== index))}>
                Remove
              </button>
            </div>
          ))}
          <span>
            <Button variant="ghost" disabled={lines.length >= MAX_LINES} onClick={() => setLines((current) => [...current, emptyLine])}>
              Add line
            </Button>
          </span>
          {create.fieldErrors.lines && <p className="field__error">{create.fieldErrors.lines}</p>}
        </fieldset>
        <dl className="new-invoice__totals" aria-label="Totals">
          <dt>Net</dt>
          <dd>{formatFils(net)}</dd>
          <dt>VAT 5 %</dt>
          <dd>{formatFils(vat)}</dd>
          <dt>Total</dt>
          <dd>{formatFils(net + vat)}</dd>
        </dl>
      </div>
    </FormDialog>
  );
}
