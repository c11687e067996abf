import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectorError } from "../platform/connector-error";
import { callJson, guardAnswer, type JsonService } from "./http-json";

let server: Server;
let base: string;
const seen: { method?: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, headers: req.headers, body });
      const [, status = "200", kind = "json"] = (req.url ?? "").split("/");
      // Never answers: the call's own timeout has to end it (the server drops it in afterAll).
      if (kind === "slow") return;
      res.statusCode = Number(status);
      if (kind === "html") res.end("<html>oops</html>");
      else if (kind === "empty") res.end();
      else res.end(JSON.stringify({ status: Number(status) }));
    });
  });
  server.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

/**
 * Answers of the local server must never meet the timeout: with 200 ms, a loaded machine once turned
 * an ordinary answer into "unavailable". Only the call that is never answered uses a short one.
 */
const service: JsonService = { system: "billing", label: "The billing system", timeoutMs: 30_000 };
const impatient: JsonService = { ...service, timeoutMs: 200 };
const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error as ConnectorError,
  );

describe("callJson", () => {
  it("sends JSON with the idempotency key and answers the status and body for the adapter to read", async () => {
    const answer = await callJson(service, `${base}/404/json`, {
      method: "POST",
      headers: { "x-nl-api-key": "k" },
      json: { a: 1 },
      idempotencyKey: "key-1",
    });
    expect(answer).toEqual({ status: 404, body: { status: 404 } });
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      body: '{"a":1}',
      headers: { "content-type": "application/json", "idempotency-key": "key-1", "x-nl-api-key": "k" },
    });
  });

  it.each([
    ["a 5xx", "/503/json"],
    ["refused credentials", "/401/json"],
    ["an unreadable answer", "/200/html"],
    ["an empty answer", "/200/empty"],
    ["no answer in time", "/200/slow"],
  ])("classifies %s as unavailable", async (_name, path) => {
    const error = await failure(callJson(path.endsWith("slow") ? impatient : service, `${base}${path}`));
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ system: "billing", kind: "unavailable" });
  });

  it("lets an adapter read an empty body as {} and choose its own unavailable statuses", async () => {
    const lenient = { ...service, emptyBodyIsObject: true, unavailable: (status: number) => status === 429 };
    expect(await callJson(lenient, `${base}/200/empty`)).toEqual({ status: 200, body: {} });
    expect(await callJson(lenient, `${base}/503/json`)).toEqual({ status: 503, body: { status: 503 } });
    expect(await failure(callJson(lenient, `${base}/429/json`))).toMatchObject({ kind: "unavailable" });
  });
});

describe("guardAnswer", () => {
  class MissingConfig extends Error {}
  it("turns a malformed answer into unavailable and keeps ConnectorErrors and the listed errors", async () => {
    const rejected = new ConnectorError("billing", "rejected", "no");
    expect(await failure(guardAnswer(service, async () => JSON.parse("{")))).toMatchObject({ kind: "unavailable" });
    expect(await failure(guardAnswer(service, () => Promise.reject(rejected)))).toBe(rejected);
    const missing = new MissingConfig("BILLING_BASE_URL is not set");
    expect(await failure(guardAnswer(service, () => Promise.reject(missing), [MissingConfig]))).toBe(missing);
  });
});
