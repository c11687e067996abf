import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredHeaders, functionFor, type HostingConfig, startHostingFront } from "./hosting-front.ts";
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

/** The headers firebase.json gives a path, as Hosting applies its rules (a later rule's value wins). */
const headersOf = (path: string) =>
  new Map(configuredHeaders(firebaseJson.hosting, path).map(([key, value]) => [key.toLowerCase(), value]));
const scriptSrc = (csp: string | undefined) => /script-src ([^;]*)/.exec(csp ?? "")?.[1]?.trim();

describe("firebase.json headers: security headers on documents, not on every script", () => {
  const documentKeys = ["content-security-policy", "x-frame-options", "referrer-policy", "permissions-policy"];

  it("every SPA path and page file gets the document headers, uncached", () => {
    for (const path of [
      "/",
      "/login",
      "/activity/start",
      "/account/create/address",
      "/no-such-page",
      "/users/view/x/y",
    ]) {
      const headers = headersOf(path);
      for (const key of documentKeys) expect(headers.get(key), `${path} ${key}`).toBeTruthy();
      expect(headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(headers.get("x-frame-options"), path).toBe("DENY");
      expect(headers.get("cache-control"), path).toBe("no-cache");
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("the payment-frame pages keep their stricter policy (scripts from 'self' only)", () => {
    for (const path of [
      "/payment",
      "/paymentLPI",
      "/add-stored-payment",
      "/add-stored-payment-mobile",
      "/businesslicense",
      // The console's person view, where staff take a card by phone in the gateway's frame (issue 31).
      "/console/people/Qx7uP2mZ9aB",
    ]) {
      expect(scriptSrc(headersOf(path).get("content-security-policy")), path).toBe("'self'");
    }
    expect(scriptSrc(headersOf("/login").get("content-security-policy"))).toContain("https://");
  });

  it("every spelling of a payment-frame path the router accepts gets the strict policy (issue 26, finding 6)", () => {
    for (const path of [
      "/Payment",
      "/PAYMENT",
      "/payment/",
      "/payment//",
      "/paymentlpi",
      "/PaymentLPI/",
      "/Add-Stored-Payment",
      "/Add-Stored-Payment-Mobile",
      "/add-stored-payment-mobile/",
      "/BusinessLicense",
      "/Console/People/Qx7uP2mZ9aB/",
    ]) {
      expect(scriptSrc(headersOf(path).get("content-security-policy")), path).toBe("'self'");
    }
    for (const path of [
      "/payment/payment-history",
      "/payment/water-bill-payment-records",
      "/payments",
      "/xpayment",
      "/console",
      "/console/people",
    ]) {
      expect(scriptSrc(headersOf(path).get("content-security-policy")), path).toContain("https://");
    }
  });

  it("a script, a stylesheet or an API answer gets nosniff and HSTS but no document header", () => {
    for (const path of [
      "/assets/index-abc123.js",
      "/assets/index-abc123.css",
      "/runtime-config.js",
      "/early-requests.js",
      "/favicon.svg",
      "/api/users",
      "/api/payment/history",
    ]) {
      const headers = headersOf(path);
      for (const key of documentKeys) expect(headers.get(key), `${path} ${key}`).toBeUndefined();
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(headers.get("strict-transport-security"), path).toContain("max-age=");
    }
    expect(headersOf("/assets/index-abc123.js").get("cache-control")).toContain("immutable");
    // Not fingerprinted: a deploy must reach the next page load.
    for (const path of ["/runtime-config.js", "/early-requests.js"]) {
      expect(headersOf(path).get("cache-control"), path).toBe("no-cache");
    }
  });

  it("the SPA fallback to index.html only answers paths that get the document headers", () => {
    const fallbacks = (firebaseJson.hosting.rewrites as { source: string; destination?: string }[]).filter(
      (rewrite) => rewrite.destination === "/index.html",
    );
    expect(fallbacks.length).toBeGreaterThan(0);
    const documentRules = (firebaseJson.hosting.headers ?? []).filter((rule) =>
      rule.headers.some((header) => header.key === "Content-Security-Policy"),
    );
    for (const fallback of fallbacks) {
      expect(documentRules.map((rule) => rule.source)).toContain(fallback.source);
    }
    // Every rule that carries the portal's CSP carries the same document headers.
    const general = documentRules.filter((rule) => rule.headers.length > 1);
    for (const rule of general) expect(rule.headers, rule.source).toEqual(general[0]?.headers);
  });
});

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
    // Hosting's headers rules apply to function answers too, but the document-only ones leave /api
    // out: JSON gets nosniff and HSTS, no CSP. Function answers are private by default.
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("strict-transport-security")).toContain("max-age=");
    expect(answer.headers.get("content-security-policy")).toBeNull();
    expect(answer.headers.get("x-frame-options")).toBeNull();
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
