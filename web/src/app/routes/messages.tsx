import type { PortalMessage } from "@contract/messages";
import { FOLLOWED_CASE } from "@contract/reports";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { useDeleteMessage } from "@/features/notifications/api/delete-message";
import { useMessages } from "@/features/notifications/api/get-messages";
import { useMarkMessageRead } from "@/features/notifications/api/mark-message-read";
import { formatActivityTime } from "@/utils/format";
import "@/features/notifications/messages.css";

/**
 * A message in the reader's language: its Spanish when the sender wrote one, else as sent, marked
 * as English for a Spanish reader (WCAG 3.1.2).
 */
function inLanguage(message: PortalMessage, language: string) {
  if (language === "es" && message.TitleSpanish && message.BodySpanish) {
    return { title: message.TitleSpanish, body: message.BodySpanish, lang: undefined };
  }
  return { title: message.Title, body: message.Body, lang: language === "en" ? undefined : "en" };
}

/** /messages (spec 1 §2.9): the caller's messages, unread first in weight, open, delete. */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showError, showWarning } = useModals();
  const messages = useMessages();
  const markRead = useMarkMessageRead();
  const remove = useDeleteMessage();
  const loadErrorShown = useRef(false);
  const title = t("Pages.Messages");

  useEffect(() => {
    if (messages.isError && !loadErrorShown.current) {
      loadErrorShown.current = true;
      showError(t("Message.LoadMessagesError"));
    }
  }, [messages.isError, showError, t]);

  const open = (message: PortalMessage) => {
    // Marked read in the background (the list and the header badge reload when it lands); a
    // failure leaves it unread and counted, and never blocks opening the activity.
    if (!message.ReadAt) markRead.mutate(message.Id);
    if (message.SObjectType === FOLLOWED_CASE && message.SalesforceId) {
      // A case she follows is not hers: its public page, not the case page.
      navigate(paths.reportCase.href(message.SalesforceId));
    } else if (message.SObjectType && message.SalesforceId) {
      navigate(paths.activityView.href(message.SObjectType, message.SalesforceId));
    }
  };

  const confirmDelete = async (message: PortalMessage) => {
    const confirmed = await showWarning({
      title: t("MessagesPage.DeleteTitle"),
      body: t("MessagesPage.DeleteConfirm", { title: inLanguage(message, i18n.language).title }),
      confirmLabel: t("MessagesPage.Delete"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    remove.mutate(message.Id, { onError: () => showError(t("Message.DeleteMessageError")) });
  };

  const unread = messages.data?.filter((message) => !message.ReadAt).length ?? 0;
  return (
    <div className="messages">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {messages.isPending && <p>{t("MessagesPage.Loading")}</p>}
      {messages.isError && (
        <p role="alert" className="error-text">
          {t("Message.LoadMessagesError")}
        </p>
      )}
      {messages.isSuccess && <p role="status">{t("MessagesPage.Summary", { count: messages.data.length, unread })}</p>}
      {messages.isSuccess && messages.data.length === 0 && <p>{t("MessagesPage.None")}</p>}
      {messages.data && messages.data.length > 0 && (
        <ul className="message-list">
          {messages.data.map((message) => {
            const isUnread = !message.ReadAt;
            const shown = inLanguage(message, i18n.language);
            const opens = Boolean(message.SObjectType && message.SalesforceId);
            return (
              <li key={message.Id} className={`message-list__item${isUnread ? " message-list__item--unread" : ""}`}>
                <div className="message-list__text">
                  <h2 className="message-list__title">
                    {isUnread && <span className="message-list__dot" aria-hidden="true" />}
                    <button type="button" className="link-button" onClick={() => open(message)} lang={shown.lang}>
                      {shown.title}
                      {isUnread && <span className="visually-hidden"> ({t("MessagesPage.Unread")})</span>}
                    </button>
                  </h2>
                  <p lang={shown.lang}>{shown.body}</p>
                  <p className="message-list__time">
                    {formatActivityTime(message.CreatedAt)}
                    {opens && <span> · {t("MessagesPage.OpensActivity")}</span>}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void confirmDelete(message)}
                  disabled={remove.isPending && remove.variables === message.Id}
                  // One name for screen readers: a visually hidden span is out of flow, so Chromium
                  // announced it as "Delete : title" with a stray space.
                  aria-label={`${t("MessagesPage.Delete")}: ${shown.title}`}
                >
                  {t("MessagesPage.Delete")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
