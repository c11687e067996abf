import { beforeAll, describe, expect, it } from "vitest";
import { moduleGraph, routeTableModules, secretReadsByFunction, secretsNamedIn } from "./__tests__/secret-reads";
import { HTTPS_FUNCTION_OPTIONS, JOB_OPTIONS } from "./function-options";
import * as entry from "./index";
import { JOBS, jobFunctionName } from "./jobs/registry";
import { SECRET_NAMES } from "./platform/params";
import { ROUTE_TABLE_LOADERS } from "./route-loaders";

interface Endpoint {
  secretEnvironmentVariables?: { key: string }[];
  availableMemoryMb?: number;
}

/** What firebase-functions puts in the deploy manifest for each function, by its deployed id. */
function deployedEndpoints(): Record<string, Endpoint> {
  const endpoints: Record<string, Endpoint> = {};
  const { jobs, ...https } = entry as unknown as Record<string, { __endpoint: Endpoint }> & {
    jobs: Record<string, { __endpoint: Endpoint }>;
  };
  for (const [name, fn] of Object.entries(https)) if (fn?.__endpoint) endpoints[name] = fn.__endpoint;
  for (const [name, fn] of Object.entries(jobs)) endpoints[`jobs-${name}`] = fn.__endpoint;
  return endpoints;
}

const declared = (endpoint: Endpoint) => (endpoint.secretEnvironmentVariables ?? []).map(({ key }) => key).sort();

describe("secrets", () => {
  let reads: Record<string, string[]>;
  beforeAll(async () => {
    reads = await secretReadsByFunction();
  }, 60_000);

  it("binds to each function exactly the credentials its code reads", () => {
    const endpoints = deployedEndpoints();
    expect(Object.keys(reads).sort()).toEqual(Object.keys(endpoints).sort());
    const mismatches = Object.entries(endpoints)
      .map(([id, endpoint]) => ({ id, reads: reads[id], declares: declared(endpoint) }))
      .filter(({ reads, declares }) => JSON.stringify(reads) !== JSON.stringify(declares));
    expect(mismatches).toEqual([]);
  });

  it("finds every way the code reads a credential, and no comment", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "secret-reads-"));
    const file = join(dir, "probe.ts");
    writeFileSync(
      file,
      [
        "// CRM_PASSWORD in a comment is not a read",
        "export const a = (env: NodeJS.ProcessEnv) => env.BILLING_API_KEY;",
        "export const { CORE_API_KEY } = process.env;",
        'export const b = process.env["FORMS_API_KEY"];',
        'export const c = (env: NodeJS.ProcessEnv, name = "GIS_TOKEN") => env[name];',
      ].join("\n"),
    );
    expect([...secretsNamedIn(file)].sort()).toEqual(["BILLING_API_KEY", "CORE_API_KEY", "FORMS_API_KEY", "GIS_TOKEN"]);
  });

  it("follows lazy imports into a function's graph (jsforce's connector loads on first use)", () => {
    const graph = [...moduleGraph([routeTableModules().salesforce as string])];
    expect(graph.some((file) => file.endsWith("connectors/crm/jsforce-crm-connector.ts"))).toBe(true);
    expect(graph.some((file) => file.endsWith("connectors/crm/config.ts"))).toBe(true);
  });

  it("declares every credential some function reads, and reads every one it declares", () => {
    const read = new Set(Object.values(reads).flat());
    expect([...read].sort()).toEqual([...SECRET_NAMES].sort());
  });
});

describe("resources", () => {
  it("gives every HTTPS function and every job its options", () => {
    expect(Object.keys(HTTPS_FUNCTION_OPTIONS).sort()).toEqual(Object.keys(ROUTE_TABLE_LOADERS).sort());
    expect(Object.keys(JOB_OPTIONS).sort()).toEqual(JOBS.map((job) => job.name).sort());
  });

  it("sets memory on every deployed function, the bulk push job's for 100,000 devices", () => {
    const endpoints = deployedEndpoints();
    for (const [id, endpoint] of Object.entries(endpoints)) expect(endpoint.availableMemoryMb, id).toBeGreaterThan(0);
    const bulkPush = endpoints[`jobs-${jobFunctionName({ name: "bulk-push" })}`];
    expect(bulkPush?.availableMemoryMb).toBeGreaterThanOrEqual(1024);
  });
});
