import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Express, type NextFunction, type Request, type Response } from "express";

/** Fault knobs every sandbox has, set through PUT /__control/faults. */
export interface Faults {
  /** Added delay before every answer, in ms. */
  latencyMs: number;
  /** Share of requests (0..1) answered with the system's own failure (usually HTTP 500/503). */
  failureRate: number;
  /** When true the sandbox drops every connection, as an unreachable host would. */
  down: boolean;
}

export const NO_FAULTS: Faults = { latencyMs: 0, failureRate: 0, down: false };

export interface SandboxDefinition {
  /** Short system name, e.g. `crm`; also the folder name under sandboxes/. */
  name: string;
  /** Builds the protocol app. Control routes and fault handling are added around it. */
  createApp: (context: SandboxContext) => Express;
  /**
   * Environment variables the functions need to reach this sandbox through their adapter,
   * given the sandbox's base URL (e.g. `{ CRM_LOGIN_URL: url }`).
   */
  env: (baseUrl: string) => Record<string, string>;
  /** How a failure looks in this protocol; defaults to a 503 with a JSON body. */
  fail?: (req: Request, res: Response) => void;
  /** More control routes under /__control (answered even while the sandbox is `down`). */
  control?: (router: express.Router, context: SandboxContext) => void;
  /**
   * A second listener for a protocol that is not HTTP (the mail sandbox's SMTP), started on the HTTP
   * port + 1 (so `env` can name it from the base URL); answers how to close it.
   */
  listen?: (context: SandboxContext, host: string, port: number) => Promise<() => Promise<void>>;
}

export interface SandboxContext {
  /** The URL this sandbox answers on, known once it listens (for links it hands out). */
  baseUrl: () => string;
  /** Registers work for POST /__control/reset beyond faults and counters (e.g. clearing recorded messages). */
  onReset: (reset: () => void) => void;
  /** The fault knobs as set now (for a listener that is not HTTP). */
  faults: () => Faults;
  /** Counts one request under a key in GET /__control/counters (for a listener that is not HTTP). */
  count: (key: string) => void;
}

export interface RunningSandbox {
  name: string;
  url: string;
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * Starts a sandbox on a port (0 picks a free one) with its control endpoint:
 * GET/PUT /__control/faults, GET /__control/counters, POST /__control/reset, GET /__control/health.
 */
export async function startSandbox(
  definition: SandboxDefinition,
  port = 0,
  host = "127.0.0.1",
): Promise<RunningSandbox> {
  let faults: Faults = { ...NO_FAULTS };
  let counters: Record<string, number> = {};
  let total = 0;
  let url = "";
  const resets: (() => void)[] = [];
  const context: SandboxContext = {
    baseUrl: () => url,
    onReset: (reset) => resets.push(reset),
    faults: () => faults,
    count: (key) => {
      total++;
      counters[key] = (counters[key] ?? 0) + 1;
    },
  };
  const protocol = definition.createApp(context);

  const app = express();
  app.disable("x-powered-by");
  const control = express.Router();
  control.use(express.json());
  control.get("/health", (_req, res) => {
    res.json({ ok: true, name: definition.name });
  });
  control.get("/faults", (_req, res) => {
    res.json(faults);
  });
  control.put("/faults", (req, res) => {
    const next = { ...faults, ...(req.body as Partial<Faults>) };
    if (
      typeof next.latencyMs !== "number" ||
      next.latencyMs < 0 ||
      typeof next.failureRate !== "number" ||
      next.failureRate < 0 ||
      next.failureRate > 1 ||
      typeof next.down !== "boolean"
    ) {
      res.status(400).json({ error: "latencyMs >= 0, 0 <= failureRate <= 1, down boolean" });
      return;
    }
    faults = next;
    res.json(faults);
  });
  control.get("/counters", (_req, res) => {
    res.json({ total, byRoute: counters });
  });
  control.post("/reset", (_req, res) => {
    faults = { ...NO_FAULTS };
    counters = {};
    total = 0;
    for (const reset of resets) reset();
    res.json({ ok: true });
  });
  definition.control?.(control, context);
  app.use("/__control", control);

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    // A sandbox's own control routes (recorded messages, knobs) answer whatever the faults are.
    if (req.path.startsWith("/__control/")) {
      next();
      return;
    }
    if (faults.down) {
      req.socket.destroy();
      return;
    }
    total++;
    const key = `${req.method} ${req.path.replace(/\/[0-9A-Za-z]{15,18}(?=\/|$)/g, "/:id")}`;
    counters[key] = (counters[key] ?? 0) + 1;
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.failureRate > 0 && Math.random() < faults.failureRate) {
      if (definition.fail) definition.fail(req, res);
      else res.status(503).json({ error: "sandbox failure (fault knob)" });
      return;
    }
    next();
  });
  app.use(protocol);

  const listenHttp = async (at: number) => {
    const server: Server = createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(at, host, () => resolve());
    });
    const close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { port: (server.address() as AddressInfo).port, close };
  };
  let http = await listenHttp(port);
  let closeMore = async () => {};
  if (definition.listen) {
    // The second listener takes the next port; with a free port asked for (0), try again where both are free.
    for (let attempt = 0; ; attempt++) {
      try {
        url = `http://${host}:${http.port}`;
        closeMore = await definition.listen(context, host, http.port + 1);
        break;
      } catch (error) {
        if (port !== 0 || attempt >= 20 || (error as { code?: string }).code !== "EADDRINUSE") throw error;
        await http.close();
        http = await listenHttp(0);
      }
    }
  }
  url = `http://${host}:${http.port}`;
  return {
    name: definition.name,
    url,
    env: definition.env(url),
    close: async () => {
      await closeMore();
      await http.close();
    },
  };
}

/** Client side of the control endpoint, for tests and the launcher. */
export function sandboxControl(baseUrl: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/__control${path}`, {
      method,
      headers: body ? { "content-type": "application/json" } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}`);
    return response.json();
  };
  return {
    setFaults: (faults: Partial<Faults>) => call("PUT", "/faults", faults) as Promise<Faults>,
    counters: () => call("GET", "/counters") as Promise<{ total: number; byRoute: Record<string, number> }>,
    reset: () => call("POST", "/reset"),
    health: () => call("GET", "/health"),
  };
}
