/**
 * An attachment shown inline as the review page shows documents: the bytes fetched with the session's
 * token, a PDF in a frame and an image as an image, both from a blob URL (the file's own response carries
 * a sandbox CSP; nothing of it runs in the console).
 */
import { useEffect, useState } from 'react';
import { notifyError } from '../lib/toast.ts';

export function FilePreview({ load, fileName, contentType }: { load: (signal: AbortSignal) => Promise<Blob>; fileName: string; contentType: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(new File([blob], fileName, { type: contentType }));
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
  }, [load, fileName, contentType]);
  return (
    <figure className="file-preview" aria-label={`Preview of ${fileName}`}>
      {!url ? <p>Loading preview...</p> : contentType === 'application/pdf' ? <iframe className="file-preview__frame" src={url} title={fileName} /> : <img className="file-preview__image" src={url} alt={fileName} />}
      <figcaption>{fileName}</figcaption>
    </figure>
  );
}
