export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={large ? 'spinner spinner--large' : 'spinner'} aria-hidden="true" />;
}

/** Covers the screen while authentication resolves. */
export function FullScreenSpinner() {
  return (
    <div className="full-screen" role="status" aria-live="polite">
      <Spinner large />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}

/** Inline loading indicator for a list or a panel. */
export function LoadingIndicator({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-indicator" role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
