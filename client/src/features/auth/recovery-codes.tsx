/**
 * The ten recovery codes, shown once after enrolment: one code a line in a column wide enough for it (two
 * columns where the box has room), and ways to keep them: copy, a .txt download, print (only the codes).
 */
import { useEffect } from 'react';
import { Button } from '../../components/button.tsx';
import { formatDubaiDateTime } from '../../lib/dates.ts';
import { saveFile } from '../../lib/save-file.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';

/** On <html> while printing: the print stylesheet then shows the codes and nothing else. */
const PRINTING_CLASS = 'printing-recovery-codes';

/** The codes as a file or the clipboard holds them: what they are, for whom, when, then one a line. */
export function recoveryCodesText(codes: readonly string[], email: string | null, issuedAt: Date): string {
  return [
    `Staff console recovery codes${email ? ` for ${email}` : ''}`,
    `Issued ${formatDubaiDateTime(issuedAt.toISOString())} (Dubai time). Each code signs you in once; keep them somewhere safe.`,
    '',
    ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

export function RecoveryCodes({ codes, email, issuedAt }: { codes: readonly string[]; email: string | null; issuedAt: Date }) {
  const text = recoveryCodesText(codes, email, issuedAt);
  useEffect(() => {
    const done = () => document.documentElement.classList.remove(PRINTING_CLASS);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      done();
    };
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess('Recovery codes copied');
    } catch (error) {
      console.warn('Copy refused', error);
      notifyError('The browser refused to copy: download or print the codes instead.');
    }
  };
  const print = () => {
    document.documentElement.classList.add(PRINTING_CLASS);
    window.print();
  };

  return (
    <div className="recovery-codes">
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="recovery-codes__item">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'staff-console-recovery-codes.txt')}>
          Download .txt
        </Button>
        <Button variant="outlined" onClick={print}>
          Print
        </Button>
      </div>
    </div>
  );
}
