// `node scripts/functions-lock.mjs`: writes functions/package-lock.json, the lockfile `firebase deploy`
// uploads with functions/ (Cloud Build then runs `npm ci`), from the workspace's package-lock.json, so
// production installs exactly the versions the workspace runs. `--check` only says whether it is current.
//
// npm keeps one lockfile per workspace root and none per workspace; an install of functions/package.json
// on its own resolves its ranges afresh (measured: 9 packages newer than the workspace's, overrides
// or not). This derives the lock instead: it resolves the functions workspace's dependencies through
// the root lockfile as Node resolves them (functions/node_modules first, then the root's), then lays
// the same package versions out for a tree rooted at functions/, nesting a package where another
// version of it is already in the way.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const WORKSPACE = "functions";

/** Where Node finds `name` from the package at `from` (a lockfile path), or null; `entryAt` reads a path. */
function resolveIn(entryAt, from, name) {
  const segments = from ? from.split("/") : [];
  for (let i = segments.length; i >= 0; i--) {
    if (i > 0 && segments[i - 1] === "node_modules") continue;
    const dir = segments.slice(0, i).join("/");
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    const entry = entryAt(candidate);
    if (entry) return entry.link ? entry.resolved : candidate;
  }
  return null;
}

const FLAGS = ["dev", "optional", "devOptional", "peer"];

/** The standalone lockfile of the functions workspace, from the root lockfile. */
export function functionsLockfile(rootLock, functionsPackage) {
  const packages = rootLock.packages;
  // The workspace's dependency graph, by the root lockfile's paths.
  const edges = new Map(); // path -> [{ name, target, kind }]
  const nodeEdges = (path, entry, isRoot) => {
    const list = [];
    const add = (deps, kind) => {
      for (const name of Object.keys(deps ?? {}).sort()) {
        const target = resolveIn((candidate) => packages[candidate], path, name);
        const optionalPeer = kind === "peer" && entry.peerDependenciesMeta?.[name]?.optional;
        if (!target) {
          if (kind === "optional" || optionalPeer) continue;
          throw new Error(`${path || "root"} needs ${name}, which the root lockfile does not have`);
        }
        if (optionalPeer) continue;
        list.push({ name, target, kind });
      }
    };
    add(isRoot ? functionsPackage.dependencies : entry.dependencies, "prod");
    if (isRoot) add(functionsPackage.devDependencies, "dev");
    add(entry.optionalDependencies, "optional");
    if (!isRoot) add(entry.peerDependencies, "peer");
    return list;
  };
  const pending = [WORKSPACE];
  edges.set(WORKSPACE, nodeEdges(WORKSPACE, packages[WORKSPACE], true));
  for (const { target } of edges.get(WORKSPACE)) pending.push(target);
  while (pending.length > 0) {
    const path = pending.pop();
    if (edges.has(path)) continue;
    edges.set(path, nodeEdges(path, packages[path], false));
    for (const { target } of edges.get(path)) if (!edges.has(target)) pending.push(target);
  }

  // Who needs each package: reached from production dependencies, through required edges only.
  const reach = (start, follow) => {
    const seen = new Set();
    const queue = [...start];
    while (queue.length > 0) {
      const path = queue.pop();
      if (seen.has(path)) continue;
      seen.add(path);
      for (const edge of edges.get(path)) if (follow(edge)) queue.push(edge.target);
    }
    return seen;
  };
  const rootEdges = edges.get(WORKSPACE);
  const prod = reach(
    rootEdges.filter((edge) => edge.kind !== "dev").map((edge) => edge.target),
    () => true,
  );
  const required = reach(
    rootEdges.filter((edge) => edge.kind !== "optional").map((edge) => edge.target),
    (edge) => edge.kind !== "optional",
  );

  // The same versions laid out under functions/ as the root: breadth first, each package as high as
  // it resolves to itself, nested under its dependent where another version is already in the way.
  const placed = new Map(); // new path -> source path
  const queue = [["", WORKSPACE]];
  while (queue.length > 0) {
    const [at, source] = queue.shift();
    for (const { name, target } of edges.get(source)) {
      const found = resolveIn((candidate) => (placed.has(candidate) ? {} : undefined), at, name);
      if (found && placed.get(found) === target) continue;
      let location;
      if (!found) location = `node_modules/${name}`;
      else location = `${at ? `${at}/` : ""}node_modules/${name}`;
      if (placed.has(location))
        throw new Error(`cannot place ${target} at ${location}: ${placed.get(location)} is there`);
      placed.set(location, target);
      queue.push([location, target]);
    }
  }

  const lock = {
    name: functionsPackage.name,
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": {
        name: functionsPackage.name,
        dependencies: functionsPackage.dependencies,
        devDependencies: functionsPackage.devDependencies,
        engines: functionsPackage.engines,
      },
    },
  };
  for (const location of [...placed.keys()].sort((a, b) => a.localeCompare(b, "en"))) {
    const source = placed.get(location);
    const entry = Object.fromEntries(Object.entries(packages[source]).filter(([key]) => !FLAGS.includes(key)));
    if (!prod.has(source)) entry.dev = true;
    if (!required.has(source)) entry.optional = true;
    lock.packages[location] = JSON.parse(JSON.stringify(entry));
  }
  return lock;
}

export function currentFunctionsLockfile() {
  const rootLock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const functionsPackage = JSON.parse(readFileSync(join(root, WORKSPACE, "package.json"), "utf8"));
  return `${JSON.stringify(functionsLockfile(rootLock, functionsPackage), null, 2)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  const file = join(root, WORKSPACE, "package-lock.json");
  const wanted = currentFunctionsLockfile();
  if (process.argv.includes("--check")) {
    let written = "";
    try {
      written = readFileSync(file, "utf8");
    } catch {}
    if (written !== wanted) {
      console.error("functions/package-lock.json is not the workspace's: run node scripts/functions-lock.mjs");
      process.exit(1);
    }
    console.log("functions/package-lock.json matches the workspace's lockfile.");
  } else {
    writeFileSync(file, wanted);
    console.log(`Wrote functions/package-lock.json (${Object.keys(JSON.parse(wanted).packages).length - 1} packages).`);
  }
}
