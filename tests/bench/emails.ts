import { get } from "node:http";
import { stackFunctionEnv } from "../kit/function-host.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { startJobRunner } from "./job-runner.ts";
import type { BenchRow } from "./table.ts";

/** Issue 29: 10,000 emails written to the message service, sent by the outbox job through the mail sandbox. */
const EMAILS = Number(process.env.BENCH_EMAILS ?? 10_000);
const ID_PREFIX = "bench-mail-";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface MailStats {
  count: number;
  unique: number;
  duplicates: { messageId: string; count: number }[];
}

/** Writes the messages as a feature does (prepareMessage + queueMessageIn), in batches of 500, four at once. */
async function queueEmails(): Promise<number> {
  pointJobsAtStack();
  const { prepareMessage, queueMessageIn } = await import("../../functions/src/domains/messages/message.service.ts");
  const { newBatch } = await import("../../functions/src/data/collection.ts");
  const started = Date.now();
  const commits: Promise<unknown>[] = [];
  for (let start = 0; start < EMAILS; start += 500) {
    const batch = newBatch();
    for (let n = start; n < Math.min(start + 500, EMAILS); n++) {
      const prepared = await prepareMessage(
        { email: `bench.mail.${n}@example.com`, language: n % 3 === 0 ? "es" : "en" },
        "paymentReceipt",
        {
          amountCents: 1000 + n,
          reference: String(60_000_000 + n),
          paidAt: new Date().toISOString(),
          paymentType: "UTILITY",
          accountNumber: "000123-000456",
          link: `${stackInfo().portalUrl}/payment?receipt=bench-${n}`,
        },
        "email",
        { id: `${ID_PREFIX}${String(n).padStart(6, "0")}` },
      );
      queueMessageIn(batch, prepared);
    }
    commits.push(batch.commit());
    if (commits.length === 4) await Promise.all(commits.splice(0));
  }
  await Promise.all(commits);
  return (Date.now() - started) / 1000;
}

/**
 * The sandbox's count, on a connection of its own each time: the launcher's process, busy parsing
 * thousands of mails, closed a kept-alive connection as fetch reused it ("other side closed").
 */
function stats(mail: string): Promise<MailStats> {
  const url = `${mail}/__control/messages/stats?prefix=${encodeURIComponent(`<${ID_PREFIX}`)}`;
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => {
        try {
          resolve(JSON.parse(body) as MailStats);
        } catch (error) {
          reject(error);
        }
      });
    }).on("error", reject);
  });
}

export async function measureEmails(): Promise<{ rows: BenchRow[]; results: Record<string, unknown> }> {
  const mail = stackInfo().sandboxes.mail;
  if (!mail) throw new Error("The bench stack runs no mail sandbox");
  await fetch(`${mail}/__control/messages`, { method: "DELETE" });
  const queueSeconds = await queueEmails();
  const log: string[] = [];
  const started = Date.now();
  // The outbox job in a runner process of its own, as the launcher's scheduler runs it.
  const runner = startJobRunner(["outbox"], log, { ...process.env, ...stackFunctionEnv() });
  let received = await stats(mail);
  let lastReport = Date.now();
  // Until every message reached the relay (or 10 minutes), then a little longer: a late duplicate would show.
  while (received.count < EMAILS && Date.now() - started < 600_000 && runner.child.exitCode === null) {
    await sleep(500);
    received = await stats(mail);
    if (Date.now() - lastReport > 10_000) {
      console.log(
        `Emails: ${received.count} of ${EMAILS} at the relay after ${Math.round((Date.now() - started) / 1000)} s`,
      );
      lastReport = Date.now();
    }
  }
  const seconds = received.count >= EMAILS ? (Date.now() - started) / 1000 : null;
  await sleep(2000);
  received = await stats(mail);
  const peakMb = runner.peakKb() / 1024;
  runner.child.kill("SIGTERM");
  await runner.exited;
  const once = received.unique - received.duplicates.length;
  const twice = received.duplicates.length;
  const results = {
    emails: EMAILS,
    queueSeconds,
    seconds,
    peakRssMb: Math.round(peakMb),
    received,
    runnerLog: log.join("").slice(-2000),
  };
  console.log(`\nEmails: ${JSON.stringify({ ...results, runnerLog: undefined })}\n${log.join("").slice(-2000)}`);
  const row = `${EMAILS.toLocaleString("en-US")} emails through the mail sandbox`;
  const rows: BenchRow[] = [
    { section: "emails", row, measure: "seconds until all reached the relay", value: seconds, unit: "s" },
    {
      section: "emails",
      row,
      measure: "emails per second",
      value: seconds ? Math.round((EMAILS / seconds) * 10) / 10 : null,
      unit: "/s",
    },
    {
      section: "emails",
      row,
      // The outbox job deploys with 512 MiB, at least twice the measured peak (README "Resources"): first
      // measured 148 MB against the 256 MiB it had (npm run bench -- --only=emails, 13:32 UTC, 2026-11-28).
      measure: "peak memory of the outbox job's process",
      value: peakMb > 0 ? Math.round(peakMb) : null,
      unit: "MB",
      goal: { atMost: 256 },
    },
    {
      section: "emails",
      row,
      measure: "messages delivered exactly once",
      value: received.count > 0 ? once : null,
      unit: "",
      goal: { atLeast: EMAILS },
    },
    {
      section: "emails",
      row,
      measure: "messages delivered twice or more",
      value: received.count > 0 ? twice : null,
      unit: "",
      goal: { atMost: 0 },
    },
  ];
  return { rows, results };
}
