import type { StatusInformation } from "@contract/case-status";

/** A status in its colour; the label is always written, so colour is never the only cue. */
export function StatusBadge({ status }: { status: StatusInformation }) {
  return <span className={`status-badge status-badge--${status.color}`}>{status.label}</span>;
}
