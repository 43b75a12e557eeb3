import { useEffect, useRef, useState } from 'react';
import { titledPdf } from '../lib/pdf-title.ts';
import { notifyError } from '../lib/toast.ts';
import './file-preview.css';

/** The file a preview shows: what it is called, its type (one of the three the back end accepts) and how to fetch it. */
export interface PreviewFile {
  /** Changes when the preview should follow another file (a refreshed record brings new objects for the same file). */
  key: string;
  file_name: string;
  content_type: string;
  /** Fetches the bytes; files need the API token, so they come through the API client, never a plain URL. */
  load: (signal: AbortSignal) => Promise<Blob>;
}

/**
 * An uploaded document shown in place: a PDF in the browser's viewer, an image as itself. The bytes are shown
 * from a blob: URL (the CSP allows blob: in img and iframe only), named after the file so a viewer or a save
 * dialog shows its name rather than the URL's random id; a PDF's copy also gets the file name as its title.
 */
export function FilePreview({ id, file, label }: { id?: string; file: PreviewFile; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const figure = useRef<HTMLElement>(null);
  const { key, file_name, content_type } = file;
  // The loader is read through a ref: a parent's new closure for the same file must not fetch it again.
  const load = useRef(file.load);
  load.current = file.load;

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    load
      .current(controller.signal)
      .then((blob) => (content_type === 'application/pdf' ? titledPdf(blob, file_name) : blob))
      .then(
        (blob) => {
          if (controller.signal.aborted) return;
          objectUrl = URL.createObjectURL(new File([blob], file_name, { type: content_type }));
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
  }, [key, file_name, content_type]);

  // The preview opens under a table, often below the fold: bring it into view once it has its size.
  useEffect(() => {
    if (url) figure.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [url]);

  return (
    <figure ref={figure} id={id} className="file-preview" aria-label={`Preview of ${file_name}`}>
      {!url ? (
        <p className="file-preview__loading">Loading preview...</p>
      ) : content_type === 'application/pdf' ? (
        <iframe className="file-preview__frame" src={url} title={file_name} />
      ) : (
        <img className="file-preview__image" src={url} alt={label} />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
