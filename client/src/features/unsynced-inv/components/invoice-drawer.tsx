import { useEffect, useId, useRef, useState } from 'react';
import type { CreditNoteBody, InvoiceDetail, MarkSyncedBody } from '../../../../../common/contract/invoices.ts';
import { formatIsoDate } from '../../../../../common/calendar.ts';
import { MAX_EXTERNAL_ID, MAX_INVOICE_REASON } from '../../../../../common/invoices.ts';
import { clientPath } from '../../../../../common/links.ts';
import { formatFils, parseAedToFils } from '../../../../../common/money.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useAction } from '../../../lib/use-action.ts';
import { fetchInvoicePdf, invoiceKeys, issueCreditNote, markSynced, retryInvoice, useInvoice } from '../api.ts';
import { OUTCOME_LABELS, STATE_VARIANTS, stateText } from '../model.ts';

/**
 * One invoice beside the list (a modal drawer on the native <dialog>: focus trap, Escape, inert page): its
 * lines and totals, the error in the service's words with a link to what must be fixed, every attempt, and
 * 'Retry now', 'Open PDF', for an administrator 'Mark as synced', and where the page allows it (the 'All
 * invoices' tab, ADMIN and bookkeepers) 'Issue credit note', which then opens the note (`onOpen`).
 */
export function InvoiceDrawer({
  invoiceId,
  canMarkSynced,
  canCredit = false,
  onOpen,
  onClose,
}: {
  invoiceId: number;
  canMarkSynced: boolean;
  canCredit?: boolean;
  onOpen?: (invoiceId: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const invoice = useInvoice(invoiceId);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  const detail = invoice.data;
  return (
    <dialog
      ref={ref}
      className="unsynced-drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="unsynced-drawer__panel">
        <header className="unsynced-drawer__header">
          <h2 id={titleId} className="unsynced-drawer__title">
            {detail ? `${detail.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${detail.number}` : 'Invoice'}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => onCloseRef.current()}>
            <Icon name="close" size={18} />
          </button>
        </header>
        {!detail ? <div className="unsynced-drawer__loading">{invoice.error ? 'The invoice could not be loaded.' : <Spinner />}</div> : <DrawerBody detail={detail} canMarkSynced={canMarkSynced} canCredit={canCredit} onOpen={onOpen} />}
      </div>
    </dialog>
  );
}

function DrawerBody({ detail, canMarkSynced, canCredit, onOpen }: { detail: InvoiceDetail; canMarkSynced: boolean; canCredit: boolean; onOpen: ((invoiceId: number) => void) | undefined }) {
  const [opening, setOpening] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const retry = useAction<void, InvoiceDetail>({
    run: (_input, { headers }) => retryInvoice(detail.id, detail.version, headers),
    success: `${detail.number} will be tried again now`,
    invalidates: [invoiceKeys.all],
  });
  const openPdf = async () => {
    setOpening(true);
    try {
      const blob = await fetchInvoicePdf(detail.id);
      const url = URL.createObjectURL(new File([blob], `${detail.number}.pdf`, { type: 'application/pdf' }));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notifyError(error);
    } finally {
      setOpening(false);
    }
  };
  const needsFix = detail.last_error_kind === 'customer_trn' || detail.last_error_kind === 'validation';

  return (
    <div className="unsynced-drawer__body">
      <dl className="unsynced-drawer__facts">
        <dt>Client</dt>
        <dd>
          <AppLink href={clientPath(detail.client.id)}>{detail.client.legal_name}</AppLink>
          {detail.client.vat_registered && <span className="unsynced-drawer__sub">TRN {detail.client.trn ?? '-'}</span>}
        </dd>
        <dt>Issued</dt>
        <dd>
          {formatIsoDate(detail.issued_on)}, due {formatIsoDate(detail.due_on)}
        </dd>
        {detail.period_start && detail.period_end && (
          <>
            <dt>Period</dt>
            <dd>
              {formatIsoDate(detail.period_start)} to {formatIsoDate(detail.period_end)}
            </dd>
          </>
        )}
        {detail.credited_invoice && (
          <>
            <dt>Credits</dt>
            <dd>{detail.credited_invoice.number}</dd>
          </>
        )}
        <dt>State</dt>
        <dd>
          <StatusChip variant={STATE_VARIANTS[detail.sync_state]}>{stateText(detail.sync_state, detail.next_try_at)}</StatusChip>
          {detail.external_id && <span className="unsynced-drawer__sub">External id {detail.external_id}</span>}
        </dd>
      </dl>

      {detail.last_error && detail.sync_state !== 'synced' && (
        <div className="unsynced-drawer__error" role="note">
          <strong>What the accounting system said</strong>
          <p>{detail.last_error}</p>
          {needsFix && (
            <p>
              {detail.last_error_kind === 'customer_trn' ? 'Fix the TRN on ' : 'Check the details on '}
              <AppLink href={clientPath(detail.client.id)}>{detail.client.legal_name}&apos;s Clients page</AppLink>, then retry.
            </p>
          )}
        </div>
      )}

      <div className="unsynced-drawer__actions">
        {detail.can_retry && (
          <Button loading={retry.busy} onClick={() => void retry.run()}>
            Retry now
          </Button>
        )}
        <Button variant="outlined" loading={opening} onClick={() => void openPdf()}>
          Open PDF
        </Button>
        {canCredit && detail.kind === 'invoice' && !crediting && (
          <Button variant="outlined" onClick={() => setCrediting(true)}>
            Issue credit note
          </Button>
        )}
      </div>
      {crediting && <CreditNoteForm detail={detail} onDone={(note) => (note && onOpen ? onOpen(note.id) : setCrediting(false))} />}

      <h3 className="unsynced-drawer__heading">Lines</h3>
      <table className="unsynced-drawer__lines">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Qty</th>
            <th scope="col">Net</th>
            <th scope="col">VAT 5 %</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => (
            <tr key={line.position}>
              <td>{line.description}</td>
              <td>{line.quantity}</td>
              <td>{formatFils(line.net_fils)}</td>
              <td>{formatFils(line.vat_fils)}</td>
              <td>{formatFils(line.total_fils)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{formatFils(detail.net_fils)}</td>
            <td>{formatFils(detail.vat_fils)}</td>
            <td>{formatFils(detail.total_fils)}</td>
          </tr>
        </tfoot>
      </table>

      <h3 className="unsynced-drawer__heading">Attempts ({detail.attempts.length})</h3>
      {detail.attempts.length === 0 ? (
        <p className="unsynced-drawer__sub">Not tried yet.</p>
      ) : (
        <ol className="unsynced-drawer__attempts" aria-label="Attempts">
          {detail.attempts.map((attempt) => (
            <li key={attempt.id} className="unsynced-drawer__attempt">
              <span className="unsynced-drawer__attempt-head">
                <strong>{OUTCOME_LABELS[attempt.outcome] ?? attempt.outcome}</strong>
                <span className="unsynced-drawer__sub">
                  {formatDubaiDateTime(attempt.started_at)}, {attempt.duration_ms} ms, {attempt.by}
                </span>
              </span>
              {attempt.error && <span className="unsynced-drawer__attempt-error">{attempt.error}</span>}
            </li>
          ))}
        </ol>
      )}

      {canMarkSynced && detail.can_mark_synced && <MarkSyncedForm detail={detail} />}
    </div>
  );
}

/** A credit note against this invoice: the reason, and the net amount (the whole invoice's net when left empty). */
function CreditNoteForm({ detail, onDone }: { detail: InvoiceDetail; onDone: (note: InvoiceDetail | null) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const credit = useAction<CreditNoteBody, InvoiceDetail>({
    run: (body, { headers }) => issueCreditNote(detail.id, body, headers),
    success: (note) => `Credit note ${note.number} issued for ${formatFils(note.total_fils)}`,
    invalidates: [invoiceKeys.all, ['work']],
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
        if (net === null || net === 0) return setMissing('Enter the amount to credit before VAT in AED (e.g. 250.00), or leave it empty to credit the whole invoice.');
        setMissing(null);
        void credit.run({ version: detail.version, reason: reason.trim(), ...(net !== undefined ? { net_fils: net } : {}) });
      }}
    >
      <h3 className="unsynced-drawer__heading">Issue credit note</h3>
      <p className="unsynced-drawer__sub">An issued invoice never changes: a credit note takes the amount off it, with 5 % VAT, and is synced like an invoice.</p>
      <FormError message={missing ?? credit.formError} />
      <label htmlFor={`${id}-reason`}>Reason</label>
      <textarea id={`${id}-reason`} className="field__input unsynced-drawer__reason" value={reason} maxLength={MAX_INVOICE_REASON} onChange={(event) => setReason(event.target.value)} />
      <label htmlFor={`${id}-amount`}>Amount before VAT (AED, empty for the whole invoice: {formatFils(detail.net_fils)})</label>
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

function MarkSyncedForm({ detail }: { detail: InvoiceDetail }) {
  const id = useId();
  const [externalId, setExternalId] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const mark = useAction<MarkSyncedBody, InvoiceDetail>({
    run: (body, { headers }) => markSynced(detail.id, body, headers),
    success: `${detail.number} marked as synced`,
    invalidates: [invoiceKeys.all],
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
      <input id={`${id}-external`} className="field__input" value={externalId} maxLength={MAX_EXTERNAL_ID} onChange={(event) => setExternalId(event.target.value)} />
      <label htmlFor={`${id}-reason`}>Reason</label>
      <textarea id={`${id}-reason`} className="field__input unsynced-drawer__reason" value={reason} maxLength={MAX_INVOICE_REASON} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="outlined" loading={mark.busy}>
        Mark as synced
      </Button>
    </form>
  );
}
