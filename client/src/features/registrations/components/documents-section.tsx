import { useId, useState } from 'react';
import type { RegistrationDocument } from '../../../../../common/contract/registrations.ts';
import { DOCUMENT_KIND_LABELS } from '../../../../../common/review.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FilePreview } from '../../../components/file-preview.tsx';
import { Table } from '../../../components/table.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { notifyError } from '../../../lib/toast.ts';
import { fetchDocumentFile } from '../api.ts';
import { formatBytes } from '../model.ts';

/**
 * The bytes as a file of the document's own name and type (the three the back end accepts): the name is
 * what a viewer or a save dialog shows, rather than the blob URL's random id.
 */
const asFile = (blob: Blob, { file_name, content_type }: Pick<RegistrationDocument, 'file_name' | 'content_type'>) => new File([blob], file_name, { type: content_type });

/**
 * What the client uploaded, each previewable and downloadable. Files need the API token, so they are
 * fetched through the API client and shown from a blob: URL (the CSP allows blob: in img and iframe only).
 */
export function DocumentsSection({ userId, documents }: { userId: number; documents: RegistrationDocument[] }) {
  const [selected, setSelected] = useState<RegistrationDocument | null>(null);
  const isOpen = (document: RegistrationDocument) => selected?.id === document.id;
  const [downloading, setDownloading] = useState<number | null>(null);
  const previewId = useId();

  const download = async (document: RegistrationDocument) => {
    setDownloading(document.id);
    try {
      saveFile(asFile(await fetchDocumentFile(userId, document.id), document), document.file_name);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="panel review-section" aria-labelledby="review-documents">
      <h2 id="review-documents" className="review-section__title">
        Documents
      </h2>
      {documents.length === 0 ? (
        <EmptyState message="The client has not uploaded any document yet." />
      ) : (
        <Table
          className="review-table"
          rows={documents}
          rowKey={(document) => document.id}
          rowClassName={(document) => isOpen(document) ? 'review-table__row--selected' : undefined}
          columns={[
            { id: 'type', header: 'Type', cell: (document) => DOCUMENT_KIND_LABELS[document.kind] },
            {
              id: 'file',
              header: 'File',
              className: 'review-table__file',
              cell: (document) => (
                <>
                  {document.file_name}
                  <span className="review-table__size">{formatBytes(document.size_bytes)}</span>
                </>
              ),
            },
            { id: 'uploaded-at', header: 'Uploaded at', className: 'review-table__date', cell: (document) => formatFull(document.uploaded_at) },
            {
              id: 'actions',
              header: <span className="visually-hidden">Actions</span>,
              className: 'review-table__actions',
              cell: (document) => (
                <>
                  <Button
                    variant="ghost"
                    onClick={() => setSelected(isOpen(document) ? null : document)}
                    aria-label={`${isOpen(document) ? 'Hide the preview of' : 'Preview'} ${document.file_name}`}
                    aria-expanded={isOpen(document)}
                    aria-controls={isOpen(document) ? previewId : undefined}
                  >
                    {isOpen(document) ? 'Hide' : 'Preview'}
                  </Button>
                  <Button variant="ghost" loading={downloading === document.id} onClick={() => void download(document)} aria-label={`Download ${document.file_name}`}>
                    Download
                  </Button>
                </>
              ),
            },
          ]}
        />
      )}
      {selected ? (
        <FilePreview
          id={previewId}
          label={`${DOCUMENT_KIND_LABELS[selected.kind]}: ${selected.file_name}`}
          file={{ ...selected, key: String(selected.id), load: (signal) => fetchDocumentFile(userId, selected.id, signal) }}
        />
      ) : null}
    </section>
  );
}
