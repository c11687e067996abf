import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS } from "./contract/access";
import { JOBS, jobFunctionName } from "./jobs/registry";
import { ROUTE_TABLES } from "./registry";
import { ROUTE_TABLE_LOADERS } from "./route-loaders";

interface Rewrite {
  source: string;
  function?: { functionId: string };
}
const firebaseJson = JSON.parse(readFileSync(join(__dirname, "..", "..", "firebase.json"), "utf8"));
const rewrites = firebaseJson.hosting.rewrites as Rewrite[];

/** Hosting's glob: `**` any depth, `*` one segment. */
const globMatches = (glob: string, path: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*\*/g, "§")
      .replace(/\*/g, "[^/]*")
      .replace(/§/g, ".*")}$`,
  ).test(path);

describe("route registry", () => {
  it("each function loads its own route table on demand, and every table has a loader", async () => {
    expect(Object.keys(ROUTE_TABLE_LOADERS).sort()).toEqual(ROUTE_TABLES.map((table) => table.functionName).sort());
    for (const [name, load] of Object.entries(ROUTE_TABLE_LOADERS)) {
      const table = await load();
      expect(table.functionName).toBe(name);
      expect(table).toBe(ROUTE_TABLES.find((candidate) => candidate.functionName === name));
    }
  });

  it("every route has a known access level and a unique method and path", () => {
    const seen = new Set<string>();
    for (const table of ROUTE_TABLES) {
      for (const route of table.routes) {
        expect(ACCESS_LEVELS).toContain(route.access);
        const key = `${route.method} ${route.path}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it("firebase.json sends every route to its own function (first matching rewrite wins)", () => {
    for (const table of ROUTE_TABLES) {
      for (const route of table.routes) {
        const concrete = route.path.replace(/:[A-Za-z0-9_]+/g, "x");
        const first = rewrites.find((rewrite) => globMatches(rewrite.source, concrete));
        expect(first?.function?.functionId, `${route.method} ${route.path}`).toBe(table.functionName);
      }
    }
  });

  it("index.ts exports one HTTPS function per table", async () => {
    const exported = await import("./index");
    for (const table of ROUTE_TABLES) expect(exported, table.functionName).toHaveProperty(table.functionName);
  });
});

describe("rewrites", () => {
  it("each table's rewrites are exactly the firebase.json rewrites to its function", () => {
    for (const table of ROUTE_TABLES) {
      const inFirebaseJson = rewrites.filter(
        (r) => r.function?.functionId === table.functionName && r.source !== "/api/**",
      );
      expect(inFirebaseJson.map((r) => r.source).sort(), table.functionName).toEqual([...table.rewrites].sort());
    }
  });

  it("index.ts exports every job as a scheduled function of the jobs group", async () => {
    const { jobs } = (await import("./index")) as unknown as { jobs: Record<string, { __endpoint?: unknown }> };
    expect(Object.keys(jobs)).toEqual(JOBS.map(jobFunctionName));
    for (const job of JOBS) {
      expect(jobs[jobFunctionName(job)]?.__endpoint, job.name).toMatchObject({
        scheduleTrigger: { schedule: job.schedule },
      });
    }
  });
});
