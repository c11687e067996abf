/** The portal's mark; decorative, the link around it carries the name. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="currentColor" />
      <path d="M8 24V10l8-4 8 4v14h-5v-7h-6v7z" fill="#fff" />
    </svg>
  );
}
