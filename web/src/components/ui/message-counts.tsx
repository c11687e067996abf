import { COUNTED_CHANNELS, COUNTED_STATUSES, type MessageCounts } from "@contract/message-counts";
import { useTranslation } from "react-i18next";
import { TableScroll } from "./table-scroll";

/**
 * A bulk send's or delinquency batch's messages by channel (in-app, push, email, text) and status, as
 * the server counts them now (issue 29). The table: every channel the batch uses, every status.
 */
export function MessageCountsTable({ counts, caption }: { counts: MessageCounts; caption: string }) {
  const { t } = useTranslation();
  const channels = COUNTED_CHANNELS.filter((channel) => counts[channel]);
  return (
    <TableScroll label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("MessageCounts.Channel")}</th>
            {COUNTED_STATUSES.map((status) => (
              <th scope="col" key={status}>
                {t(`MessageCounts.Status.${status}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel} data-channel={channel}>
              <th scope="row">{t(`MessageCounts.Channels.${channel}`)}</th>
              {COUNTED_STATUSES.map((status) => (
                <td key={status} data-status={status}>
                  {counts[channel]?.[status] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The same counts in a few words per channel (a table's cell): only the statuses that have messages. */
export function MessageCountsList({ counts, label }: { counts: MessageCounts; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="message-counts" aria-label={label}>
      {COUNTED_CHANNELS.filter((channel) => counts[channel]).map((channel) => {
        const standing = COUNTED_STATUSES.filter((status) => (counts[channel]?.[status] ?? 0) > 0)
          .map((status) =>
            t("MessageCounts.Count", { n: counts[channel]?.[status], status: t(`MessageCounts.Status.${status}`) }),
          )
          .join(", ");
        return (
          <li key={channel} data-channel={channel}>
            {t("MessageCounts.Line", {
              channel: t(`MessageCounts.Channels.${channel}`),
              counts: standing || t("MessageCounts.None"),
            })}
          </li>
        );
      })}
    </ul>
  );
}
