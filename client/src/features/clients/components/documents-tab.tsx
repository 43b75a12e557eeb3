import { useId, useState } from 'react';
import { dubaiDate } from '../../../../../common/calendar.ts';
import { CLIENT_DOCUMENT_KINDS, CLIENT_DOCUMENT_KIND_LABELS, MAX_NOTE_LENGTH, expires, type ClientDocumentKind } from '../../../../../common/clients.ts';
import type { ClientDetail, ClientDocument, ClientDocuments } from '../../../../../common/contract/clients.ts';
import { DOCUMENT_CONTENT_TYPES, type DocumentContentType } from '../../../../../common/review.ts';
import { clientFields } from '../../../../../common/contract/clients-fields.ts';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FilePreview } from '../../../components/file-preview.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDubaiDate, formatFull } from '../../../lib/dates.ts';
import { documentFileProblem } from '../../../lib/document-file.ts';
import { queryCache } from '../../../lib/query-cache.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { notifyError } from '../../../lib/toast.ts';
import { readBase64 } from '../../../lib/read-base64.ts';
import { useAction } from '../../../lib/use-action.ts';
import { cancelDocumentRequest, clientKeys, clients, fetchDocumentFile, requestDocument, uploadDocument, useDocuments } from '../api.ts';
import { expiryText, expiryVariant, formatBytes } from '../model.ts';
import { Select } from '../../../components/select.tsx';
import { Table } from '../../../components/table.tsx';
import { personName } from '../../../lib/user-name.ts';

type Dialog = { kind: 'upload' } | { kind: 'request' } | { kind: 'cancel'; requestId: number } | null;

/** The file as the browser names it: the document's own name and type rather than the blob URL's id. */
const asFile = (blob: Blob, document: Pick<ClientDocument, 'file_name' | 'content_type'>) => new File([blob], document.file_name, { type: document.content_type });

/** Every document of the client (onboarding's included) with expiry, preview and download; uploads and requests. */
export function DocumentsTab({ client }: { client: ClientDetail }) {
  const documents = useDocuments(client.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<ClientDocument | null>(null);
  const isOpen = (document: ClientDocument) => selected !== null && keyOf(selected) === keyOf(document);
  const [downloading, setDownloading] = useState<string | null>(null);
  const close = () => setDialog(null);
  const data = documents.data;
  const openRequests = data?.requests.filter((request) => request.status === 'open') ?? [];
  const keyOf = (document: ClientDocument) => `${document.source}-${document.id}`;

  const download = async (document: ClientDocument) => {
    setDownloading(keyOf(document));
    try {
      saveFile(asFile(await fetchDocumentFile(client.id, document.source, document.id), document), document.file_name);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="client-stack">
      <section className="panel client-section" aria-labelledby="client-documents">
        <div className="client-section__head">
          <h2 id="client-documents" className="client-section__title">
            Documents
          </h2>
          {client.can.edit && (
            <div className="client-actions">
              <Button variant="outlined" onClick={() => setDialog({ kind: 'request' })}>
                Request a document
              </Button>
              <Button onClick={() => setDialog({ kind: 'upload' })}>Upload</Button>
            </div>
          )}
        </div>
        {!data ? (
          <LoadingIndicator label="Loading the documents" />
        ) : data.documents.length === 0 ? (
          <EmptyState message="No documents yet." />
        ) : (
          <Table
            className="client-table"
            rows={data.documents}
            rowKey={(document) => keyOf(document)}
            rowClassName={(document) => isOpen(document) ? 'client-table__row--selected' : undefined}
            columns={[
              {
                id: 'kind',
                header: 'Kind',
                cell: (document) => (
                  <>
                    {CLIENT_DOCUMENT_KIND_LABELS[document.kind]}
                    {document.source === 'onboarding' && <span className="client-muted client-table__sub">From onboarding</span>}
                  </>
                ),
              },
              {
                id: 'file',
                header: 'File',
                className: 'client-table__file',
                cell: (document) => (
                  <>
                    {document.file_name}
                    <span className="client-muted client-table__sub">{formatBytes(document.size_bytes)}</span>
                  </>
                ),
              },
              {
                id: 'expiry',
                header: 'Expiry',
                cell: (document) => (
                  <>
                    {document.expires_on && document.expiry_days_left !== null ? (
                      <StatusChip variant={expiryVariant(document.expiry_days_left)}>{expiryText(document.expires_on, document.expiry_days_left)}</StatusChip>
                    ) : (
                      '-'
                    )}
                  </>
                ),
              },
              {
                id: 'uploaded',
                header: 'Uploaded',
                cell: (document) => (
                  <>
                    {formatFull(document.uploaded_at)}
                    <span className="client-muted client-table__sub">{personName(document.uploaded_by, 'The client')}</span>
                  </>
                ),
              },
              {
                id: 'actions',
                header: <span className="visually-hidden">Actions</span>,
                className: 'client-table__actions',
                cell: (document) => (
                  <>
                    <Button variant="ghost" aria-expanded={isOpen(document)} onClick={() => setSelected(isOpen(document) ? null : document)} aria-label={`${isOpen(document) ? 'Hide the preview of' : 'Preview'} ${document.file_name}`}>
                      {isOpen(document) ? 'Hide' : 'Preview'}
                    </Button>
                    <Button variant="ghost" loading={downloading === keyOf(document)} onClick={() => void download(document)} aria-label={`Download ${document.file_name}`}>
                      Download
                    </Button>
                  </>
                ),
              },
            ]}
          />
        )}
        {selected && (
          <FilePreview
            label={`${CLIENT_DOCUMENT_KIND_LABELS[selected.kind]}: ${selected.file_name}`}
            file={{ ...selected, key: keyOf(selected), load: (signal) => fetchDocumentFile(client.id, selected.source, selected.id, signal) }}
          />
        )}
      </section>

      <section className="panel client-section" aria-labelledby="client-requests">
        <h2 id="client-requests" className="client-section__title">
          Requests to the client
        </h2>
        {!data || data.requests.length === 0 ? (
          <p className="client-muted">Nothing has been asked of the client.</p>
        ) : (
          <ul className="client-requests">
            {data.requests.map((request) => (
              <li key={request.id} className="client-requests__item">
                <div>
                  <strong>{CLIENT_DOCUMENT_KIND_LABELS[request.kind]}</strong>
                  <StatusChip variant={request.status === 'open' ? 'amber' : request.status === 'fulfilled' ? 'green' : 'neutral'}>
                    {request.status === 'open' ? 'Open' : request.status === 'fulfilled' ? 'Uploaded' : 'Cancelled'}
                  </StatusChip>
                  <p className="client-requests__note">{request.note}</p>
                  <span className="client-muted">
                    Asked {formatFull(request.requested_at)} by {personName(request.requested_by, 'someone')}
                    {request.due_on ? `, due ${formatDubaiDate(request.due_on)}` : ''}
                  </span>
                </div>
                {request.status === 'open' && client.can.edit && (
                  <Button variant="ghost" onClick={() => setDialog({ kind: 'cancel', requestId: request.id })}>
                    Cancel request
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {dialog?.kind === 'upload' && <UploadDialog clientId={client.id} openRequests={openRequests} onClose={close} />}
      {dialog?.kind === 'request' && <RequestDialog clientId={client.id} onClose={close} />}
      {dialog?.kind === 'cancel' && <CancelRequestDialog clientId={client.id} requestId={dialog.requestId} onClose={close} />}
    </div>
  );
}

function UploadDialog({ clientId, openRequests, onClose }: { clientId: number; openRequests: ClientDocuments['requests']; onClose: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<ClientDocumentKind>(openRequests[0]?.kind ?? 'trade_licence');
  const [requestId, setRequestId] = useState(openRequests[0] ? String(openRequests[0].id) : '');
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const fileError = file ? documentFileProblem(file, 'Choose') : null;
  const needsExpiry = expires(kind);
  const upload = useAction<void, ClientDocuments>({
    run: async (_input, { headers }) =>
      uploadDocument(
        clientId,
        {
          kind,
          file_name: file!.name,
          content_type: file!.type as DocumentContentType,
          content_base64: await readBase64(file!),
          ...(needsExpiry && expiresOn ? { expires_on: expiresOn } : {}),
          ...(requestId ? { request_id: Number(requestId) } : {}),
        },
        headers,
      ),
    success: 'Document uploaded',
    endpoint: clients.uploadDocument,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.documents(clientId), answer);
      onClose();
    },
  });
  return (
    <FormDialog
      title="Upload a document"
      submitLabel="Upload"
      busy={upload.busy}
      error={upload.formError ?? upload.fieldErrors.content_base64 ?? upload.fieldErrors.file_name ?? null}
      submitDisabled={!file || fileError !== null || (needsExpiry && !expiresOn)}
      onSubmit={() => void upload.run()}
      onClose={onClose}
    >
      {openRequests.length > 0 && (
        <Select
          id={`${id}-request`}
          label="Answers the request"
          value={requestId}
          onChange={(value) => {
            setRequestId(value);
            const request = openRequests.find((candidate) => String(candidate.id) === value);
            if (request) setKind(request.kind);
          }}
        >
          <option value="">None</option>
          {openRequests.map((request) => (
            <option key={request.id} value={String(request.id)}>
              {CLIENT_DOCUMENT_KIND_LABELS[request.kind]}: {request.note.slice(0, 60)}
            </option>
          ))}
        </Select>
      )}
      <Select id={`${id}-kind`} label="Kind" value={kind} onChange={(value) => setKind(value as ClientDocumentKind)} error={upload.fieldErrors.kind}>
        {CLIENT_DOCUMENT_KINDS.map((value) => (
          <option key={value} value={value}>
            {CLIENT_DOCUMENT_KIND_LABELS[value]}
          </option>
        ))}
      </Select>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          File (PDF, PNG or JPEG, up to 5 MB)
        </label>
        <input id={`${id}-file`} type="file" className="field__input" accept={DOCUMENT_CONTENT_TYPES.join(',')} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        {fileError && (
          <p className="field__error" role="alert">
            {fileError}
          </p>
        )}
      </div>
      {needsExpiry && <TextField id={`${id}-expiry`} field={clientFields.documentExpiry} type="date" min={dubaiDate()} value={expiresOn} onValueChange={setExpiresOn} error={upload.fieldErrors.expires_on} />}
    </FormDialog>
  );
}

function RequestDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<ClientDocumentKind>('trade_licence');
  const [note, setNote] = useState('');
  const [dueOn, setDueOn] = useState('');
  const request = useAction<void, ClientDocuments>({
    run: (_input, { headers }) => requestDocument(clientId, { kind, note: note.trim(), ...(dueOn ? { due_on: dueOn } : {}) }, headers),
    success: 'Request sent to the client',
    endpoint: clients.requestDocument,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.documents(clientId), answer);
      onClose();
    },
  });
  return (
    <FormDialog title="Request a document" submitLabel="Send request" busy={request.busy} error={request.formError} submitDisabled={note.trim() === '' || note.length > MAX_NOTE_LENGTH} onSubmit={() => void request.run()} onClose={onClose}>
      <Select id={`${id}-kind`} label="Document" value={kind} onChange={(value) => setKind(value as ClientDocumentKind)} error={request.fieldErrors.kind}>
        {CLIENT_DOCUMENT_KINDS.map((value) => (
          <option key={value} value={value}>
            {CLIENT_DOCUMENT_KIND_LABELS[value]}
          </option>
        ))}
      </Select>
      <TextArea id={`${id}-note`} label="What is asked (the client reads this)" rows={4} required limit={MAX_NOTE_LENGTH} value={note} onValueChange={setNote} error={request.fieldErrors.note} />
      <TextField id={`${id}-due`} label="Due date (optional)" type="date" min={dubaiDate()} value={dueOn} onValueChange={setDueOn} error={request.fieldErrors.due_on} />
    </FormDialog>
  );
}

function CancelRequestDialog({ clientId, requestId, onClose }: { clientId: number; requestId: number; onClose: () => void }) {
  const cancel = useAction<void, ClientDocuments>({
    run: (_input, { headers }) => cancelDocumentRequest(clientId, requestId, headers),
    success: 'Request cancelled',
    endpoint: clients.cancelDocumentRequest,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.documents(clientId), answer);
      onClose();
    },
    onConflict: onClose,
  });
  return (
    <FormDialog title="Cancel the request?" submitLabel="Cancel request" submitVariant="danger" busy={cancel.busy} error={cancel.formError} onSubmit={() => void cancel.run()} onClose={onClose}>
      <p>The client no longer sees it as asked of them.</p>
    </FormDialog>
  );
}
