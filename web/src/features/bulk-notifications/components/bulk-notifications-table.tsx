import type { BulkNotification } from "@contract/bulk-notifications";
import { useTranslation } from "react-i18next";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatShortDateTime } from "@/utils/format";

/** The send's state: progress while it runs, then delivered and failed with the reasons (never hidden). */
function SendState({ send }: { send: BulkNotification["send"] }) {
  const { t } = useTranslation();
  if (send.status === "queued") return <>{t("BulkPush.Queued")}</>;
  if (send.status === "sending") {
    return (
      <>
        {t("BulkPush.Sending")}{" "}
        <progress max={Math.max(send.devices, 1)} value={send.processed} aria-label={t("BulkPush.Progress")} />{" "}
        {t("BulkPush.ProgressCount", { processed: send.processed, devices: send.devices })}
      </>
    );
  }
  const reasons = Object.entries(send.reasons)
    .map(([reason, count]) => t("BulkPush.Reason", { reason: t(`BulkPush.Reasons.${reason}`), count }))
    .join(", ");
  return (
    <>
      {t("BulkPush.Finished", { delivered: send.delivered, failed: send.failed, users: send.users })}
      {reasons ? <span className="bulk-reasons"> ({reasons})</span> : null}
    </>
  );
}

/** The table of past bulk notifications (spec 3 bulk push): both languages, last sent, created, Resend. */
export function BulkNotificationsTable({
  items,
  onResend,
  resending,
}: {
  items: BulkNotification[];
  onResend: (item: BulkNotification) => void;
  resending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t("BulkPush.TableCaption")}>
      <table className="admin-table">
        <caption className="visually-hidden">{t("BulkPush.TableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("BulkPush.English")}</th>
            <th scope="col">{t("BulkPush.Spanish")}</th>
            <th scope="col">{t("BulkPush.LastSent")}</th>
            <th scope="col">{t("BulkPush.Created")}</th>
            <th scope="col">{t("BulkPush.Status")}</th>
            <th scope="col">{t("BulkPush.Actions")}</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={6}>{t("BulkPush.None")}</td>
            </tr>
          ) : null}
          {items.map((item) => (
            <tr key={item.Id}>
              <td lang="en">
                <strong>{item.EnglishTitle}</strong>
                {item.EnglishBody ? <div>{item.EnglishBody}</div> : null}
              </td>
              <td lang="es">
                <strong>{item.SpanishTitle}</strong>
                {item.SpanishBody ? <div>{item.SpanishBody}</div> : null}
              </td>
              <td>{formatShortDateTime(item.lastSentAt)}</td>
              <td>{formatShortDateTime(item.created_at)}</td>
              <td aria-live="polite">
                <SendState send={item.send} />
              </td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={resending || item.send.status !== "done"}
                  onClick={() => onResend(item)}
                >
                  {t("BulkPush.Resend")}
                  <span className="visually-hidden">: {item.EnglishTitle}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
