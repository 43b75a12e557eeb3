/**
 * 'New invoice': a one-off tax invoice for a client (POST invoices/), its lines with 5 % VAT each, totals as it
 * is edited. A price or quantity the invoice cannot take is said beside its field; once a client and whole
 * lines are given, the form asks the back end which e-invoice rules the invoice would break (POST
 * invoices/check) and shows them before 'Issue invoice', which the back end refuses on the same rules. A
 * disabled 'Issue invoice' says why beside it.
 */
import { useId, useState } from 'react';
import type { InvoiceDetail, NewInvoiceBody } from '../../../../../common/contract/invoices.ts';
import { invoiceAmounts, MAX_LINE_DESCRIPTION, MAX_LINES } from '../../../../../common/invoices.ts';
import { clientPath } from '../../../../../common/links.ts';
import { formatFils, parseAedToFils } from '../../../../../common/money.ts';
import { invoiceFields } from '../../../../../common/contract/invoices-fields.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { createInvoice, invoices, useClientChoices, useInvoiceCheck } from '../api.ts';
import { quantityProblem, unitPriceProblem } from '../model.ts';

interface LineForm {
  description: string;
  quantity: string;
  unit: string;
}

const emptyLine: LineForm = { description: '', quantity: '1', unit: '' };

/** A line's quantity and unit price in fils, or null while it is not a valid line. */
function lineInput(line: LineForm): { quantity: number; unit_fils: number } | null {
  const unit = parseAedToFils(line.unit);
  if (!line.description.trim() || line.quantity.trim() === '' || quantityProblem(line.quantity) !== null || unit === null) return null;
  return { quantity: Number(line.quantity), unit_fils: unit };
}

/** Why 'Issue invoice' cannot be pressed yet, in the words shown beside it; null when it can. */
function whyNotYet(client: string, lines: LineForm[], problems: (string | null)[], ruleFields: string[] | null): string | null {
  if (!client) return 'Choose a client to invoice.';
  const bad = problems.findIndex((problem) => problem !== null);
  if (bad >= 0) return `Line ${bad + 1}: ${problems[bad]!}`;
  const incomplete = lines.findIndex((line) => lineInput(line) === null);
  if (incomplete >= 0) return `Line ${incomplete + 1} needs ${lines[incomplete]!.description.trim() ? 'a unit price' : 'a description'}.`;
  if (ruleFields === null) return 'Checking the e-invoice rules...';
  if (ruleFields.length > 0) return `Its e-invoice would fail the rules: fix ${ruleFields.join(', ')} first.`;
  return null;
}

export function NewInvoiceDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (invoiceId: number) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [client, setClient] = useState('');
  const [lines, setLines] = useState<LineForm[]>([emptyLine]);
  const clients = useClientChoices(search.trim().toLowerCase());
  const inputs = lines.map(lineInput);
  const valid = inputs.every((input) => input !== null);
  const problems = lines.map((line) => unitPriceProblem(line.unit) ?? quantityProblem(line.quantity));
  // The VAT as the invoice will have it: on the total, shared out over the lines (common/invoices.ts).
  const worked = invoiceAmounts(inputs.filter((input) => input !== null));
  let counted = 0;
  const lineTotals = inputs.map((input) => (input ? worked.lines[counted++]!.total_fils : null));
  const { net_fils: net, vat_fils: vat } = worked.totals;
  const body: NewInvoiceBody | null =
    client && valid ? { client_id: Number(client), lines: lines.map((line, index) => ({ description: line.description.trim(), quantity: inputs[index]!.quantity, unit_fils: inputs[index]!.unit_fils })) } : null;
  const check = useInvoiceCheck(body);
  const failures = body && check.data ? check.data.failures : [];
  const ruleFields = body === null ? [] : check.data ? [...new Set(check.data.failures.map((failure) => failure.field))] : check.error ? [] : null;
  const why = whyNotYet(client, lines, problems, ruleFields);
  const create = useAction<void, InvoiceDetail>({
    run: (_input, { headers }) => createInvoice(body!, headers),
    success: (invoice) => `Invoice ${invoice.number} issued for ${formatFils(invoice.total_fils)}`,
    endpoint: invoices.create,
    onSuccess: (invoice) => {
      onClose();
      onCreated(invoice.id);
    },
  });
  const setLine = (index: number, patch: Partial<LineForm>) => setLines((current) => current.map((line, position) => (position === index ? { ...line, ...patch } : line)));
  const options = clients.data?.results ?? [];
  return (
    <FormDialog title="New invoice" submitLabel="Issue invoice" busy={create.busy} error={create.formError} submitDisabled={why !== null} disabledReason={why ?? undefined} onSubmit={() => void create.run()} onClose={onClose}>
      <div className="new-invoice">
        <TextField id={`${id}-search`} label="Find a client" value={search} onValueChange={setSearch} placeholder="Name, licence no. or TRN" />
        <Select id={`${id}-client`} field={invoiceFields.client} value={client} onChange={setClient} error={create.fieldErrors.client_id}>
          <option value="">Choose a client</option>
          {options.map((entry) => (
            <option key={entry.id} value={String(entry.id)}>
              {entry.legal_name}
            </option>
          ))}
        </Select>
        {failures.length > 0 && (
          <div className="unsynced-drawer__error" role="alert" aria-label="E-invoice rules">
            <strong>Its e-invoice would fail the PINT AE rules, so it cannot be issued yet</strong>
            <ul className="unsynced-drawer__rules">
              {failures.map((failure, index) => (
                <li key={`${failure.rule}-${index}`}>
                  <code>{failure.rule}</code> {failure.text}
                  <span className="unsynced-drawer__sub">
                    Fix: {failure.field.startsWith("Client's") ? <AppLink href={clientPath(Number(client))}>{failure.field}</AppLink> : failure.field}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <fieldset className="new-invoice__lines">
          <legend>Lines (AED, before 5 % VAT)</legend>
          {lines.map((line, index) => {
            const unitError = unitPriceProblem(line.unit) ?? create.fieldErrors[`lines.${index}.unit_fils`];
            const quantityError = quantityProblem(line.quantity) ?? create.fieldErrors[`lines.${index}.quantity`];
            const descriptionError = create.fieldErrors[`lines.${index}.description`];
            const errorId = `${id}-line-${index}-error`;
            return (
              <div key={index} className="new-invoice__line">
                <input
                  className="field__input"
                  aria-label={`Line ${index + 1} description`}
                  placeholder="Description"
                  maxLength={MAX_LINE_DESCRIPTION}
                  value={line.description}
                  aria-invalid={descriptionError ? true : undefined}
                  aria-describedby={descriptionError ? errorId : undefined}
                  onChange={(event) => setLine(index, { description: event.target.value })}
                />
                <input
                  className="field__input new-invoice__qty"
                  aria-label={`Line ${index + 1} quantity`}
                  inputMode="numeric"
                  value={line.quantity}
                  aria-invalid={quantityError ? true : undefined}
                  aria-describedby={quantityError ? errorId : undefined}
                  onChange={(event) => setLine(index, { quantity: event.target.value })}
                />
                <input
                  className="field__input new-invoice__unit"
                  aria-label={`Line ${index + 1} unit price (AED)`}
                  inputMode="decimal"
                  placeholder="0.00"
                  value={line.unit}
                  aria-invalid={unitError ? true : undefined}
                  aria-describedby={unitError ? errorId : undefined}
                  onChange={(event) => setLine(index, { unit: event.target.value })}
                />
                <span className="new-invoice__amount">{lineTotals[index] === null || lineTotals[index] === undefined ? '-' : formatFils(lineTotals[index])}</span>
                <button type="button" className="link-button" aria-label={`Remove line ${index + 1}`} disabled={lines.length === 1} onClick={() => setLines((current) => current.filter((_line, position) => position !== index))}>
                  Remove
                </button>
                {(unitError || quantityError || descriptionError) && (
                  <p id={errorId} className="field__error new-invoice__error">
                    {[descriptionError, quantityError, unitError].filter(Boolean).join(' ')}
                  </p>
                )}
              </div>
            );
          })}
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
