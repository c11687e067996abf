/**
 * Previous and next buttons around "Page x of y", in a labelled navigation landmark: the one pager
 * of the paged lists (permit search, delinquency rows, translations). Pages are 0-based; the texts
 * come translated from the caller.
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  previousLabel,
  nextLabel,
  pageOfText,
  className,
  announce = false,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
  /** "Page 2 of 5", translated. */
  pageOfText: string;
  className: string;
  /** Announce the page text when it changes (the buttons stay where they are). */
  announce?: boolean;
}) {
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </button>
      <span aria-live={announce ? "polite" : undefined}>{pageOfText}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        {nextLabel}
      </button>
    </nav>
  );
}
