/** The picked-document check the clients' upload and the chat composer share, against the server's rule. */
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../common/review.ts';
import { documentFileProblem } from '../../../client/src/lib/document-file.ts';

describe('a picked document', () => {
  it('may be a PDF, PNG or JPEG up to the limit', () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg']) expect(documentFileProblem({ type, size: MAX_DOCUMENT_BYTES }, 'Choose')).toBeNull();
  });

  it('names what to pick in the words of the control, and the size limit', () => {
    expect(documentFileProblem({ type: 'video/mp4', size: 10 }, 'Choose')).toBe('Choose a PDF, PNG or JPEG file.');
    expect(documentFileProblem({ type: '', size: 10 }, 'Attach')).toBe('Attach a PDF, PNG or JPEG file.');
    expect(documentFileProblem({ type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 }, 'Attach')).toBe('The file is larger than 5 MB.');
  });
});
