/** The product mark and name; decorative mark, the name is the text. */
export function Logo() {
  return (
    <span className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M9 22V10h6.5a4 4 0 0 1 0 8H13M16.5 18l4.5 4" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="logo__name">Admin Portal</span>
    </span>
  );
}
