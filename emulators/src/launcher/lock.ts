import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Ports } from "../ports.ts";
import { stackDir } from "./stack-files.ts";

export interface StackInfo {
  pid: number;
  portalUrl: string;
  ports: Ports;
  sandboxes: Record<string, string>;
  /** Each function's host, its time to first answer after start and its process (the bench reads its peak memory). */
  functions: Record<string, { url: string; coldStartMs: number; pid?: number }>;
}

const infoFile = (ports: Ports) => join(stackDir(ports), "stack.json");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The stack already running on these ports, if any (its launcher is still alive). */
export function runningStack(ports: Ports): StackInfo | null {
  const file = infoFile(ports);
  if (!existsSync(file)) return null;
  const info = JSON.parse(readFileSync(file, "utf8")) as StackInfo;
  return alive(info.pid) ? info : null;
}

export function writeStackInfo(info: StackInfo): void {
  mkdirSync(stackDir(info.ports), { recursive: true });
  writeFileSync(infoFile(info.ports), JSON.stringify(info, null, 2));
}

export function removeStackInfo(ports: Ports): void {
  rmSync(infoFile(ports), { force: true });
}

/** A TCP port free on 127.0.0.1 right now (a Firestore emulator of a test run, a debugging port, a function host). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Ports some other program holds, so start-up can name them instead of failing obscurely. */
export async function busyPorts(ports: Record<string, number>, host: string): Promise<string[]> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    });
    if (!free) busy.push(`${name} (${port})`);
  }
  return busy;
}
