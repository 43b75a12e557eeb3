/**
 * The invoice's e-invoice in its drawer: its state with the ASP (not sent, sent, accepted,
 * delivered, reported, rejected), the overdue flag, the rules it fails with the field to fix (a client's TIN
 * is fixed right here), its history, the XML as issued, 'Send now', and the way to correct it: a credit note
 * and a new invoice (the drawer's form, `onCorrect`), never an edit.
 */
import { useId, useState } from 'react';
import type { ClientReadiness, EinvoiceStatus } from '../../../../../common/contract/einvoicing.ts';
import { CLIENT_TIN_FIELD, EINVOICE_STATE_LABELS, failsAgainAsIssued, type EinvoiceState } from '../../../../../common/einvoicing.ts';
import { clientPath } from '../../../../../common/links.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { StatusChip, type ChipVariant } from '../../../components/status-chip.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useAction } from '../../../lib/use-action.ts';
import { einvoicing, fetchClientReadiness, fetchEinvoiceXml, sendEinvoice, updateClientReadiness, useEinvoice } from '../api.ts';

export const EINVOICE_VARIANTS: Record<EinvoiceState, ChipVariant> = { invalid: 'red', queued: 'neutral', sent: 'blue', accepted: 'blue', delivered: 'blue', reported: 'green', rejected: 'red' };

export function EinvoiceSection({ invoiceId, clientId, canCorrect, onCorrect }: { invoiceId: number; clientId: number; canCorrect: boolean; onCorrect: () => void }) {
  const einvoice = useEinvoice(invoiceId);
  const status = einvoice.data;
  if (!status) return <section className="unsynced-drawer__einvoice" aria-label="E-invoice">{einvoice.error ? <p>The e-invoice could not be loaded.</p> : <Spinner />}</section>;
  return <EinvoiceBody status={status} clientId={clientId} canCorrect={canCorrect} onCorrect={onCorrect} />;
}

function EinvoiceBody({ status, clientId, canCorrect, onCorrect }: { status: EinvoiceStatus; clientId: number; canCorrect: boolean; onCorrect: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const send = useAction<void, EinvoiceStatus>({
    run: (_input, { headers }) => sendEinvoice(status.invoice_id, status.version, headers),
    success: `${status.number} will be sent to the ASP now`,
    endpoint: einvoicing.send,
  });
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchEinvoiceXml(status.invoice_id), `${status.number}.xml`);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };
  const failed = status.state === 'rejected' || status.state === 'invalid';
  const tinToFix = status.failures.some((failure) => failure.field === CLIENT_TIN_FIELD);
  // A rejection for what the document carries comes back the same if sent again: say what to fix instead.
  const sameAgain = status.state === 'rejected' && failsAgainAsIssued(status.failures);
  const tinFixed = tinToFix && status.client_tin !== null && status.client_tin !== status.document_tin;
  return (
    <section className="unsynced-drawer__einvoice" aria-label="E-invoice">
      <h3 className="unsynced-drawer__heading">E-invoice (PINT AE)</h3>
      {!status.enabled && (
        <p className="unsynced__notice" role="status">
          E-invoicing is off: no Accredited Service Provider is configured (EINVOICING_ASP_URL and the rest), so documents wait here, not sent.
        </p>
      )}
      <p className="unsynced-drawer__einvoice-state">
        <StatusChip variant={EINVOICE_VARIANTS[status.state]}>{EINVOICE_STATE_LABELS[status.state]}</StatusChip>
        {status.overdue ? <StatusChip variant="amber">Overdue: due to be reported by {formatDubaiDate(status.report_by)}</StatusChip> : status.state !== 'reported' && <span className="unsynced-drawer__sub">Report by {formatDubaiDate(status.report_by)}</span>}
        {status.reported_at && <span className="unsynced-drawer__sub">Reported {formatDubaiDateTime(status.reported_at)}</span>}
      </p>
      <p className="unsynced-drawer__sub">UUID {status.uuid}</p>
      {failed && status.failures.length > 0 && (
        <div className="unsynced-drawer__error" role="note">
          <strong>{status.state === 'invalid' ? 'Fails the PINT AE rules: never sent' : 'Rejected by the ASP'}</strong>
          <ul className="unsynced-drawer__rules" aria-label="Failed rules">
            {status.failures.map((failure, index) => (
              <li key={`${failure.rule}-${index}`}>
                <code>{failure.rule}</code> {failure.text.replace(/^\[[^\]]+\]-\s*/, '')}
                <span className="unsynced-drawer__sub">
                  Fix: {failure.field.startsWith("Client's") ? <AppLink href={clientPath(clientId)}>{failure.field}</AppLink> : failure.field}
                </span>
              </li>
            ))}
          </ul>
          {sameAgain && <p>Sending it again would be rejected the same way: it carries what the ASP refused.</p>}
          {tinFixed ? (
            <p>
              The client&apos;s TIN is now {status.client_tin} (this document carries {status.document_tin ?? 'none'}): issue a credit note and a new invoice, which will carry {status.client_tin}.
            </p>
          ) : (
            <p>An issued invoice is never changed: once the cause is fixed, issue a credit note and a new invoice in its place.</p>
          )}
        </div>
      )}
      {failed && tinToFix && <TinForm clientId={clientId} current={status.client_tin} />}
      <div className="unsynced-drawer__actions">
        {failed && canCorrect && <Button onClick={onCorrect}>Issue credit note and new invoice</Button>}
        {status.can_send && (
          <Button variant={failed ? 'outlined' : 'primary'} loading={send.busy} onClick={() => void send.run()}>
            {status.state === 'rejected' ? 'Send again' : 'Send now'}
          </Button>
        )}
        <Button variant="outlined" loading={downloading} onClick={() => void download()}>
          Download XML
        </Button>
      </div>
      <h4 className="unsynced-drawer__heading">E-invoice history</h4>
      {status.attempts.length === 0 ? (
        <p className="unsynced-drawer__sub">Not sent yet.</p>
      ) : (
        <ol className="unsynced-drawer__attempts" aria-label="E-invoice history">
          {status.attempts.map((attempt) => (
            <li key={attempt.id} className="unsynced-drawer__einvoice-event">
              <span className="unsynced-drawer__attempt-head">
                <strong>{historyLabel(attempt.action, attempt.outcome)}</strong>
                <span className="unsynced-drawer__sub">
                  {formatDubaiDateTime(attempt.started_at)}, {attempt.duration_ms} ms, {attempt.by}
                </span>
              </span>
              {attempt.error && <span className="unsynced-drawer__attempt-error">{attempt.error}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const OUTCOMES: Record<string, string> = {
  received: 'Sent: the ASP has it',
  accepted: "Accepted: the ASP's checks passed",
  delivered: "Delivered to the buyer's ASP",
  reported: 'Reported to the FTA',
  rejected: 'Rejected by the ASP',
  failed: 'Failed, will retry',
  unreachable: 'ASP unreachable (not counted)',
  queued: 'Send asked for',
  'unknown to the ASP': 'Not at the ASP: sent again',
};
const historyLabel = (action: string, outcome: string) => (action === 'send' ? 'Send asked for' : (OUTCOMES[outcome] ?? outcome));

/** The client's TIN (its Peppol endpoint), fixed where the rejection shows; the rest of its e-invoicing record is kept. */
function TinForm({ clientId, current }: { clientId: number; current: string | null }) {
  const id = useId();
  const [tin, setTin] = useState(current ?? '');
  const [missing, setMissing] = useState<string | null>(null);
  const save = useAction<string, ClientReadiness>({
    run: async (value, { headers }) => {
      const current = await fetchClientReadiness(clientId, new AbortController().signal);
      return updateClientReadiness(
        clientId,
        { version: current.version, tin: value, revenue_band: current.revenue_band, asp_name: current.asp_name, asp_appointed_on: current.asp_appointed_on },
        headers,
      );
    },
    success: "Client's TIN saved: the new invoice will carry it",
    endpoint: einvoicing.updateClientReadiness,
  });
  return (
    <form
      className="unsynced-drawer__mark"
      aria-label="Fix the client's TIN"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!/^\d{10}$/.test(tin.trim())) return setMissing("Enter the client's 10-digit TIN (the first 10 digits of its TRN).");
        setMissing(null);
        void save.run(tin.trim());
      }}
    >
      <FormError message={missing ?? save.formError} />
      <label htmlFor={`${id}-tin`}>Client&apos;s TIN</label>
      <input id={`${id}-tin`} className="field__input" inputMode="numeric" autoComplete="off" value={tin} onChange={(event) => setTin(event.target.value)} />
      {save.fieldErrors.tin && <p className="field__error">{save.fieldErrors.tin}</p>}
      <Button type="submit" variant="outlined" loading={save.busy}>
        Save TIN
      </Button>
    </form>
  );
}
