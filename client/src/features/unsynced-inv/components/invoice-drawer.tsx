import { useEffect, useId, useRef, useState } from 'react';
import type { InvoiceDetail } from '../../../../../common/contract/invoices.ts';
import { clientPath } from '../../../../../common/links.ts';
import { formatFils } from '../../../../../common/money.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useAction } from '../../../lib/use-action.ts';
import { fetchInvoicePdf, invoices, retryInvoice, useInvoice } from '../api.ts';
import { OUTCOME_LABELS, STATE_VARIANTS, stateText } from '../model.ts';
import { EinvoiceSection } from './einvoice-section.tsx';
import { CreditNoteForm, MarkSyncedForm, ReissueForm } from './invoice-forms.tsx';
import { Table } from '../../../components/table.tsx';

/**
 * One invoice beside the list (a modal drawer on the native <dialog>: focus trap, Escape, inert page): its
 * lines and totals, the error in the service's words with a link to what must be fixed, every attempt, and
 * 'Retry now', 'Open PDF', for an administrator 'Mark as synced', and where the page allows it (the 'All
 * invoices' tab, ADMIN and bookkeepers) 'Issue credit note', which then opens the note (`onOpen`). A retry
 * sends the invoice as it was issued: a wrong TRN on an issued invoice is corrected by 'Issue credit note and
 * new invoice'.
 */
export function InvoiceDrawer({
  invoiceId: firstId,
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
  // A reissue answers the new invoice and the drawer moves on to it: through the page (its URL names the open
  // invoice) when it follows one, else here. A new invoice from the page wins over a reissue shown before.
  const [reissued, setReissued] = useState<{ from: number; to: number } | null>(null);
  const invoiceId = reissued?.from === firstId ? reissued.to : firstId;
  const showReissued = (to: number) => (onOpen ? onOpen(to) : setReissued({ from: firstId, to }));
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
        {!detail ? <div className="unsynced-drawer__loading">{invoice.error ? 'The invoice could not be loaded.' : <Spinner />}</div> : <DrawerBody key={detail.id} detail={detail} canMarkSynced={canMarkSynced} canCredit={canCredit} onOpen={onOpen} onReissued={showReissued} />}
      </div>
    </dialog>
  );
}

function DrawerBody({
  detail,
  canMarkSynced,
  canCredit,
  onOpen,
  onReissued,
}: {
  detail: InvoiceDetail;
  canMarkSynced: boolean;
  canCredit: boolean;
  onOpen: ((invoiceId: number) => void) | undefined;
  onReissued: (invoiceId: number) => void;
}) {
  const [opening, setOpening] = useState(false);
  const [reissuing, setReissuing] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const retry = useAction<void, InvoiceDetail>({
    run: (_input, { headers }) => retryInvoice(detail.id, detail.version, headers),
    success: `${detail.number} will be tried again now`,
    endpoint: invoices.retry,
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
  // A refused TRN on an issued invoice: a retry sends it as issued, so only a credit note and a new invoice correct it.
  const wrongTrn = detail.last_error_kind === 'customer_trn' && detail.kind === 'invoice';

  return (
    <div className="unsynced-drawer__body">
      <dl className="unsynced-drawer__facts">
        <dt>Client</dt>
        <dd>
          <AppLink href={clientPath(detail.client.id)}>{detail.client.legal_name}</AppLink>
          {detail.client.vat_registered && <span className="unsynced-drawer__sub">TRN now {detail.client.trn ?? '-'}</span>}
        </dd>
        <dt>TRN on the invoice</dt>
        <dd>{detail.issued_trn ?? 'None (not VAT-registered when issued)'}</dd>
        <dt>Issued</dt>
        <dd>
          {formatDubaiDate(detail.issued_on)}
          {detail.due_on && `, due ${formatDubaiDate(detail.due_on)}`}
        </dd>
        {detail.period_start && detail.period_end && (
          <>
            <dt>Period</dt>
            <dd>
              {formatDubaiDate(detail.period_start)} to {formatDubaiDate(detail.period_end)}
            </dd>
          </>
        )}
        {detail.credited_invoice && (
          <>
            <dt>Credits</dt>
            <dd>
              {onOpen ? (
                <button type="button" className="link-button" onClick={() => onOpen(detail.credited_invoice!.id)}>
                  {detail.credited_invoice.number}
                </button>
              ) : (
                detail.credited_invoice.number
              )}
            </dd>
          </>
        )}
        {detail.credit_notes.length > 0 && (
          <>
            <dt>Credit notes</dt>
            <dd>
              <ul className="unsynced-drawer__credit-notes" aria-label="Credit notes against this invoice">
                {detail.credit_notes.map((note) => (
                  <li key={note.id}>
                    {onOpen ? (
                      <button type="button" className="link-button" onClick={() => onOpen(note.id)}>
                        {note.number}
                      </button>
                    ) : (
                      note.number
                    )}{' '}
                    of {formatDubaiDate(note.issued_on)}: -{formatFils(note.total_fils)} ({formatFils(note.net_fils)} before VAT){note.reason ? `, ${note.reason}` : ''}
                  </li>
                ))}
              </ul>
              <span className="unsynced-drawer__sub">{detail.left_to_credit_fils > 0 ? `${formatFils(detail.left_to_credit_fils)} before VAT left to credit` : 'Credited in full'}</span>
            </dd>
          </>
        )}
        {detail.reason && (
          <>
            <dt>Reason</dt>
            <dd>{detail.reason}</dd>
          </>
        )}
        <dt>State</dt>
        <dd>
          <StatusChip variant={STATE_VARIANTS[detail.sync_state]}>{stateText(detail.sync_state, detail.next_try_at, detail.client_frozen)}</StatusChip>
          {detail.external_id && <span className="unsynced-drawer__sub">External id {detail.external_id}</span>}
        </dd>
      </dl>

      {detail.last_error && detail.sync_state !== 'synced' && (
        <div className="unsynced-drawer__error" role="note">
          <strong>What the accounting system said</strong>
          <p>{detail.last_error}</p>
          {wrongTrn ? (
            <>
              <p>
                An issued tax invoice is never changed, and a retry sends it as issued, with TRN {detail.issued_trn ?? '(none)'}. Correct the TRN on{' '}
                <AppLink href={clientPath(detail.client.id)}>{detail.client.legal_name}&apos;s Clients page</AppLink>, then issue a credit note for this invoice and a new invoice in its place.
              </p>
              {detail.can_credit
                ? detail.client.trn !== detail.issued_trn && detail.client.trn && <p>The new invoice will carry the client&apos;s TRN as it is now: {detail.client.trn}.</p>
                : <p>This invoice is credited in full. Once its replacement has synced, retry it so the books hold it beside its credit note.</p>}
            </>
          ) : (
            needsFix && (
              <p>
                {detail.last_error_kind === 'customer_trn' ? 'Fix the TRN on ' : 'Check the details on '}
                <AppLink href={clientPath(detail.client.id)}>{detail.client.legal_name}&apos;s Clients page</AppLink>, then retry.
              </p>
            )
          )}
        </div>
      )}

      {detail.client_frozen && detail.sync_state !== 'synced' && (
        <p className="unsynced-drawer__error" role="note">
          {detail.client.legal_name} is frozen by a confirmed sanctions match: the accounting sync holds this invoice and &apos;Retry now&apos; is not offered. It is tried again as soon as the freeze is lifted.
        </p>
      )}

      <div className="unsynced-drawer__actions">
        {wrongTrn && detail.can_credit && (
          <Button onClick={() => setReissuing(true)} disabled={reissuing}>
            Issue credit note and new invoice
          </Button>
        )}
        {detail.can_retry && (
          <Button variant={wrongTrn && detail.can_credit ? 'outlined' : 'primary'} loading={retry.busy} onClick={() => void retry.run()}>
            Retry now
          </Button>
        )}
        <Button variant="outlined" loading={opening} onClick={() => void openPdf()}>
          Open PDF
        </Button>
        {canCredit && detail.kind === 'invoice' && detail.can_credit && !crediting && (
          <Button variant="outlined" onClick={() => setCrediting(true)}>
            Issue credit note
          </Button>
        )}
      </div>

      <EinvoiceSection invoiceId={detail.id} clientId={detail.client.id} canCorrect={detail.kind === 'invoice' && detail.can_credit && !reissuing && !wrongTrn} onCorrect={() => setReissuing(true)} />

      {crediting && <CreditNoteForm detail={detail} onDone={(note) => (note && onOpen ? onOpen(note.id) : setCrediting(false))} />}
      {reissuing && <ReissueForm detail={detail} onDone={onReissued} onCancel={() => setReissuing(false)} />}

      <h3 className="unsynced-drawer__heading">Lines</h3>
      <Table
        className="unsynced-drawer__lines"
        columns={[
          { id: 'description', header: 'Description', cell: (line) => line.description },
          { id: 'qty', header: 'Qty', cell: (line) => line.quantity },
          { id: 'net', header: 'Net', cell: (line) => formatFils(line.net_fils) },
          { id: 'vat', header: 'VAT 5 %', cell: (line) => formatFils(line.vat_fils) },
          { id: 'total', header: 'Total', cell: (line) => formatFils(line.total_fils) },
        ]}
        rows={detail.lines}
        rowKey={(line) => line.position}
        footer={[
          { id: 'label', content: 'Total', rowHeader: true, colSpan: 2 },
          { id: 'net', content: formatFils(detail.net_fils) },
          { id: 'vat', content: formatFils(detail.vat_fils) },
          { id: 'total', content: formatFils(detail.total_fils) },
        ]}
      />

      <h3 className="unsynced-drawer__heading">Attempts ({detail.attempt_count})</h3>
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
