import { createServer, type Socket } from "node:net";
import express from "express";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { SandboxDefinition } from "../kit.ts";

/** A mail the sandbox accepted, as GET /__control/messages lists it. */
export interface ReceivedMail {
  /** The sandbox's own id of the mail (its page: /messages/{id}). */
  id: string;
  /** The Message-ID header, `<portal message id@host>`. */
  messageId: string | null;
  /** Envelope sender and recipients (what the SMTP conversation named). */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The Content-Language header. */
  language: string | null;
  /** Content types of the parts (multipart/alternative: text/plain and text/html). */
  parts: string[];
  receivedAt: string;
}

/** What the relay asks at AUTH (the launcher gives the functions the same). */
export const MAIL_SANDBOX_USER = "portal";
export const MAIL_SANDBOX_PASSWORD = "sandbox-mail-password";

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The parts of a raw MIME message, by their Content-Type lines (multipart check for tests). */
const partTypes = (raw: string) =>
  [...raw.matchAll(/^content-type:\s*([^;\s]+)/gim)].map((match) => (match[1] ?? "").toLowerCase());

/**
 * The city's mail relay: an SMTP server (smtp-server, on the HTTP port + 1) that asks for AUTH,
 * keeps every mail it accepts (parsed with mailparser) and shows them: `GET /__control/messages?to=`
 * (JSON), `GET /messages` (a page listing them with their HTML), `GET /__control/messages/stats`
 * (counts, and Message-IDs received more than once). Fault knobs: `down` drops new connections and
 * answers 421 on open ones, `latencyMs` delays each mail, `failureRate` answers 451 (try later), and
 * `PUT /__control/bounces {"addresses": [...]}` refuses those recipients with 550 (unknown mailbox).
 */
export const mailSandbox: SandboxDefinition = {
  name: "mail",
  createApp: (context) => {
    const app = express();
    app.get("/messages", (_req, res) => {
      res.type("html").send(mailsPage(state(context).mails));
    });
    app.get("/messages/:id", (req, res) => {
      const mail = state(context).mails.find((candidate) => candidate.id === req.params.id);
      if (!mail) {
        res.status(404).type("text").send("No such mail");
        return;
      }
      // The mail's own HTML, alone (the list page frames it, sandboxed).
      res.set("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      res.type("html").send(mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`);
    });
    return app;
  },
  control: (router, context) => {
    router.get("/messages", (req, res) => {
      const to = typeof req.query.to === "string" ? req.query.to.toLowerCase() : null;
      const mails = state(context).mails.filter((mail) => !to || mail.to.includes(to));
      res.json({ count: mails.length, messages: mails });
    });
    router.get("/messages/stats", (req, res) => {
      // ?prefix=<bench-mail- counts only mails whose Message-ID starts so (the bench's own).
      const prefix = typeof req.query.prefix === "string" ? req.query.prefix : "";
      const seen = new Map<string, number>();
      for (const mail of state(context).mails) {
        if (prefix && !(mail.messageId ?? "").startsWith(prefix)) continue;
        const key = mail.messageId ?? mail.id;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      const duplicates = [...seen].filter(([, n]) => n > 1).map(([messageId, n]) => ({ messageId, count: n }));
      const count = [...seen.values()].reduce((sum, n) => sum + n, 0);
      res.json({ count, unique: seen.size, duplicates });
    });
    router.delete("/messages", (_req, res) => {
      state(context).mails = [];
      res.status(204).end();
    });
    router.get("/bounces", (_req, res) => {
      res.json({ addresses: [...state(context).bounces] });
    });
    router.put("/bounces", express.json(), (req, res) => {
      const addresses = (req.body as { addresses?: unknown })?.addresses;
      if (!Array.isArray(addresses) || !addresses.every((a) => typeof a === "string")) {
        res.status(400).json({ error: "addresses: a list of email addresses" });
        return;
      }
      state(context).bounces = new Set(addresses.map((a) => a.toLowerCase()));
      res.json({ addresses: [...state(context).bounces] });
    });
  },
  listen: async (context, host, port) => {
    const mailState = state(context);
    const refuseWhileDown = () =>
      context.faults().down ? smtpError(421, "4.3.2 Service not available, closing transmission channel") : null;
    const smtp = new SMTPServer({
      name: "mail.sandbox.local",
      banner: "city mail relay (sandbox)",
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authMethods: ["PLAIN", "LOGIN"],
      size: 10 * 1024 * 1024,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === MAIL_SANDBOX_USER && auth.password === MAIL_SANDBOX_PASSWORD) {
          callback(null, { user: auth.username });
        } else callback(smtpError(535, "5.7.8 Authentication credentials invalid"));
      },
      onMailFrom: (_address, session, callback) => {
        if (!session.user) return callback(smtpError(530, "5.7.0 Authentication required"));
        callback(refuseWhileDown());
      },
      onRcptTo: (address, _session, callback) => {
        const down = refuseWhileDown();
        if (down) return callback(down);
        if (mailState.bounces.has(address.address.toLowerCase())) {
          return callback(smtpError(550, `5.1.1 <${address.address}>: Recipient address rejected: User unknown`));
        }
        callback();
      },
      onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          void (async () => {
            const faults = context.faults();
            if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
            const down = refuseWhileDown();
            if (down) return callback(down);
            context.count("SMTP DATA");
            if (faults.failureRate > 0 && Math.random() < faults.failureRate) {
              return callback(smtpError(451, "4.3.0 Requested action aborted: local error in processing"));
            }
            const raw = Buffer.concat(chunks).toString("utf8");
            const parsed = await simpleParser(raw);
            const id = String(++mailState.next);
            mailState.mails.push({
              id,
              messageId: parsed.messageId ?? null,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : null,
              language: (parsed.headers.get("content-language") as string | undefined) ?? null,
              parts: partTypes(raw),
              receivedAt: new Date().toISOString(),
            });
            callback(null, `2.0.0 Ok: queued as ${id}`);
          })().catch((error: unknown) => callback(smtpError(451, `4.3.0 ${String(error)}`)));
        });
      },
    });
    smtp.on("error", () => {}); // a client that hangs up mid-conversation is not the sandbox's failure
    // Our own listener in front: `down` drops a new connection at once, as an unreachable host would.
    const sockets = new Set<Socket>();
    const front = createServer((socket) => {
      if (context.faults().down) {
        socket.destroy();
        return;
      }
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      (smtp as unknown as { server: { emit: (event: string, socket: Socket) => void } }).server.emit(
        "connection",
        socket,
      );
    });
    await new Promise<void>((resolve, reject) => {
      front.once("error", reject);
      front.listen(port, host, () => resolve());
    });
    return () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        front.close(() => resolve());
      });
  },
  env: (baseUrl) => {
    const url = new URL(baseUrl);
    return {
      MAIL_SMTP_HOST: url.hostname,
      MAIL_SMTP_PORT: String(Number(url.port) + 1),
      // The sandbox offers no TLS; production's relay must (MAIL_SMTP_REQUIRE_TLS defaults to true).
      MAIL_SMTP_REQUIRE_TLS: "false",
      MAIL_SMTP_USER: MAIL_SANDBOX_USER,
      MAIL_SMTP_PASSWORD: MAIL_SANDBOX_PASSWORD,
      MAIL_FROM: "City of Elgin <no-reply@cityofelgin.org>",
    };
  },
};

interface MailState {
  mails: ReceivedMail[];
  bounces: Set<string>;
  next: number;
}

/** One state per started sandbox (its context), cleared by POST /__control/reset. */
const states = new WeakMap<object, MailState>();
function state(context: object & { onReset: (reset: () => void) => void }): MailState {
  let found = states.get(context);
  if (!found) {
    const fresh: MailState = { mails: [], bounces: new Set(), next: 0 };
    found = fresh;
    states.set(context, fresh);
    context.onReset(() => {
      fresh.mails = [];
      fresh.bounces = new Set();
    });
  }
  return found;
}

/** The page people open: every mail, newest first, each with its HTML in a sandboxed frame. */
function mailsPage(mails: ReceivedMail[]): string {
  const rows = [...mails]
    .reverse()
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to.join(", "))} · <strong>Language:</strong> ${escapeHtml(mail.language ?? "?")} · ${escapeHtml(mail.receivedAt)} · <a href="messages/${mail.id}">open</a></p>
<iframe title="${escapeHtml(mail.subject)}" sandbox src="messages/${mail.id}" style="width:100%;height:320px;border:1px solid #ccc"></iframe>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail sandbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:Arial,sans-serif;max-width:820px;margin:0 auto;padding:16px">
<h1>Mail sandbox: ${mails.length} ${mails.length === 1 ? "mail" : "mails"}</h1>
${rows || "<p>No mail yet.</p>"}
</body></html>`;
}
