/**
 * The deploy check (issue 25): what `firebase deploy` would do with the functions, offline, with
 * firebase-tools' own code on the built package as deploy packs it. Its runtime guard must accept the
 * runtime, its discovery must find every HTTPS function and scheduled job with their secrets and
 * memory, and the upload installed on its own must load on production's Node and reach the CRM.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { functionNodeBinary, productionNodeMajor } from "../../emulators/src/launcher/function-node.ts";
import { crmSandbox } from "../../emulators/src/sandboxes/crm/index.ts";
import { type RunningSandbox, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { secretReadsByFunction } from "../../functions/src/__tests__/secret-reads.ts";
import { JOBS, jobFunctionName } from "../../functions/src/jobs/registry.ts";
import { ROUTE_TABLES } from "../../functions/src/registry.ts";
import {
  firebaseJson,
  firebaseTools,
  functionsConfig,
  loadedPackages,
  type PackedFunctions,
  packFunctions,
  repoRoot,
} from "./packed-functions.ts";

const PROJECT_ID = "demo-city-portal";

interface Endpoint {
  platform: string;
  httpsTrigger?: object;
  scheduleTrigger?: { schedule: unknown };
  availableMemoryMb?: unknown;
  secretEnvironmentVariables?: { key: string }[];
}
interface Build {
  endpoints: Record<string, Endpoint>;
  params: { name: string; type: string }[];
}
interface Delegate {
  runtime: string;
  validate: () => Promise<void>;
  discoverBuild: (config: object, env: Record<string, string>) => Promise<Build>;
}

const supported = firebaseTools("./deploy/functions/runtimes/supported") as {
  guardVersionSupport: (runtime: string, now?: Date) => void;
};
const { getRuntimeDelegate } = firebaseTools("./deploy/functions/runtimes") as {
  getRuntimeDelegate: (context: {
    projectId: string;
    sourceDir: string;
    projectDir: string;
    runtime?: string;
  }) => Promise<Delegate>;
};
const { getRuntimeChoice } = firebaseTools("./deploy/functions/runtimes/node/parseRuntimeAndValidateSDK") as {
  getRuntimeChoice: (sourceDir: string, runtime?: string) => string;
};
const functionsEnv = firebaseTools("./functions/env") as {
  loadUserEnvs: (options: { functionsSource: string; projectId: string; projectDir: string }) => Record<string, string>;
  parse: (text: string) => { envs: Record<string, string>; errors: string[] };
};
const { resolveParams } = firebaseTools("./deploy/functions/params") as {
  resolveParams: (options: {
    params: Build["params"];
    firebaseConfig: { projectId: string };
    userEnvs: Record<string, string>;
    nonInteractive: boolean;
    isEmulator: boolean;
  }) => Promise<Record<string, unknown>>;
};

let packed: PackedFunctions;
let build: Build;
/** Discovery's endpoints with their ids (the deployed function names: `users`, `jobs-bulkPush`). */
const endpoints = () => Object.entries(build.endpoints).map(([id, endpoint]) => ({ id, ...endpoint }));

beforeAll(async () => {
  // firebase-tools' guard first: a decommissioned runtime in firebase.json stops deploy before anything else.
  supported.guardVersionSupport(functionsConfig.runtime as string);
  packed = await packFunctions();
  // As firebase-tools' prepare step (loadCodebases) does, on the packed folder: the delegate, the runtime
  // guard, the delegate's validation, then discovery, which serves the entry with the package's
  // firebase-functions and reads its manifest at /__/functions.yaml. Its `node` is production's.
  const delegate = await getRuntimeDelegate({
    projectId: PROJECT_ID,
    sourceDir: packed.dir,
    projectDir: packed.dir,
    runtime: functionsConfig.runtime,
  });
  supported.guardVersionSupport(delegate.runtime);
  await delegate.validate();
  const path = process.env.PATH;
  process.env.PATH = `${dirname(functionNodeBinary())}:${path}`;
  try {
    const env = functionsEnv.loadUserEnvs({ functionsSource: packed.dir, projectId: PROJECT_ID, projectDir: repoRoot });
    build = await delegate.discoverBuild(
      { firebase: { projectId: PROJECT_ID } },
      { ...env, GCLOUD_PROJECT: PROJECT_ID },
    );
  } finally {
    process.env.PATH = path;
  }
}, 600_000);

afterAll(() => {
  if (packed) rmSync(packed.dir, { recursive: true, force: true });
});

describe("firebase deploy, with no --only", () => {
  it("deploys Hosting, the functions, Firestore rules and indexes and Storage rules, each built first", () => {
    const { Config } = firebaseTools("./config") as {
      Config: new (src: unknown, options: { projectDir: string; cwd: string }) => { has: (key: string) => boolean };
    };
    const { VALID_DEPLOY_TARGETS } = firebaseTools("./deploy") as { VALID_DEPLOY_TARGETS: string[] };
    const { filterTargets } = firebaseTools("./filterTargets") as {
      filterTargets: (options: { config: unknown }, targets: string[]) => string[];
    };
    const config = new Config(firebaseJson, { projectDir: repoRoot, cwd: repoRoot });
    expect(filterTargets({ config }, [...VALID_DEPLOY_TARGETS]).sort()).toEqual(
      ["firestore", "functions", "hosting", "storage"].sort(),
    );
    const json = firebaseJson as unknown as {
      firestore: { rules: string; indexes: string };
      storage: { rules: string };
      hosting: { predeploy?: string[] };
      functions: { predeploy?: string[] }[];
    };
    for (const file of [json.firestore.rules, json.firestore.indexes, json.storage.rules]) {
      expect(existsSync(join(repoRoot, file)), file).toBe(true);
    }
    expect(readFileSync(join(repoRoot, json.storage.rules), "utf8")).toMatch(/allow read, write: if false;/);
    expect(json.hosting.predeploy?.join(" ")).toContain("predeploy-hosting.mjs");
    expect(json.functions[0]?.predeploy?.join(" ")).toContain("run build");
  });
});

describe("Firestore indexes and TTL policies", () => {
  const spec = JSON.parse(readFileSync(join(repoRoot, "firestore.indexes.json"), "utf8")) as {
    fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
  };

  it("pass firebase-tools' own validation of firestore.indexes.json", () => {
    const { FirestoreApi } = firebaseTools("./firestore/api") as {
      FirestoreApi: new () => { validateSpec: (spec: unknown) => void };
    };
    expect(() => new FirestoreApi().validateSpec(spec)).not.toThrow();
  });

  it("lapse the documents that only matter until expiresAt, and never payments", () => {
    const ttl = spec.fieldOverrides
      .filter((field) => field.ttl)
      .map((field) => `${field.collectionGroup}.${field.fieldPath}`);
    // Throttle windows, answered SAML requests, mobile add-card codes, unanswered invitations and
    // delivered in-app messages' records (the only outbox entries given an expiresAt).
    expect(ttl.sort()).toEqual(
      ["mobileCardCodes", "orgInvitations", "outbox", "samlRequests", "throttles"].map((name) => `${name}.expiresAt`),
    );
    expect(ttl.some((field) => field.startsWith("payments."))).toBe(false);
  });
});

describe("runtime", () => {
  it("is one firebase-tools deploys today, from firebase.json and from the package's engines alike", () => {
    const runtime = getRuntimeChoice(packed.dir, functionsConfig.runtime);
    expect(() => supported.guardVersionSupport(runtime)).not.toThrow();
    const fromEngines = getRuntimeChoice(packed.dir, undefined);
    expect(fromEngines).toBe(runtime);
    expect(() => supported.guardVersionSupport(fromEngines)).not.toThrow();
  });

  it("is the Node the local function hosts run", () => {
    expect(functionsConfig.runtime).toBe(`nodejs${productionNodeMajor()}`);
  });
});

describe("upload", () => {
  it("carries the workspace's lockfile for functions (scripts/functions-lock.mjs)", () => {
    expect(packed.files).toContain("package-lock.json");
    const check = spawnSync(process.execPath, [join(repoRoot, "scripts", "functions-lock.mjs"), "--check"], {
      encoding: "utf8",
    });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("holds the built entry and no sources, tests or node_modules (firebase.json's ignore)", () => {
    expect(packed.files).toContain("package.json");
    expect(packed.files).toContain("lib/index.js");
    expect(packed.files.filter((file) => /^src\/|node_modules\/|\.test\.|__tests__/.test(file))).toEqual([]);
  });

  it("installs on its own the very versions the workspace runs (jsforce's undici included)", () => {
    const installed = loadedPackages(packed.installDir);
    const workspace = loadedPackages(join(repoRoot, functionsConfig.source));
    const differences: string[] = [];
    for (const name of new Set([...installed.keys(), ...workspace.keys()])) {
      const deployed = [...(installed.get(name) ?? [])].sort().join(", ") || "none";
      const local = [...(workspace.get(name) ?? [])].sort().join(", ") || "none";
      if (deployed !== local) differences.push(`${name}: deployed ${deployed}, workspace ${local}`);
    }
    expect(differences).toEqual([]);
    expect(installed.get("jsforce")?.size).toBe(1);
  });
});

describe("discovery", () => {
  it("finds every HTTPS function: one per route table, each one Hosting rewrites to", () => {
    const https = endpoints()
      .filter((endpoint) => endpoint.httpsTrigger)
      .map((endpoint) => endpoint.id)
      .sort();
    expect(https).toEqual(ROUTE_TABLES.map((table) => table.functionName).sort());
    const rewritten = new Set(
      firebaseJson.hosting.rewrites.flatMap((rewrite) =>
        typeof rewrite.function === "object" ? [rewrite.function.functionId] : [],
      ),
    );
    expect([...rewritten].sort()).toEqual(https);
  });

  it("finds every scheduled job", () => {
    const scheduled = endpoints().filter((endpoint) => endpoint.scheduleTrigger);
    expect(scheduled.map((endpoint) => endpoint.id).sort()).toEqual(
      JOBS.map((job) => `jobs-${jobFunctionName(job)}`).sort(),
    );
    for (const endpoint of scheduled) expect(endpoint.scheduleTrigger?.schedule, endpoint.id).toBeTruthy();
  });

  it("gives every function the secrets its code reads, and memory", async () => {
    const reads = await secretReadsByFunction();
    const found = Object.fromEntries(
      endpoints().map((endpoint) => [
        endpoint.id,
        (endpoint.secretEnvironmentVariables ?? []).map(({ key }) => key).sort(),
      ]),
    );
    expect(found).toEqual(reads);
    for (const endpoint of endpoints()) {
      expect(typeof endpoint.availableMemoryMb, endpoint.id).toBe("number");
    }
    const secrets = build.params.filter((param) => param.type === "secret").map((param) => param.name);
    expect(secrets.sort()).toEqual([...new Set(Object.values(reads).flat())].sort());
  });
});

describe("discovery's load", () => {
  // firebase-tools gives discovery a fixed 10 s (detectFromPort) to start production's Node, load the
  // entry and answer /__/functions.yaml. Under load the entry once passed it: it imported
  // `firebase-functions` and `firebase-functions/v2`, whose indexes load every trigger provider
  // (database, Firestore, Pub/Sub...) with their clients, and the dispatcher (zod, the Firestore
  // client). Measured at load 14-17, the entry's require took 2.5-5.9 s and discovery's answer up to
  // 9.8 s; with the entry alone, 1.3-2.7 s and at most 6.2 s. So the entry loads the manifest's code
  // only; the dispatcher and route table load when the function's instance starts.
  it("loads only the trigger providers the functions use, and no route, dispatcher, data or connector code", async () => {
    const script = `
      require("./lib/index.js");
      const lib = require("path").join(process.cwd(), "lib") + "/";
      const marker = "/firebase-functions/lib/";
      const loaded = Object.keys(require.cache);
      console.log(JSON.stringify({
        providers: loaded.filter((path) => path.includes(marker) && path.includes("/providers/"))
          .map((path) => path.slice(path.indexOf(marker) + marker.length)).sort(),
        ours: loaded.filter((path) => path.startsWith(lib)).map((path) => path.slice(lib.length)).sort(),
      }));`;
    const result = spawnSync(functionNodeBinary(), ["-e", script], {
      cwd: packed.dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, FUNCTIONS_CONTROL_API: "true" },
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    const { providers, ours } = JSON.parse(result.stdout.trim().split("\n").at(-1) as string) as {
      providers: string[];
      ours: string[];
    };
    expect(providers).toEqual(["common/providers/https.js", "v2/providers/https.js", "v2/providers/scheduler.js"]);
    expect(
      ours.filter((path) => /^(route-tables|domains|data|connectors)\/|platform\/http\/dispatcher/.test(path)),
    ).toEqual([]);
  });
});

describe("parameters", () => {
  it("functions/.env.example lists every setting, and a non-interactive deploy resolves them from it", async () => {
    const text = readFileSync(join(repoRoot, functionsConfig.source, ".env.example"), "utf8");
    const { envs, errors } = functionsEnv.parse(text);
    expect(errors).toEqual([]);
    const settings = build.params.filter((param) => param.type !== "secret").map((param) => param.name);
    expect(Object.keys(envs).sort()).toEqual([...settings].sort());
    const resolve = (userEnvs: Record<string, string>) =>
      resolveParams({
        params: build.params,
        firebaseConfig: { projectId: PROJECT_ID },
        userEnvs,
        nonInteractive: true,
        isEmulator: true, // secrets: Secret Manager is not asked here
      });
    await expect(resolve(envs)).resolves.toBeTruthy();
    const { PORTAL_URL: _, ...withoutPortalUrl } = envs;
    await expect(resolve(withoutPortalUrl)).rejects.toThrow(/PORTAL_URL/);
  });
});

describe("the installed upload on production's Node", () => {
  let crm: RunningSandbox;
  beforeAll(async () => {
    crm = await startSandbox(crmSandbox, 0);
  });
  afterAll(() => crm?.close());

  it("loads the built entry and answers a CRM query through jsforce", async () => {
    const script = `
      const entry = require("./lib/index.js");
      const jsforce = require.resolve("jsforce");
      const undici = require(require.resolve("undici/package.json", { paths: [jsforce] })).version;
      const { crmConnector } = require("./lib/connectors/crm/connection.js");
      const { soql } = require("./lib/connectors/crm/soql.js");
      crmConnector()
        .query(soql\`SELECT Id, Email FROM Contact WHERE Email = \${process.env.PROBE_EMAIL}\`)
        .then((records) => {
          console.log(JSON.stringify({ node: process.version, exports: Object.keys(entry).sort(), jsforce, undici, records }));
          process.exit(0);
        }, (error) => { console.error(error); process.exit(1); });`;
    const resident = seededUser("resident");
    const child = spawn(functionNodeBinary(), ["-e", script], {
      cwd: packed.dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...crm.env, PROBE_EMAIL: resident.email },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(err && code !== 0 ? err : "", "the probe's error").toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(out.trim().split("\n").at(-1) as string);
    expect(result.node).toMatch(new RegExp(`^v${productionNodeMajor()}\\.`));
    expect(result.exports).toEqual(
      expect.arrayContaining([...ROUTE_TABLES.map((table) => table.functionName), "jobs"]),
    );
    expect(result.jsforce.startsWith(join(packed.installDir, "node_modules"))).toBe(true);
    expect(result.records).toEqual([expect.objectContaining({ Id: resident.salesforceId, Email: resident.email })]);
  });
});
