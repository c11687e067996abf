import type { ReactNode } from "react";
import "./admin.css";

/**
 * A wide table's horizontal scroller. It is a named region in the tab order, so keyboard users can
 * scroll it with the arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable` caught the
 * delinquency summary on a laptop width; every admin table overflows on a phone).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
