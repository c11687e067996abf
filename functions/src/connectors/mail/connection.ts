import { lazyConnectorAccessor } from "../accessor";
import type { MailConnector } from "./types";

/** The process's one mail connector (one pool of SMTP connections); nodemailer loads on the first send. */
export const mailConnector = lazyConnectorAccessor<MailConnector>(
  async () => new (await import("./smtp-mail-connector")).SmtpMailConnector(),
);
