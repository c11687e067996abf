import { createTransport, type Transporter } from "nodemailer";
import { ConnectorError } from "../../platform/connector-error";
import { type MailConfig, mailConfigFromEnv } from "./config";
import type { MailAccepted, MailConnector, OutgoingMail } from "./types";

const SYSTEM = "mail";

/** How nodemailer reports an SMTP failure: the server's reply code, when there was one. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A 5xx reply is the server's final word (RFC 5321 §4.2.1); anything else may pass. */
export function classifySmtpError(error: unknown): ConnectorError {
  const failure = (error ?? {}) as SmtpError;
  const reply = failure.response ?? failure.message ?? String(error);
  // A refused login is our configuration's fault, not the recipient's: retried until it is fixed.
  if (failure.code !== "EAUTH" && failure.responseCode && failure.responseCode >= 500 && failure.responseCode < 600) {
    return new ConnectorError(SYSTEM, "rejected", reply, failure);
  }
  const what = failure.code ? `${failure.code}: ${reply}` : reply;
  return new ConnectorError(SYSTEM, "unavailable", `The mail server did not take the mail (${what})`, failure);
}

/** The SMTP adapter (nodemailer, a pool of connections, every step with a timeout). */
export class SmtpMailConnector implements MailConnector {
  private readonly transport: Transporter;
  private readonly host: string;

  constructor(private readonly config: MailConfig = mailConfigFromEnv()) {
    this.host = config.from.match(/@([^>\s]+)/)?.[1] ?? "portal.invalid";
    this.transport = createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      requireTLS: config.requireTls,
      auth: config.user ? { user: config.user, pass: config.password } : undefined,
      pool: true,
      maxConnections: config.maxConnections,
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: config.timeoutMs,
    });
  }

  async send(mail: OutgoingMail): Promise<MailAccepted> {
    const messageId = `<${mail.messageId}@${this.host}>`;
    try {
      const info = await this.transport.sendMail({
        from: this.config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
        headers: { "Content-Language": mail.language },
      });
      const refused = info.rejected?.length ? info.rejected : null;
      if (refused) throw new ConnectorError(SYSTEM, "rejected", `The mail server refused ${refused.join(", ")}`);
      return { messageId: info.messageId ?? messageId, response: info.response ?? "" };
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      throw classifySmtpError(error);
    }
  }
}
