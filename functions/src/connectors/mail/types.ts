/** One email: multipart (text and HTML), with our message id as its Message-ID. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The portal's message id: the Message-ID's left part, so the same message keeps one identity. */
  messageId: string;
  /** e.g. "en" or "es" (Content-Language). */
  language: string;
}

/** What the SMTP server said when it took the mail. */
export interface MailAccepted {
  /** The Message-ID header sent, `<id@host>`. */
  messageId: string;
  /** The server's last reply, e.g. "250 2.0.0 Ok: queued as 12AB". */
  response: string;
}

/**
 * The city's mail relay (SMTP). `send` answers once the server accepted the mail; it throws
 * ConnectorError("mail", "rejected") when the server refused it for good (a 5xx reply: unknown
 * mailbox, refused recipient), and ConnectorError("mail", "unavailable") for what may pass (no
 * connection, timeout, a 4xx reply).
 */
export interface MailConnector {
  send(mail: OutgoingMail): Promise<MailAccepted>;
}
