import autocannon from "autocannon";
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

/** Loads the requests in turn on `connections` keep-alive connections for DURATION_S seconds. */
export async function load(
  requests: { method: string; path: string; body?: string; headers: Record<string, string> }[],
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failedAnswers = 0;
  let finished: (result: autocannon.Result) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: stackInfo().portalUrl,
      connections,
      duration: DURATION_S,
      timeout: 10,
      requests: requests.map((request) => ({
        method: request.method as "GET",
        path: request.path,
        headers: request.headers,
        body: request.body,
      })),
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 400) failedAnswers++;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / DURATION_S) * 10) / 10,
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p95Ms: Math.round(percentile(latencies, 0.95)),
    errors: failedAnswers + result.errors + result.timeouts,
  };
}

export async function wireRequests(group: Pick<BenchRouteGroup, "signedInAs" | "requests">) {
  const caller = group.signedInAs ? await principal(group.signedInAs) : null;
  const token = caller?.idToken ?? null;
  return group.requests.map((request) => ({
    method: request.method ?? "GET",
    // {uid} stands for the caller's uid (routes that take the user in the query).
    path: request.path.replace("{uid}", caller?.user?.uid ?? ""),
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(request.body === undefined ? {} : { "content-type": "application/json" }),
    },
  }));
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
        body: request.body,
      }).then((answer) => answer.arrayBuffer());
    }
    results[group.name] = [];
    for (const connections of CONNECTIONS) {
      const result = await load(requests, connections);
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
