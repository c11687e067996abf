import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import type { Open311KeyCreated } from "../../functions/src/contract/open311-keys.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { type BenchRouteGroup, ROUTE_GROUPS, STATIC_CEILING_PATH } from "./rows.ts";
import type { BenchRow } from "./table.ts";

const DURATION_S = 10;
const CONNECTIONS = [1, 20] as const;

export interface LoadResult {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** Connection errors, timeouts and answers with a status of 400 or more. */
  errors: number;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/** `{n}` in a body becomes a new text for every request sent, so each one is new to the server (a filing, not a replay). */
const DISTINCT = "{n}";
let distinctCount = 0;
const distinct = (body: string) => body.replaceAll(DISTINCT, `${randomUUID().slice(0, 8)}-${++distinctCount}`);

/**
 * Loads the requests in turn on `connections` keep-alive connections for DURATION_S seconds, or until
 * `amount` requests were sent when one is given.
 */
export async function load(
  requests: { method: string; path: string; body?: string; headers: Record<string, string> }[],
  connections: number,
  amount?: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failedAnswers = 0;
  let finished: (result: autocannon.Result) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const started = performance.now();
  const instance = autocannon(
    {
      url: stackInfo().portalUrl,
      connections,
      ...(amount === undefined ? { duration: DURATION_S } : { amount }),
      timeout: 10,
      requests: requests.map((request) => ({
        method: request.method as "GET",
        path: request.path,
        headers: request.headers,
        body: request.body,
        ...(request.body?.includes(DISTINCT)
          ? { setupRequest: (sent: autocannon.Request) => ({ ...sent, body: distinct(request.body as string) }) }
          : {}),
      })),
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 400) failedAnswers++;
  });
  const result = await done;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p95Ms: Math.round(percentile(latencies, 0.95)),
    errors: failedAnswers + result.errors + result.timeouts,
  };
}

/**
 * An Open311 API key of the bench's own, made through the admin API: the seeded key's hourly limit
 * would turn a bench's filings into 429s (each key has its own throttle).
 */
let benchKey: Promise<string> | undefined;
function open311BenchKey(): Promise<string> {
  benchKey ??= (async () => {
    const admin = await principal("admin");
    const created = await callApi<Open311KeyCreated>("POST", "/api/open311-keys", {
      token: admin.idToken,
      body: { name: "Bench", limitPerHour: 10_000 },
    });
    if (created.status !== 200) throw new Error(`The bench's Open311 key was refused: ${created.status}`);
    return created.body.key;
  })();
  return benchKey;
}

export async function wireRequests(group: Pick<BenchRouteGroup, "signedInAs" | "requests">) {
  const caller = group.signedInAs ? await principal(group.signedInAs) : null;
  const token = caller?.idToken ?? null;
  return Promise.all(
    group.requests.map(async (request) => {
      const form = request.form === undefined ? undefined : new URLSearchParams(request.form).toString();
      const body = form ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
      const contentType = form === undefined ? "application/json" : "application/x-www-form-urlencoded";
      return {
        method: request.method ?? "GET",
        // {uid} stands for the caller's uid (routes that take the user in the query).
        path: request.path.replace("{uid}", caller?.user?.uid ?? ""),
        // {open311Key} stands for the bench's own Open311 API key.
        body: body?.includes("%7Bopen311Key%7D")
          ? body.replaceAll("%7Bopen311Key%7D", encodeURIComponent(await open311BenchKey()))
          : body,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "content-type": contentType }),
        },
      };
    }),
  );
}

/** Each route group at 1 and 20 connections, next to a static file's throughput measured in the same run. */
export async function loadRouteGroups(): Promise<{ rows: BenchRow[]; results: Record<string, LoadResult[]> }> {
  const rows: BenchRow[] = [];
  const results: Record<string, LoadResult[]> = {};
  const ceiling: Record<number, LoadResult> = {};
  const staticRequests = await wireRequests({ requests: [{ path: STATIC_CEILING_PATH }] });
  for (const connections of CONNECTIONS) ceiling[connections] = await load(staticRequests, connections);
  results[`static ${STATIC_CEILING_PATH}`] = Object.values(ceiling);
  for (const connections of CONNECTIONS) {
    const result = ceiling[connections] as LoadResult;
    const row = `static ${STATIC_CEILING_PATH} @${connections}`;
    rows.push({
      section: "api",
      row,
      measure: "requests/s (the ceiling)",
      value: result.requestsPerSecond,
      unit: "/s",
    });
    rows.push({ section: "api", row, measure: "p50", value: result.p50Ms, unit: "ms" });
    rows.push({ section: "api", row, measure: "p95", value: result.p95Ms, unit: "ms" });
  }

  for (const group of ROUTE_GROUPS) {
    const requests = await wireRequests(group);
    // One answer each first, so the load measures serving rather than a first-call cache fill.
    for (const request of requests) {
      await fetch(`${stackInfo().portalUrl}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : distinct(request.body),
      }).then((answer) => answer.arrayBuffer());
    }
    results[group.name] = [];
    for (const connections of CONNECTIONS) {
      const result = await load(requests, connections, group.requestsPerLevel);
      results[group.name]?.push(result);
      const row = `${group.name} @${connections}`;
      const atLoad = connections > 1;
      rows.push({ section: "api", row, measure: "p50", value: result.p50Ms, unit: "ms" });
      rows.push({
        section: "api",
        row,
        measure: "p95",
        value: result.p95Ms,
        unit: "ms",
        goal: atLoad ? { atMost: 150 } : undefined,
      });
      rows.push({ section: "api", row, measure: "errors", value: result.errors, unit: "", goal: { atMost: 0 } });
      const staticRate = (ceiling[connections] as LoadResult).requestsPerSecond;
      rows.push({
        section: "api",
        row,
        measure: "requests/s ÷ static",
        value: staticRate ? Math.round((result.requestsPerSecond / staticRate) * 100) / 100 : null,
        unit: "",
      });
    }
  }
  return { rows, results };
}
