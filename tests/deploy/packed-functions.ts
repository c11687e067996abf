import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { functionNodeBinary, functionNodeVersion } from "../../emulators/src/launcher/function-node.ts";

export const repoRoot = join(import.meta.dirname, "..", "..");
export const firebaseJson = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8")) as {
  functions: { source: string; runtime?: string; ignore?: string[]; codebase?: string }[];
  hosting: { rewrites: { function?: { functionId: string } | string }[] };
};
export const functionsConfig = firebaseJson.functions[0] as (typeof firebaseJson.functions)[0];

/** firebase-tools' own modules, from the version the repo pins (what `firebase deploy` runs). */
export const firebaseTools = createRequire(join(repoRoot, "node_modules", "firebase-tools", "lib", "index.js"));

/** Installs of a packed package.json and lockfile, kept between runs (about 1 minute each, 230 MB). */
const cacheRoot = join(tmpdir(), "portal-deploy-check");
const STALE_MS = 24 * 60 * 60_000;

export interface PackedFunctions {
  /** The folder `firebase deploy` would upload, unpacked, with the package's install beside it. */
  dir: string;
  /** The folder holding node_modules (dir's parent's parent): the package installed on its own. */
  installDir: string;
  files: string[];
  /** The install ran now, not taken from the cache. */
  installedNow: boolean;
}

/**
 * Packs `functions/` as `firebase deploy` packs it (firebase-tools' prepareFunctionsUpload, which
 * applies firebase.json's `ignore`), installs the packed package.json on its own (npm on production's
 * Node, `npm ci` from the uploaded lockfile as Cloud Build does, dependencies only; no workspace, no
 * root lockfile, no root overrides)
 * and unpacks the upload into a folder under that install, so only the install can resolve a package.
 * An install is reused while the packed package.json and lockfile are the same.
 */
export async function packFunctions(): Promise<PackedFunctions> {
  const { prepareFunctionsUpload } = firebaseTools("./deploy/functions/prepareFunctionsUpload") as {
    prepareFunctionsUpload: (
      projectDir: string,
      sourceDir: string,
      config: unknown,
      additional: string[],
      runtimeConfig: undefined,
      options: { exportType: "tar.gz" },
    ) => Promise<{ pathToSource: string }>;
  };
  const config = { ...functionsConfig, ignore: [...(functionsConfig.ignore ?? [])] };
  const { pathToSource } = await prepareFunctionsUpload(
    repoRoot,
    join(repoRoot, functionsConfig.source),
    config,
    [],
    undefined,
    { exportType: "tar.gz" },
  );
  const files = execFileSync("tar", ["-tzf", pathToSource], { encoding: "utf8" }).split("\n").filter(Boolean);
  const packageJson = execFileSync("tar", ["-xzOf", pathToSource, "package.json"], { encoding: "utf8" });
  const lockfile = files.includes("package-lock.json")
    ? execFileSync("tar", ["-xzOf", pathToSource, "package-lock.json"], { encoding: "utf8" })
    : "";
  const key = createHash("sha256")
    .update(`${functionNodeVersion()}\n${packageJson}\n${lockfile}`)
    .digest("hex")
    .slice(0, 16);
  const installDir = join(cacheRoot, key);
  let installedNow = false;
  if (!existsSync(join(installDir, "node_modules", ".package-lock.json"))) {
    installPackage(installDir, pathToSource, lockfile ? "ci" : "install");
    installedNow = true;
  }
  const dir = join(installDir, "uploads", `${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["-xzf", pathToSource, "-C", dir]);
  rmSync(pathToSource, { force: true });
  return { dir, installDir, files, installedNow };
}

/** The machine's npm, run on production's Node (its engine checks are then Cloud Build's). */
function npmCli(): string {
  const npm = execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim();
  return join(dirname(realpathSync(npm)), "npm-cli.js");
}

/** `npm ci` when the upload has a lockfile, as Cloud Build's Node.js buildpack does, else `npm install`. */
function installPackage(installDir: string, tarball: string, command: "ci" | "install"): void {
  mkdirSync(cacheRoot, { recursive: true });
  for (const entry of readdirSync(cacheRoot)) {
    const path = join(cacheRoot, entry);
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
  // Installed beside, then renamed into place: a run beside this one never sees half an install.
  const staging = `${installDir}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", staging]);
  const node = functionNodeBinary();
  const install = spawnSync(
    node,
    [npmCli(), command, "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
    { cwd: staging, encoding: "utf8", env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` } },
  );
  if (install.status !== 0) {
    throw new Error(`npm ${command} of the packed functions failed (exit ${install.status}):\n${install.stderr}`);
  }
  try {
    renameSync(staging, installDir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another run installed the same package first
  }
}

/** name -> versions of every package a folder's production dependencies load, resolved as Node resolves them. */
export function loadedPackages(rootDir: string): Map<string, Set<string>> {
  const versions = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const find = (from: string, name: string): string | null => {
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, "node_modules", name, "package.json");
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) return null;
    }
  };
  interface Manifest {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  }
  const visit = (packageDir: string, manifest: Manifest, isRoot: boolean) => {
    const required = Object.keys(manifest.dependencies ?? {});
    const peers = isRoot
      ? []
      : Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
    const optional = Object.keys(manifest.optionalDependencies ?? {});
    for (const name of [...required, ...peers, ...optional]) {
      const path = find(packageDir, name);
      if (!path) {
        if (optional.includes(name)) continue; // another platform's binary
        throw new Error(`${manifest.name} needs ${name}, which is not installed from ${packageDir}`);
      }
      const real = realpathSync(path);
      if (seen.has(real)) continue;
      seen.add(real);
      const dependency = JSON.parse(readFileSync(real, "utf8")) as Manifest;
      const set = versions.get(dependency.name) ?? new Set<string>();
      set.add(dependency.version);
      versions.set(dependency.name, set);
      visit(dirname(real), dependency, false);
    }
  };
  visit(rootDir, JSON.parse(readFileSync(join(rootDir, "package.json"), "utf8")) as Manifest, true);
  return versions;
}
