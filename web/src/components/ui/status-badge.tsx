import type { StatusInformation } from "@contract/case-status";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import "./status-badge.css";

/**
 * A status label in the reader's language: the shared table's label ("Under Staff Review") is
 * the English text; CaseStatus.<letters of the label> holds its translation. A status outside
 * the table is shown as the CRM wrote it.
 */
export function statusLabel(t: TFunction, status: StatusInformation): string {
  const key = status.label.replace(/[^A-Za-z]/g, "");
  return key ? t(`CaseStatus.${key}`, { defaultValue: status.label }) : status.label;
}

/** A status in its colour; the label is always written, so colour is never the only cue. */
export function StatusBadge({ status }: { status: StatusInformation }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status.color}`} data-status-color={status.color}>
      {statusLabel(t, status)}
    </span>
  );
}
