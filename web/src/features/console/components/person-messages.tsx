import type { PersonMessage } from "@contract/console";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { formatActivityTime } from "@/utils/format";
import { usePerson } from "../api/get-person";

/**
 * A person's last messages, each with its channel and delivery status (issue 29): in the console's
 * person view (issue 31) and in the admin user view, one list for both.
 */
export function PersonMessages({ messages }: { messages: PersonMessage[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="person-messages" className="console-section">
      <h2 id="person-messages">{t("Console.Messages")}</h2>
      {messages.length === 0 ? <p>{t("Console.NoMessages")}</p> : null}
      <ul className="console-list">
        {messages.map((message) => (
          <li key={message.id}>
            {message.at ? formatActivityTime(message.at) : "—"}:{" "}
            {/* The subject is in the recipient's language, not the page's (WCAG 3.1.2, language of parts);
                "en,es" messages start in English. */}
            <span lang={message.language === "es" ? "es" : "en"}>{message.subject || message.template}</span> (
            {t(`Console.Channel.${message.channel}`, { defaultValue: message.channel })},{" "}
            {t(`Console.Status.${message.status}`, { defaultValue: message.status })})
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The person's last messages, read from the console's person view (GET /api/console/people/:id). */
export function PersonMessagesOf({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const person = usePerson(uid);
  if (person.isPending) return <p>{t("App.Loading")}</p>;
  if (person.isError) return <AdminLoadError error={person.error} message={t("Util.ErrorTryAgainLater")} />;
  return <PersonMessages messages={person.data.messages} />;
}
