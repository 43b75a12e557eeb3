import { useSignals } from '@preact/signals-react/runtime';
import { reconnecting } from '../lib/connection.ts';
import { Spinner } from './spinner.tsx';

/**
 * A quiet 'Reconnecting…' while the server or the notification stream is out of reach. The live region stays
 * in the page (and shown) when empty, so screen readers announce the words when they appear.
 */
export function ReconnectingIndicator() {
  useSignals();
  return (
    <span className="reconnecting" role="status" aria-live="polite">
      {reconnecting.value && (
        <>
          <Spinner />
          Reconnecting…
        </>
      )}
    </span>
  );
}
