export function EmptyState({ message = 'No data to display' }: { message?: string }) {
  return (
    <div className="empty-state">
      <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.4} aria-hidden="true">
        <path d="M3.5 13.5 6 5h12l2.5 8.5V19h-17zM3.5 13.5H9l1 2h4l1-2h5.5" strokeLinejoin="round" />
      </svg>
      <p>{message}</p>
    </div>
  );
}
