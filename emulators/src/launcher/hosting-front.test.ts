import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { functionFor, type HostingConfig, startHostingFront } from "./hosting-front.ts";
import { repoRoot } from "./stack-files.ts";

const firebaseJson = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8")) as { hosting: HostingConfig };

interface Seen {
  upstream: string;
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A real HTTP server standing for a function host or the Hosting emulator; it echoes what it got. */
async function echoServer(name: string, seen: Seen[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ upstream: name, method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json", "x-upstream": name }).end(JSON.stringify({ name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe("hosting front door", () => {
  const seen: Seen[] = [];
  const servers: Server[] = [];
  let front: Awaited<ReturnType<typeof startHostingFront>>;
  let base: string;

  beforeAll(async () => {
    const payment = await echoServer("payment", seen);
    const users = await echoServer("users", seen);
    const hosting = await echoServer("hosting", seen);
    servers.push(payment, users, hosting);
    front = await startHostingFront(
      firebaseJson.hosting,
      { functions: { payment: urlOf(payment), users: urlOf(users) }, hosting: urlOf(hosting) },
      0,
      "127.0.0.1",
    );
    base = `http://127.0.0.1:${(front.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await front?.close();
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("matches firebase.json's rewrites in order, as Hosting does", () => {
    const rewrites = firebaseJson.hosting.rewrites.flatMap((rewrite) =>
      rewrite.function
        ? [
            {
              source: rewrite.source,
              functionName: typeof rewrite.function === "string" ? rewrite.function : rewrite.function.functionId,
            },
          ]
        : [],
    );
    expect(functionFor(rewrites, "/api/payment/history")).toBe("payment");
    expect(functionFor(rewrites, "/api/users/profile/abc")).toBe("users");
    expect(functionFor(rewrites, "/dashboard")).toBeUndefined();
    expect(functionFor(rewrites, "/assets/index.js")).toBeUndefined();
  });

  it("sends a function's request with its full path, body and Hosting's forwarding headers", async () => {
    const answer = await fetch(`${base}/api/payment/history?page=2`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer token" },
      body: JSON.stringify({ amountCents: 1250 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-upstream")).toBe("payment");
    // Hosting's headers rules apply to function answers too; function answers are private by default.
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("cache-control")).toBe("private");
    expect(answer.headers.get("vary")).toContain("Authorization");
    const request = seen.find((entry) => entry.upstream === "payment");
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/api/payment/history?page=2");
    expect(request?.body).toBe(JSON.stringify({ amountCents: 1250 }));
    expect(request?.headers.authorization).toBe("Bearer token");
    expect(request?.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(request?.headers["x-forwarded-host"]).toBe(new URL(base).host);
  });

  it("passes every other path to the Hosting emulator untouched", async () => {
    const answer = await fetch(`${base}/view-all-services`);
    expect(answer.headers.get("x-upstream")).toBe("hosting");
    expect(answer.headers.get("content-security-policy")).toBeNull();
    expect(seen.find((entry) => entry.upstream === "hosting")?.url).toBe("/view-all-services");
  });

  it("answers 502 when a function host is down", async () => {
    const down = await startHostingFront(
      firebaseJson.hosting,
      { functions: { users: "http://127.0.0.1:1" }, hosting: urlOf(servers[2] as Server) },
      0,
      "127.0.0.1",
    );
    try {
      const answer = await fetch(`http://127.0.0.1:${(down.server.address() as AddressInfo).port}/api/auth`);
      expect(answer.status).toBe(502);
    } finally {
      await down.close();
    }
  });
});
