import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface MailConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS, which `requireTls` makes mandatory. */
  secure: boolean;
  requireTls: boolean;
  user?: string;
  password?: string;
  /** The From header, e.g. `City of Elgin <no-reply@cityofelgin.org>`. */
  from: string;
  timeoutMs: number;
  /** Connections kept open to the relay (a pool), for a send to many. */
  maxConnections: number;
}

/** MAIL_SMTP_* and MAIL_FROM; MAIL_SMTP_PASSWORD is a secret (platform/params.ts). */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const { MAIL_SMTP_HOST, MAIL_SMTP_PORT, MAIL_FROM } = env;
  if (!MAIL_SMTP_HOST || !MAIL_SMTP_PORT || !MAIL_FROM) {
    throw new Error("MAIL_SMTP_HOST, MAIL_SMTP_PORT and MAIL_FROM must be set");
  }
  return {
    host: MAIL_SMTP_HOST,
    port: Number(MAIL_SMTP_PORT),
    secure: env.MAIL_SMTP_SECURE === "true",
    requireTls: env.MAIL_SMTP_REQUIRE_TLS !== "false",
    user: env.MAIL_SMTP_USER || undefined,
    password: env.MAIL_SMTP_PASSWORD || undefined,
    from: MAIL_FROM,
    timeoutMs: Number(env.MAIL_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
    maxConnections: Number(env.MAIL_SMTP_CONNECTIONS ?? 5),
  };
}
