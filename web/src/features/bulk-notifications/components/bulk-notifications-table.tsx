import type { BulkNotification } from "@contract/bulk-notifications";
import { useTranslation } from "react-i18next";
import { AdminTable } from "@/components/ui/admin-table";
import { MessageCountsList } from "@/components/ui/message-counts";
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
    <AdminTable
      label={t("BulkPush.TableCaption")}
      caption
      rows={items}
      rowKey={(item) => item.Id}
      empty={t("BulkPush.None")}
      columns={[
        {
          header: t("BulkPush.English"),
          cellProps: { lang: "en" },
          cell: (item) => (
            <>
              <strong>{item.EnglishTitle}</strong>
              {item.EnglishBody ? <div>{item.EnglishBody}</div> : null}
            </>
          ),
        },
        {
          header: t("BulkPush.Spanish"),
          cellProps: { lang: "es" },
          cell: (item) => (
            <>
              <strong>{item.SpanishTitle}</strong>
              {item.SpanishBody ? <div>{item.SpanishBody}</div> : null}
            </>
          ),
        },
        { header: t("BulkPush.LastSent"), cell: (item) => formatShortDateTime(item.lastSentAt) },
        { header: t("BulkPush.Created"), cell: (item) => formatShortDateTime(item.created_at) },
        {
          header: t("BulkPush.Status"),
          cellProps: { "aria-live": "polite" },
          cell: (item) => (
            <>
              <SendState send={item.send} />
              {item.send.messages ? (
                <MessageCountsList counts={item.send.messages} label={t("BulkPush.MessagesCaption")} />
              ) : null}
            </>
          ),
        },
        {
          header: t("BulkPush.Actions"),
          cell: (item) => (
            <button
              type="button"
              className="button button--secondary"
              disabled={resending || item.send.status !== "done"}
              onClick={() => onResend(item)}
            >
              {t("BulkPush.Resend")}
              <span className="visually-hidden">: {item.EnglishTitle}</span>
            </button>
          ),
        },
      ]}
    />
  );
}
