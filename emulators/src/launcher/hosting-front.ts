import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import { minimatch } from "minimatch";

/**
 * The portal's front door, playing Firebase Hosting's part for function rewrites: firebase-tools'
 * Hosting emulator can only forward a `function` rewrite to its own Functions emulator, so this
 * server sends `/api/**` (as firebase.json rewrites it) to the function hosts, with the full path
 * and the headers production Hosting adds, and everything else to the Hosting emulator (static
 * files, gzip, headers, SPA fallback) untouched.
 */
export interface HostingConfig {
  rewrites: { source: string; function?: string | { functionId: string } }[];
  /** A rule names its paths by a glob (`source`) or, as Hosting allows, an RE2 `regex`. */
  headers?: { source?: string; regex?: string; headers: { key: string; value: string }[] }[];
}

export interface FrontRoutes {
  /** Where each function's host listens, by function name. */
  functions: Record<string, string>;
  /** The Hosting emulator's base URL. */
  hosting: string;
}

interface FunctionRewrite {
  source: string;
  functionName: string;
}

/** The function a request path goes to, as Hosting matches rewrites: the first matching glob wins. */
export function functionFor(rewrites: FunctionRewrite[], path: string): string | undefined {
  return rewrites.find((rewrite) => minimatch(path, rewrite.source))?.functionName;
}

function functionRewrites(config: HostingConfig): FunctionRewrite[] {
  return config.rewrites.flatMap((rewrite) => {
    if (!rewrite.function) return [];
    const functionName = typeof rewrite.function === "string" ? rewrite.function : rewrite.function.functionId;
    return [{ source: rewrite.source, functionName }];
  });
}

/**
 * The headers firebase.json's `headers` rules give a path, in rule order (a later rule's value for
 * the same key wins, as superstatic sets them one after the other). Hosting applies them to function
 * answers too (the function's own headers win). The document-only rules (CSP, X-Frame-Options,
 * Referrer-Policy, Permissions-Policy) leave `/api/**` out, so API answers carry just `**`'s
 * nosniff and HSTS.
 */
export function configuredHeaders(config: HostingConfig, path: string): [string, string][] {
  return (config.headers ?? []).flatMap((rule) =>
    headerRuleMatches(rule, path) ? rule.headers.map((header): [string, string] => [header.key, header.value]) : [],
  );
}

/**
 * Whether a header rule applies to a path, as superstatic (Hosting) matches it: a glob with
 * minimatch, a regex against the raw path (RE2 there; the rules use only syntax both engines share).
 */
function headerRuleMatches(rule: { source?: string; regex?: string }, path: string): boolean {
  if (rule.source) return minimatch(path, rule.source);
  return rule.regex ? new RegExp(rule.regex, "u").test(path) : false;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te"]);

export function startHostingFront(
  config: HostingConfig,
  routes: FrontRoutes,
  port: number,
  host: string,
): Promise<{ server: Server; close: () => Promise<void> }> {
  const rewrites = functionRewrites(config);
  // A new connection to the upstream for each request. The function hosts and the Hosting emulator
  // close a connection idle for 5 s (Node's keepAliveTimeout), and a pooled connection can be picked
  // just as that close arrives: the request then fails with "socket hang up" and the browser gets a
  // 502 that no function logged. Node's agent retires idle sockets 1 s early, but the front door
  // shared the launcher's event loop with the then embedded Firestore, and on a loaded machine that loop
  // lags by more than that. Two failures of a loaded CI run fit this: a page stuck on "Loading the
  // portal…" and a license-fee POST that failed without reaching any function's log. Loopback
  // connections cost microseconds.
  const upstreamAgent = new Agent({ keepAlive: false, maxSockets: 256 });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://front").pathname;
    const functionName = functionFor(rewrites, path);
    const target = functionName ? routes.functions[functionName] : routes.hosting;
    if (!target) {
      res.writeHead(500, { "content-type": "text/plain" }).end(`No host for function ${functionName}\n`);
      return;
    }
    forward(
      req,
      res,
      target,
      upstreamAgent,
      functionName ? configuredHeaders(config, path) : [],
      Boolean(functionName),
    );
  });
  // Browsers and load tests keep connections open; Hosting does too.
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve({
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            upstreamAgent.destroy();
          }),
      });
    });
  });
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  agent: Agent,
  extraHeaders: [string, string][],
  toFunction: boolean,
): void {
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
  }
  if (toFunction) {
    // What Hosting adds in front of a function: who asked, through which host and URL.
    const client = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${client}` : client;
    headers["x-forwarded-host"] = req.headers.host ?? "";
    headers["x-forwarded-proto"] ??= "http";
    headers["x-original-url"] = req.url ?? "/";
  }
  const upstream = request(new URL(req.url ?? "/", target), { method: req.method, headers, agent }, (answer) => {
    const out: Record<string, string | string[]> = {};
    if (toFunction) for (const [key, value] of extraHeaders) out[key.toLowerCase()] = value;
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
    }
    if (toFunction) {
      // As Hosting: function answers are private unless the function says otherwise.
      out["cache-control"] ??= "private";
      const vary = new Set(
        String(out.vary ?? "")
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      );
      for (const required of ["Accept-Encoding", "Authorization", "Cookie"]) vary.add(required);
      out.vary = [...vary].join(", ");
    }
    res.writeHead(answer.statusCode ?? 502, out);
    answer.pipe(res);
  });
  upstream.on("error", (error) => {
    if (res.headersSent) {
      res.destroy(error);
      return;
    }
    res.writeHead(502, { "content-type": "text/plain" }).end(`Upstream ${target} failed: ${error.message}\n`);
  });
  // A client that hangs up stops the upstream request too.
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
