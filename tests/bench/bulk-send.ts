import { SANDBOXES } from "../../emulators/src/sandboxes/index.ts";
import type { BulkNotification } from "../../functions/src/contract/bulk-notifications.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { PROJECT_ID, stackInfo } from "../kit/stack-info.ts";
import { startJobRunner } from "./job-runner.ts";
import { jobRunReads } from "./reads.ts";
import type { BenchRow } from "./table.ts";

/** Issue 17: a bulk send to 100,000 seeded devices, its job process killed midway. */
const DEVICES = Number(process.env.BENCH_BULK_DEVICES ?? 100_000);
/** SIGTERM: how Cloud Run and the launcher stop an instance. SIGKILL (a crash) leaves the page under way's claims unknown. */
const KILL_SIGNAL = (process.env.BENCH_BULK_KILL_SIGNAL ?? "SIGTERM") as NodeJS.Signals;
const userId = (n: number) => `bench-bulk-u${String(n).padStart(6, "0")}`;
const tokenId = (n: number) => `bench-bulk-t${String(n).padStart(6, "0")}`;
const deviceToken = (n: number) => `bench-device-${n}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Users with the fields the product reads (one device each, a third in Spanish), in batches of 500, four at once. */
async function seedDevices(): Promise<number> {
  const started = Date.now();
  const { db } = testAdmin();
  const commits: Promise<unknown>[] = [];
  for (let start = 0; start < DEVICES; start += 250) {
    const batch = db.batch();
    for (let n = start; n < Math.min(start + 250, DEVICES); n++) {
      batch.set(db.collection("users").doc(userId(n)), {
        Id: userId(n),
        Email: `bench.bulk.${n}@example.com`,
        FirstName: "Bench",
        LastName: `Resident ${n}`,
        Language: n % 3 === 0 ? "es" : "en",
      });
      batch.set(db.collection("pushTokens").doc(tokenId(n)), { UserId: userId(n), token: deviceToken(n) });
    }
    commits.push(batch.commit());
    if (commits.length === 4) await Promise.all(commits.splice(0));
  }
  await Promise.all(commits);
  return (Date.now() - started) / 1000;
}

/** The env a function host gets: the emulators and every sandbox's URL (as the launcher sets it). */
function jobEnv(): NodeJS.ProcessEnv {
  const info = stackInfo();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${info.ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${info.ports.auth}`,
    PORTAL_URL: info.portalUrl,
  };
  for (const sandbox of SANDBOXES) {
    const url = info.sandboxes[sandbox.name];
    if (url) Object.assign(env, sandbox.env(url));
  }
  return env;
}

/** A job runner process (the launcher's scheduler's, here for the bulk-push job only) and its peak memory. */
const startRunner = (log: string[]) => startJobRunner(["bulk-push"], log, jobEnv());

interface PushRecord {
  message: { token: string };
}

export async function measureBulkSend(): Promise<{ rows: BenchRow[]; results: Record<string, unknown> }> {
  const info = stackInfo();
  const push = info.sandboxes.push as string;
  const seedSeconds = await seedDevices();
  await fetch(`${push}/__sandbox/messages`, { method: "DELETE" });
  const admin = (await principal("admin")).idToken as string;
  const log: string[] = [];

  const started = Date.now();
  const queued = await callApi<BulkNotification>("POST", "/api/notifications/bulk", {
    token: admin,
    body: {
      englishTitle: "Bench: water main work",
      englishBody: "Expect low pressure tonight.",
      spanishTitle: "Bench: obras en la red de agua",
      spanishBody: "Espere baja presión esta noche.",
    },
  });
  if (queued.status !== 202) throw new Error(`The send was not queued: ${queued.status}`);
  const id = queued.body.Id;
  const progress = async () =>
    (await callApi<BulkNotification[]>("GET", "/api/notifications/bulk", { token: admin })).body.find(
      (item) => item.Id === id,
    )?.send;

  // The first runner is killed once half the devices are processed; a second one resumes.
  const first = startRunner(log);
  let killedAt: { seconds: number; processed: number } | null = null;
  for (;;) {
    await sleep(500);
    const send = await progress();
    if (send && send.devices > 0 && send.processed >= send.devices / 2) {
      first.child.kill(KILL_SIGNAL);
      killedAt = { seconds: (Date.now() - started) / 1000, processed: send.processed };
      break;
    }
    if (send?.status === "done" || first.child.exitCode !== null) break;
  }
  await first.exited;
  // The launcher's scheduler starts a runner that died again a second later.
  await sleep(1000);
  const second = startRunner(log);
  let send = await progress();
  for (; send?.status !== "done"; send = await progress()) {
    await sleep(500);
    if (Date.now() - started > 900_000) break;
  }
  const seconds = (Date.now() - started) / 1000;
  const peakMb = Math.max(first.peakKb(), second.peakKb()) / 1024;
  second.child.kill("SIGTERM");
  await second.exited;

  const recorded = (await (await fetch(`${push}/__sandbox/messages`)).json()) as { messages: PushRecord[] };
  const perToken = new Map<string, number>();
  for (const { message } of recorded.messages) perToken.set(message.token, (perToken.get(message.token) ?? 0) + 1);
  let reachedOnce = 0;
  let twice = 0;
  for (let n = 0; n < DEVICES; n++) {
    const count = perToken.get(deviceToken(n)) ?? 0;
    if (count === 1) reachedOnce += 1;
    if (count > 1) twice += 1;
  }
  // Every run of the two runners (the send's pages and the idle checks between them).
  const reads = jobRunReads(log.join(""), "bulk-push");
  const results = {
    reads,
    devices: DEVICES,
    seedSeconds,
    killSignal: KILL_SIGNAL,
    killedAt,
    seconds,
    peakRssMb: Math.round(peakMb),
    send,
    sandboxMessages: recorded.messages.length,
    benchDevicesReachedOnce: reachedOnce,
    benchDevicesReachedTwiceOrMore: twice,
    runnerLog: log.join("").slice(-2000),
  };
  console.log(`\nBulk send: ${JSON.stringify({ ...results, runnerLog: undefined })}\n${log.join("").slice(-4000)}`);
  const row = `${DEVICES.toLocaleString("en-US")} devices, runner ${KILL_SIGNAL === "SIGKILL" ? "crashed" : "stopped"} midway`;
  const rows: BenchRow[] = [
    { section: "bulk send", row, measure: "seconds until done", value: seconds, unit: "s", goal: { atMost: 120 } },
    {
      section: "bulk send",
      row,
      measure: "peak memory of the job's processes",
      value: Math.round(peakMb),
      unit: "MB",
      goal: { atMost: 512 },
    },
    {
      section: "bulk send",
      row,
      measure: "seeded devices reached exactly once",
      value: reachedOnce,
      unit: "",
      goal: { atLeast: DEVICES },
    },
    {
      section: "bulk send",
      row,
      measure: "devices reached twice or more",
      value: twice,
      unit: "",
      goal: { atMost: 0 },
    },
    { section: "bulk send", row, measure: "delivered (job's count)", value: send?.delivered ?? null, unit: "" },
    { section: "bulk send", row, measure: "documents read (job runs)", value: reads, unit: "" },
    {
      section: "bulk send",
      row,
      measure: "documents read / device",
      value: Math.round((reads / DEVICES) * 100) / 100,
      unit: "",
    },
    { section: "bulk send", row, measure: "failed (job's count)", value: send?.failed ?? null, unit: "" },
  ];
  return { rows, results };
}
