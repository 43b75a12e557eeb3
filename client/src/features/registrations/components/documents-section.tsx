import { useEffect, useState } from 'react';
import type { RegistrationDocument } from '../../../../common/contract/registrations.ts';
import { DOCUMENT_KIND_LABELS } from '../../../../common/review.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { formatFull } from '../../lib/dates.ts';
import { notifyError } from '../../lib/toast.ts';
import { fetchDocumentFile } from './api.ts';
import { formatBytes } from './format.ts';

/**
 * What the client uploaded, each previewable and downloadable. Files need the API token, so they are
 * fetched through the API client and shown from a blob: URL (the CSP allows blob: in img and iframe only);
 * the blob takes the type from the document's metadata, one of the three the back end accepts.
 */
export function DocumentsSection({ userId, documents }: { userId: number; documents: RegistrationDocument[] }) {
  const [selected, setSelected] = useState<RegistrationDocument | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (document: RegistrationDocument) => {
    setDownloading(document.id);
    try {
      const blob = await fetchDocumentFile(userId, document.id);
      const url = URL.createObjectURL(new Blob([blob], { type: document.content_type }));
      const link = window.document.createElement('a');
      link.href = url;
      link.download = document.file_name;
      link.click();
      // The click has started the download; the URL is not needed after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
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
            {documents.map((document) => (
              <tr key={document.id} className={selected?.id === document.id ? 'review-table__row--selected' : undefined}>
                <td>{DOCUMENT_KIND_LABELS[document.kind]}</td>
                <td className="review-table__file">
                  {document.file_name}
                  <span className="review-table__size">{formatBytes(document.size_bytes)}</span>
                </td>
                <td className="review-table__date">{formatFull(document.uploaded_at)}</td>
                <td className="review-table__actions">
                  <Button variant="ghost" onClick={() => setSelected(selected?.id === document.id ? null : document)} aria-label={`Preview ${document.file_name}`}>
                    {selected?.id === document.id ? 'Hide' : 'Preview'}
                  </Button>
                  <Button variant="ghost" loading={downloading === document.id} onClick={() => void download(document)} aria-label={`Download ${document.file_name}`}>
                    Download
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected ? <DocumentPreview key={selected.id} userId={userId} document={selected} /> : null}
    </section>
  );
}

function DocumentPreview({ userId, document }: { userId: number; document: RegistrationDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchDocumentFile(userId, document.id, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(new Blob([blob], { type: document.content_type }));
        setUrl(objectUrl);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) notifyError(error);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [userId, document.id, document.content_type]);

  const label = `${DOCUMENT_KIND_LABELS[document.kind]}: ${document.file_name}`;
  return (
    <figure className="review-preview" aria-label={`Preview of ${document.file_name}`}>
      {!url ? (
        <p className="review-preview__loading">Loading preview...</p>
      ) : document.content_type === 'application/pdf' ? (
        <iframe className="review-preview__frame" src={url} title={label} />
      ) : (
        <img className="review-preview__image" src={url} alt={label} />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
