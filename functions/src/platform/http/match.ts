import type { AnyRoute } from "./route";

export type RouteMatch =
  | { kind: "found"; route: AnyRoute; rawParams: Record<string, string> }
  | { kind: "method"; allowed: string[] }
  | { kind: "none" };

/** Finds the route for a method and path; literal segments win over `:params`. */
export function matchRoute(routes: AnyRoute[], method: string, path: string): RouteMatch {
  const segments = splitPath(path);
  const candidates: { route: AnyRoute; rawParams: Record<string, string>; literals: number }[] = [];
  for (const route of routes) {
    const pattern = splitPath(route.path);
    if (pattern.length !== segments.length) continue;
    const rawParams: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const expected = pattern[i] as string;
      const actual = segments[i] as string;
      if (expected.startsWith(":")) {
        // `:name.xml`: a param followed by a fixed suffix (Open311's `services/:service_code.xml`).
        const dot = expected.indexOf(".");
        const name = dot === -1 ? expected.slice(1) : expected.slice(1, dot);
        const suffix = dot === -1 ? "" : expected.slice(dot);
        if (suffix && !(actual.endsWith(suffix) && actual.length > suffix.length)) {
          ok = false;
          continue;
        }
        try {
          rawParams[name] = decodeURIComponent(suffix ? actual.slice(0, -suffix.length) : actual);
        } catch {
          ok = false;
        }
      } else if (expected === actual) literals++;
      else ok = false;
    }
    if (ok) candidates.push({ route, rawParams, literals });
  }
  if (candidates.length === 0) return { kind: "none" };
  const forMethod = candidates.filter((c) => c.route.method === method.toUpperCase());
  if (forMethod.length === 0) return { kind: "method", allowed: [...new Set(candidates.map((c) => c.route.method))] };
  forMethod.sort((a, b) => b.literals - a.literals);
  const best = forMethod[0] as (typeof forMethod)[number];
  return { kind: "found", route: best.route, rawParams: best.rawParams };
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}
