import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import type { Job } from "../jobs/registry";
import { jobFunctionName } from "../jobs/registry";
import { SECRET_NAMES } from "../platform/params";

/**
 * Which credentials each deployed function's code reads, found in its source: the modules an
 * instance of the function can load (static imports and `import()` of our own files, from
 * `index.ts` and the function's route table or job), searched for a secret's name as an identifier
 * (`env.CRM_PASSWORD`, `const { CRM_PASSWORD } = env`) or a string (`env["CRM_PASSWORD"]`,
 * `required(env, "CRM_PASSWORD")`). Comments don't count. The test compares it with the secrets each
 * function declares, and the deploy check with what firebase-tools' discovery finds.
 */

const srcDir = resolve(__dirname, "..");
const entry = join(srcDir, "index.ts");
const routeLoaders = join(srcDir, "route-loaders.ts");
const jobRegistry = join(srcDir, "jobs", "registry.ts");
/** Where secrets are declared and bound: naming one there is not reading it. */
const declarations = [join(srcDir, "platform", "params.ts"), join(srcDir, "function-options.ts")];

const sources = new Map<string, ts.SourceFile>();
/** Each file parsed once per run (every function's graph shares most of them). */
function parsed(file: string): ts.SourceFile {
  let source = sources.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    sources.set(file, source);
  }
  return source;
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null; // a package: not our code
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) {
    if (candidate.endsWith(".ts") && existsSync(candidate)) return candidate;
  }
  throw new Error(`${relative(srcDir, from)} imports ${specifier}, which is no .ts file`);
}

/** The files a module loads at run time: imports and re-exports (not `import type`), and import(). */
function importsOf(file: string): string[] {
  const source = parsed(file);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return specifiers.map((specifier) => resolveModule(file, specifier)).filter((path): path is string => path !== null);
}

/** Every module reachable from the roots, not entering `stop` (whose targets are per function). */
export function moduleGraph(roots: string[], stop: string[] = []): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (stop.includes(file)) continue;
    pending.push(...importsOf(file));
  }
  return seen;
}

/** The secret names a module's code mentions as an identifier or a string literal. */
export function secretsNamedIn(file: string, secretNames: readonly string[] = SECRET_NAMES): Set<string> {
  const source = parsed(file);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isStringLiteralLike(node)) {
      if (secretNames.includes(node.text)) found.add(node.text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** `users: async () => (await import("./domains/users/routes")).usersRoutes` -> users: that file. */
export function routeTableModules(): Record<string, string> {
  const text = readFileSync(routeLoaders, "utf8");
  const modules: Record<string, string> = {};
  for (const match of text.matchAll(/^\s*"?(\w+)"?\s*:\s*async\s*\(\)\s*=>\s*\(await import\("([^"]+)"\)\)/gm)) {
    modules[match[1] as string] = resolveModule(routeLoaders, match[2] as string) as string;
  }
  return modules;
}

/** Each job's deployed name (`jobs-bulkPush`) and module, from the imports of jobs/registry.ts. */
export async function jobModules(): Promise<Record<string, string>> {
  const text = readFileSync(jobRegistry, "utf8");
  const modules: Record<string, string> = {};
  for (const match of text.matchAll(/^import \{ (\w+) \} from "(\.\/[^"]+\.job)";$/gm)) {
    const file = resolveModule(jobRegistry, match[2] as string) as string;
    const job = (await import(file))[match[1] as string] as Job;
    modules[`jobs-${jobFunctionName(job)}`] = file;
  }
  return modules;
}

/** Deployed function id -> the secret names its code reads, sorted. */
export async function secretReadsByFunction(): Promise<Record<string, string[]>> {
  const shared = moduleGraph([entry], [routeLoaders, jobRegistry]);
  const roots: Record<string, string> = { ...routeTableModules(), ...(await jobModules()) };
  const reads: Record<string, string[]> = {};
  for (const [id, root] of Object.entries(roots)) {
    const files = new Set([...shared, ...moduleGraph([root], [routeLoaders, jobRegistry])]);
    const names = new Set<string>();
    for (const file of files) {
      if (declarations.includes(file)) continue;
      for (const name of secretsNamedIn(file)) names.add(name);
    }
    reads[id] = [...names].sort();
  }
  return reads;
}
