/** The drawer's forms: a credit note, a credit note with a new invoice, and marking an invoice as synced by hand. */
import { invoiceFields } from '../../../../../common/contract/invoices-fields.ts';
import { useId, useState } from 'react';
import type { CreditNoteBody, InvoiceDetail, MarkSyncedBody } from '../../../../../common/contract/invoices.ts';
import { MAX_EXTERNAL_ID, MAX_INVOICE_REASON } from '../../../../../common/invoices.ts';
import { formatFils, parseAedToFils } from '../../../../../common/money.ts';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { LengthCounter } from '../../../components/length-counter.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { invoices, issueCreditNote, markSynced } from '../api.ts';

/** A credit note against this invoice: the reason, and the net amount (what is left to credit when left empty). */
export function CreditNoteForm({ detail, onDone }: { detail: InvoiceDetail; onDone: (note: InvoiceDetail | null) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const credit = useAction<CreditNoteBody, InvoiceDetail>({
    run: (body, { headers }) => issueCreditNote(detail.id, body, headers),
    success: (note) => `Credit note ${note.number} issued for ${formatFils(note.total_fils)}`,
    endpoint: invoices.creditNote,
    onSuccess: (note) => onDone(note),
  });
  return (
    <form
      className="unsynced-drawer__mark"
      aria-label="Issue credit note"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const net = amount.trim() ? parseAedToFils(amount) : undefined;
        if (!reason.trim()) return setMissing('Enter why the invoice is credited.');
        if (net === null || net === 0) return setMissing('Enter the amount to credit before VAT in AED (e.g. 250.00), or leave it empty to credit what is left.');
        if (net !== undefined && net > detail.left_to_credit_fils) return setMissing(`Amount must be at most what is left to credit: ${formatFils(detail.left_to_credit_fils)} before VAT.`);
        setMissing(null);
        void credit.run({ version: detail.version, reason: reason.trim(), ...(net !== undefined ? { net_fils: net } : {}) });
      }}
    >
      <h3 className="unsynced-drawer__heading">Issue credit note</h3>
      <p className="unsynced-drawer__sub">An issued invoice never changes: a credit note takes the amount off it, with 5 % VAT, and is synced like an invoice.</p>
      <FormError message={missing ?? credit.formError} />
      <TextArea id={`${id}-reason`} field={invoiceFields.reason} rows={2} value={reason} onValueChange={setReason} error={credit.fieldErrors.reason} />
      <label htmlFor={`${id}-amount`}>
        Amount before VAT (AED, empty for{' '}
        {detail.left_to_credit_fils === detail.net_fils ? `the whole invoice: ${formatFils(detail.net_fils)}` : `what is left to credit: ${formatFils(detail.left_to_credit_fils)} of ${formatFils(detail.net_fils)}`})
      </label>
      <input id={`${id}-amount`} className="field__input" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      {credit.fieldErrors.net_fils && <p className="field__error">{credit.fieldErrors.net_fils}</p>}
      <span className="unsynced-drawer__actions">
        <Button type="submit" loading={credit.busy}>
          Issue credit note
        </Button>
        <Button variant="outlined" disabled={credit.busy} onClick={() => onDone(null)}>
          Cancel
        </Button>
      </span>
    </form>
  );
}

/** Credits the whole invoice and issues a new one with the same lines and the client's details as they are now. */
export function ReissueForm({ detail, onDone, onCancel }: { detail: InvoiceDetail; onDone: (invoiceId: number) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState(detail.last_error_kind === 'customer_trn' ? 'Wrong customer TRN on the invoice' : '');
  const reissue = useAction<void, InvoiceDetail>({
    run: (_input, { headers }) => issueCreditNote(detail.id, { version: detail.version, reason: reason.trim(), reissue: true }, headers),
    success: (issued) => `${detail.number} credited in full; ${issued.number} issued in its place`,
    endpoint: invoices.creditNote,
    onSuccess: (issued) => onDone(issued.id),
  });
  return (
    <form
      className="unsynced-drawer__mark"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void reissue.run();
      }}
    >
      <h3 className="unsynced-drawer__heading">Issue credit note and new invoice</h3>
      <p className="unsynced-drawer__sub">
        A credit note for the whole of {detail.number} ({formatFils(detail.total_fils)}), and a new invoice with the same lines and the client&apos;s details as they are now. Both go to the
        accounting system.
      </p>
      <FormError message={reissue.formError} />
      <TextArea id={`${id}-reason`} field={invoiceFields.reason} rows={2} value={reason} onValueChange={setReason} error={reissue.fieldErrors.reason} />
      <div className="unsynced-drawer__actions">
        <Button type="submit" loading={reissue.busy} disabled={reason.trim() === ''}>
          Issue credit note and new invoice
        </Button>
        <Button variant="outlined" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function MarkSyncedForm({ detail }: { detail: InvoiceDetail }) {
  const id = useId();
  const [externalId, setExternalId] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const mark = useAction<MarkSyncedBody, InvoiceDetail>({
    run: (body, { headers }) => markSynced(detail.id, body, headers),
    success: `${detail.number} marked as synced`,
    endpoint: invoices.markSynced,
  });
  return (
    <form
      className="unsynced-drawer__mark"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!externalId.trim() || !reason.trim()) return setMissing('Enter the id the accounting system gave it and why it was entered by hand.');
        setMissing(null);
        void mark.run({ version: detail.version, external_id: externalId.trim(), reason: reason.trim() });
      }}
    >
      <h3 className="unsynced-drawer__heading">Mark as synced</h3>
      <p className="unsynced-drawer__sub">For an invoice entered in the accounting system by hand. Recorded with your name and the reason.</p>
      <FormError message={missing ?? mark.formError} />
      <label htmlFor={`${id}-external`}>External id</label>
      <input id={`${id}-external`} className="field__input" value={externalId} onChange={(event) => setExternalId(event.target.value)} />
      <LengthCounter value={externalId} limit={MAX_EXTERNAL_ID} />
      <label htmlFor={`${id}-reason`}>Reason</label>
      <textarea id={`${id}-reason`} className="field__input unsynced-drawer__reason" value={reason} onChange={(event) => setReason(event.target.value)} />
      <LengthCounter value={reason} limit={MAX_INVOICE_REASON} />
      <Button type="submit" variant="outlined" loading={mark.busy}>
        Mark as synced
      </Button>
    </form>
  );
}
