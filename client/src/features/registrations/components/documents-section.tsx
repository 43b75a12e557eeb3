import { useId, useState } from 'react';
import type { RegistrationDocument } from '../../../../../common/contract/registrations.ts';
import { DOCUMENT_KIND_LABELS } from '../../../../../common/review.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FilePreview } from '../../../components/file-preview.tsx';
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
        <table className="review-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">File</th>
              <th scope="col">Uploaded at</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => {
              const open = selected?.id === document.id;
              return (
                <tr key={document.id} className={open ? 'review-table__row--selected' : undefined}>
                  <td>{DOCUMENT_KIND_LABELS[document.kind]}</td>
                  <td className="review-table__file">
                    {document.file_name}
                    <span className="review-table__size">{formatBytes(document.size_bytes)}</span>
                  </td>
                  <td className="review-table__date">{formatFull(document.uploaded_at)}</td>
                  <td className="review-table__actions">
                    <Button
                      variant="ghost"
                      onClick={() => setSelected(open ? null : document)}
                      aria-label={`${open ? 'Hide the preview of' : 'Preview'} ${document.file_name}`}
                      aria-expanded={open}
                      aria-controls={open ? previewId : undefined}
                    >
                      {open ? 'Hide' : 'Preview'}
                    </Button>
                    <Button variant="ghost" loading={downloading === document.id} onClick={() => void download(document)} aria-label={`Download ${document.file_name}`}>
                      Download
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
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
